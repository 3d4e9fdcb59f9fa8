import { hclAnyValue, hclString } from './hcl-literal';
import { IResolvable } from './framework';
import { isUnresolved } from './problems';

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
  for (const [name, attribute] of Object.entries(attributes)) {
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
        out[name] = attribute.value;
    }
  }
  return out;
}

/** Renders attributes for cdktf's HCL writer (what `synthesizeHclAttributes` returns). */
export function toHclAttributes(attributes: WireAttributes): { [name: string]: any } {
  const out: { [name: string]: any } = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute === undefined) continue;
    out[name] = toHclValue(attribute);
  }
  return out;
}

function toHclValue(attribute: WireValue): any {
  switch (attribute.kind) {
    case 'string':
      return { value: hclString(attribute.value), isBlock: false, type: 'simple', storageClassType: 'string' };
    case 'number':
    case 'boolean':
      return { value: attribute.value, isBlock: false, type: 'simple', storageClassType: attribute.kind };
    case 'stringList':
    case 'stringSet':
      return {
        value: isUnresolved(attribute.value) ? attribute.value : attribute.value.map(hclString),
        isBlock: false,
        type: attribute.kind === 'stringList' ? 'list' : 'set',
        storageClassType: 'stringList',
      };
    case 'stringMap':
      return { value: mapValues(attribute.value, hclString), isBlock: false, type: 'map', storageClassType: 'stringMap' };
    case 'any':
      return { value: hclAnyValue(attribute.value), isBlock: false, type: 'simple', storageClassType: 'string' };
    case 'blockList':
    case 'blockSet':
      return {
        value: attribute.value.map(toHclAttributes),
        isBlock: true,
        type: attribute.kind === 'blockList' ? 'list' : 'set',
        storageClassType: 'blockList',
      };
    case 'block':
      return { value: toHclAttributes(attribute.value), isBlock: true, type: 'list', storageClassType: 'blockList' };
  }
}

function mapValues(map: { [key: string]: string }, f: (value: string) => string): { [key: string]: string } | string {
  if (isUnresolved(map)) return map;
  const out: { [key: string]: string } = {};
  for (const [key, value] of Object.entries(map)) out[key] = f(value);
  return out;
}
