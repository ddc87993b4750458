/**
 * Reading JSON Schemas for the test generators: local `$ref` resolution, a shallow flattening of
 * `$ref` + `allOf` into one schema object, and ajv as the independent judge of validity.
 *
 * The flattening is deliberately simple (the generators only need a good guess of what to make);
 * every generated value is checked by ajv afterwards, so a wrong guess costs a discarded value,
 * never a wrong verdict.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft07 from 'ajv';
import { parsePointer } from '@binschema/runtime';

export type Schema = boolean | SchemaObject;
// JSON Schema objects are open-ended; the generators read keywords by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaObject = { [keyword: string]: any };

/** Thrown when a schema (after flattening) admits no value we can build within the budget. */
export class NoValue extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NoValue';
  }
}

const MAX_REF_CHAIN = 32;

export type Draft = '2020-12' | 'draft-07';

export function draftOf(schema: Schema): Draft {
  if (typeof schema === 'object' && typeof schema.$schema === 'string' && schema.$schema.includes('draft-07')) return 'draft-07';
  return '2020-12';
}

/** One schema document: resolves local references and judges values with ajv. */
export class SchemaDocument {
  readonly draft: Draft;
  readonly validate: (value: unknown) => boolean;

  constructor(readonly root: Schema) {
    this.draft = draftOf(root);
    // ownProperties: without it ajv reads `data.constructor` through the prototype and judges an
    // object lacking a `constructor` property as if it had one (the Object function).
    const options = { strict: false, validateFormats: false, allowUnionTypes: true, ownProperties: true } as const;
    const ajv = this.draft === 'draft-07' ? new AjvDraft07.default(options) : new Ajv2020.default(options);
    const validate = ajv.compile(typeof root === 'boolean' ? root : structuredClone(root));
    this.validate = (value) => {
      // JSON Schema judges JSON values; ajv would take NaN or Infinity for a number and a
      // BigInt never, so values outside the JSON data model are settled here, before ajv.
      if (!isJsonValue(value)) return false;
      try {
        return validate(value) === true;
      } catch (error) {
        // ajv 8.20's uniqueItems compares with fast-deep-equal, which calls `a.toString()` when an
        // object has an own `toString` key holding data, and throws. Such a value cannot be judged.
        throw new NoValue(`ajv could not judge the value: ${String(error)}`);
      }
    };
  }

  /** Resolves `#`, `#/json/pointer`, and an embedded resource by its `$id`; other references are outside what the fixtures use. */
  resolve(ref: string): Schema {
    if (!ref.startsWith('#')) return this.resolveById(ref);
    let node: unknown = this.root;
    for (const token of parsePointer(decodeURIComponent(ref.slice(1)))) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) throw new NoValue(`unresolved $ref ${ref}`);
      node = (node as Record<string, unknown>)[token];
    }
    if (typeof node !== 'boolean' && (node === null || typeof node !== 'object')) throw new NoValue(`$ref ${ref} is not a schema`);
    return node as Schema;
  }

  /** An embedded resource whose `$id`, read against the root's, is `ref` (a guess: nested bases are not tracked). */
  private resolveById(ref: string): Schema {
    const base = typeof this.root === 'object' && typeof this.root.$id === 'string' ? this.root.$id : undefined;
    if (base === undefined || !URL.canParse(ref, base)) throw new NoValue(`non-local $ref ${ref}`);
    const wanted = new URL(ref, base).href;
    const found = findSchema(this.root, (schema) => typeof schema.$id === 'string' && URL.canParse(schema.$id, base) && new URL(schema.$id, base).href === wanted);
    if (found === undefined) throw new NoValue(`unresolved $ref ${ref}`);
    return found;
  }

  /**
   * `$dynamicRef: "#name"` as the outermost schema declaring `$dynamicAnchor: name`, the root first:
   * what 2020-12 Core §8.2.3.2 gives when the root starts the dynamic scope (enough for the fixtures).
   */
  private resolveDynamic(ref: string): Schema {
    const name = ref.startsWith('#') ? ref.slice(1) : undefined;
    const found = name === undefined ? undefined : findSchema(this.root, (schema) => schema.$dynamicAnchor === name);
    if (found === undefined) throw new NoValue(`unresolved $dynamicRef ${ref}`);
    return found;
  }

  /** Follows `$ref` and merges `allOf` so the generator sees one object; `false` stays `false`. */
  flatten(schema: Schema, chain = 0): Schema {
    if (typeof schema === 'boolean') return schema;
    if (chain > MAX_REF_CHAIN) throw new NoValue('$ref/allOf chain too long (self-reference?)');
    let merged: Schema = { ...schema };
    delete merged.$ref;
    delete merged.allOf;
    delete merged.$dynamicRef;
    if (typeof schema.$ref === 'string') merged = mergeSchemas(this.flatten(this.resolve(schema.$ref), chain + 1), merged);
    if (typeof schema.$dynamicRef === 'string') merged = mergeSchemas(this.flatten(this.resolveDynamic(schema.$dynamicRef), chain + 1), merged);
    if (Array.isArray(schema.allOf)) {
      for (const part of schema.allOf as Schema[]) merged = mergeSchemas(merged, this.flatten(part, chain + 1));
    }
    return merged;
  }
}

/** Shallow conjunction of two schemas, good enough to aim the generator (ajv has the last word). */
export function mergeSchemas(left: Schema, right: Schema): Schema {
  if (left === false || right === false) return false;
  if (left === true) return right;
  if (right === true) return left;
  const out: SchemaObject = { ...left };
  for (const [keyword, value] of Object.entries(right)) {
    if (!(keyword in out)) out[keyword] = value;
    else if (keyword === 'properties') out.properties = mergeProperties(out.properties, value);
    else if (keyword === 'required') out.required = [...new Set([...out.required, ...value])];
    else if (keyword === 'type') out.type = intersectTypes(out.type, value);
    else out[keyword] = value;
  }
  return out;
}

function mergeProperties(left: Record<string, Schema>, right: Record<string, Schema>): Record<string, Schema> {
  const out: Record<string, Schema> = { ...left };
  for (const [name, schema] of Object.entries(right)) {
    Object.defineProperty(out, name, { value: Object.hasOwn(out, name) ? { allOf: [out[name], schema] } : schema, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function intersectTypes(left: string | string[], right: string | string[]): string[] {
  const leftTypes = Array.isArray(left) ? left : [left];
  const rightTypes = new Set(Array.isArray(right) ? right : [right]);
  // `integer` is a subset of `number`, so number ∩ integer is integer.
  const out = leftTypes.filter((type) => rightTypes.has(type));
  if (leftTypes.includes('number') && rightTypes.has('integer')) out.push('integer');
  if (leftTypes.includes('integer') && rightTypes.has('number')) out.push('integer');
  return [...new Set(out)];
}

/** The JSON types a flattened schema allows, from `type` or, without it, from its keywords. */
export function typesOf(schema: SchemaObject): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type;
  const types: string[] = [];
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema || 'patternProperties' in schema) types.push('object');
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema || 'maxItems' in schema) types.push('array');
  if ('minLength' in schema || 'maxLength' in schema || 'pattern' in schema) types.push('string');
  if ('minimum' in schema || 'maximum' in schema || 'exclusiveMinimum' in schema || 'exclusiveMaximum' in schema || 'multipleOf' in schema) types.push('number');
  return types.length === 0 ? ['null', 'boolean', 'number', 'integer', 'string', 'array', 'object'] : types;
}

/** True for null, booleans, finite numbers, strings, and arrays/plain objects of those. */
export function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.keys(value).every((key) => isJsonValue((value as Record<string, unknown>)[key]));
}

/** The first schema object, breadth-first from `root` (so the outermost), that `test` accepts. */
function findSchema(root: Schema, test: (schema: SchemaObject) => boolean): SchemaObject | undefined {
  const queue: unknown[] = [root];
  for (let index = 0; index < queue.length; index++) {
    const node = queue[index];
    if (node === null || typeof node !== 'object') continue;
    if (!Array.isArray(node) && test(node as SchemaObject)) return node as SchemaObject;
    queue.push(...Object.values(node));
  }
  return undefined;
}
