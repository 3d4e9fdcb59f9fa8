import { IConstruct } from 'constructs';
import { IResolvable } from './framework';
import { hclValueForCdktf } from './hcl-writer';
import { writtenLiterals } from './literal-text';

/**
 * One Terraform attribute, typed the way the provider schema types it, so that
 * the same description renders both the JSON and the HCL output.
 */
export type WireValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'boolean'; readonly value: boolean | IResolvable }
  | { readonly kind: 'stringList' | 'stringSet'; readonly value: string[] }
  | { readonly kind: 'stringMap'; readonly value: { [key: string]: string } }
  | { readonly kind: 'any'; readonly value: unknown }
  | { readonly kind: 'blockList' | 'blockSet'; readonly value: WireAttributes[] }
  | { readonly kind: 'block'; readonly value: WireAttributes };

/** The attributes of one resource, data source, provider or nested block, by exact wire name. */
export interface WireAttributes {
  readonly [name: string]: WireValue | undefined;
}

/** Shorthands that return undefined for an absent value, so optional attributes drop out. */
export const wire = {
  string: (value: string | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'string', value }),
  number: (value: number | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'number', value }),
  boolean: (value: boolean | IResolvable | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'boolean', value }),
  stringList: (value: string[] | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'stringList', value }),
  stringSet: (value: string[] | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'stringSet', value }),
  stringMap: (value: { [key: string]: string } | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'stringMap', value }),
  any: (value: unknown): WireValue | undefined => (value === undefined ? undefined : { kind: 'any', value }),
  blockList: (value: WireAttributes[] | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'blockList', value }),
  blockSet: (value: WireAttributes[] | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'blockSet', value }),
  block: (value: WireAttributes | undefined): WireValue | undefined => (value === undefined ? undefined : { kind: 'block', value }),
};

/** Renders attributes for Terraform JSON (what `synthesizeAttributes` returns). */
export function toJsonAttributes(attributes: WireAttributes): { [name: string]: any } {
  const out: { [name: string]: any } = {};
  // Keys, not entries: no pair is made for each attribute of each resource on each pass.
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name];
    if (attribute === undefined) continue;
    switch (attribute.kind) {
      case 'blockList':
      case 'blockSet':
        out[name] = attribute.value.map(toJsonAttributes);
        break;
      case 'block':
        out[name] = toJsonAttributes(attribute.value);
        break;
      default:
        // A string made of literals is written as one literal (lib/core/literal-text.ts).
        out[name] = writtenLiterals(attribute.value);
    }
  }
  return out;
}

/**
 * Renders attributes for cdktf's HCL writer (what `synthesizeHclAttributes`
 * returns): nested blocks as blocks, every other value as the HCL expression of
 * what the JSON output holds, written by the one HCL writer.
 */
export function toHclAttributes(scope: IConstruct, attributes: WireAttributes): { [name: string]: any } {
  const out: { [name: string]: any } = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute === undefined) continue;
    switch (attribute.kind) {
      case 'blockList':
      case 'blockSet':
        out[name] = {
          value: attribute.value.map((block) => toHclAttributes(scope, block)),
          isBlock: true,
          type: attribute.kind === 'blockList' ? 'list' : 'set',
          storageClassType: 'blockList',
        };
        break;
      case 'block':
        out[name] = { value: toHclAttributes(scope, attribute.value), isBlock: true, type: 'list', storageClassType: 'blockList' };
        break;
      default:
        out[name] = hclValueForCdktf(scope, writtenLiterals(attribute.value));
    }
  }
  return out;
}
