import Ajv, { ErrorObject } from 'ajv';
import { isUnresolved, Problems } from './problems';

// One ajv instance for the whole library: every schema is compiled once, when the
// module that declares it is loaded, never per construct.
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });

/**
 * Declares a string format (`format: name` in a schema) for every schema
 * compiled after it. Call it at module load, before compiling the schemas that use it.
 */
export function registerFormat(name: string, validate: (value: string) => boolean): void {
  ajv.addFormat(name, { type: 'string', validate });
}

/** A compiled JSON Schema that reports into a {@link Problems} collector. */
export type SchemaCheck = (value: unknown, problems: Problems, basePath?: string) => void;

/**
 * Compiles a JSON Schema once. Each schema node that can fail should carry a
 * `description`: it is what the error line says is allowed.
 *
 * Values that are unresolved tokens, and anything below them, are skipped: they
 * cannot be checked before Terraform runs.
 */
export function compileSchema(schema: object): SchemaCheck {
  const validate = ajv.compile(schema);
  return (value, problems, basePath = 'props') => {
    if (validate(value)) return;
    // Token checks walk a whole value: cached per object, so a list of 100,000
    // bad items costs linear time, not quadratic.
    const tokenCache = new WeakMap<object, boolean>();
    for (const error of validate.errors ?? []) {
      const segments = pointerSegments(error.instancePath);
      if (crossesToken(value, segments, tokenCache)) continue;
      const extra = error.keyword === 'required' ? [String(error.params.missingProperty)]
        : error.keyword === 'additionalProperties' ? [String(error.params.additionalProperty)]
        : [];
      const path = [basePath, ...segments, ...extra].join('/');
      const received = extra.length > 0 && error.keyword === 'required' ? undefined
        : extra.length > 0 ? valueAt(error.data, extra) : error.data;
      // An unknown property may be a misspelt credential (`api_key`, `password`): never echo it.
      if (error.keyword === 'additionalProperties') problems.addConcealed(path, received, allowedText(error));
      // A map entry's value (checked by the map's `additionalProperties` schema) under a key that reads like a credential.
      else if (segments.length > 0 && error.schemaPath.includes('/additionalProperties/')) problems.addUnderKey(segments[segments.length - 1], path, received, allowedText(error));
      else problems.add(path, received, allowedText(error));
    }
  };
}

function allowedText(error: ErrorObject): string {
  if (error.keyword === 'required') {
    const property = (error.parentSchema?.properties ?? {})[error.params.missingProperty];
    return `a value is required${property?.description ? ` (${property.description})` : ''}`;
  }
  if (error.keyword === 'additionalProperties') {
    const known = Object.keys(error.parentSchema?.properties ?? {});
    return `no such property; known properties: ${known.join(', ') || 'none'}`;
  }
  return (error.parentSchema?.description as string | undefined) ?? `a value that ${error.message}`;
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, segments: string[]): unknown {
  let current: any = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[segment];
  }
  return current;
}

// True when the value at the error's path, or any value above it, is a token.
function crossesToken(root: unknown, segments: string[], cache: WeakMap<object, boolean>): boolean {
  let current: any = root;
  if (isToken(current, cache)) return true;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return false;
    current = current[segment];
    if (isToken(current, cache)) return true;
  }
  return false;
}

function isToken(value: unknown, cache: WeakMap<object, boolean>): boolean {
  if (value === null || typeof value !== 'object') return isUnresolved(value);
  let known = cache.get(value);
  if (known === undefined) cache.set(value, (known = isUnresolved(value)));
  return known;
}
