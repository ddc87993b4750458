/**
 * Random valid values for a JSON Schema. The generator aims at validity and ajv decides it:
 * `ValidGenerator.next()` returns only values ajv accepts and counts the ones it had to discard.
 * Every location it fills is recorded as a `Site` (path + the schema that governed it) so the
 * invalid-value mutator knows what each part of the value was supposed to be.
 *
 * Why our own code and not a library: json-schema-faker makes valid values only, does not say
 * which subschema produced each location (the mutator and the error-path checks need that), and
 * would need hooks for the values that matter here (CBOR width edges, -0, astral text, keys such
 * as `__proto__`); it gained `prefixItems` only in 0.6.0 (2026). fast-check has seeding and
 * shrinking but no JSON Schema front end, so the same schema walk would be written as arbitraries;
 * our values are small, so a replayable seed plus the printed value stands in for shrinking.
 */
import { NoValue, SchemaDocument, mergeSchemas, typesOf, type Schema, type SchemaObject } from './schema.js';
import { randomNumber } from './numbers.js';
import { codePointLength, randomString, stringForPattern } from './strings.js';
import type { Random } from './random.js';
import { setOwn, stableKey } from './values.js';

export type PathToken = string | number;

export interface Site {
  path: PathToken[];
  /** Flattened schema that produced the value here (union variant already chosen). */
  schema: SchemaObject;
  value: unknown;
}

export interface GenerateOptions {
  /** Nesting levels after which optional content is left out (recursion budget). */
  maxDepth: number;
  /** Extra items beyond `minItems` at most. */
  maxExtraItems: number;
}

const DEFAULT_OPTIONS: GenerateOptions = { maxDepth: 5, maxExtraItems: 4 };
/** Below this depth the generator gives up on a branch (a required recursion it cannot end). */
const HARD_DEPTH_FLOOR = -12;
const ATTEMPTS_PER_VALUE = 20;

/** Keys that break naive decoders (prototype pollution, numeric-looking, empty). */
export const AWKWARD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '', '0', '-1', '1.5', 'a/b', 'm~n', '😀'];

export class ValidGenerator {
  readonly document: SchemaDocument;
  readonly options: GenerateOptions;
  attempts = 0;
  discarded = 0;
  /** The last value ajv rejected, to show when the discard rate is too high. */
  lastRejected: unknown;

  constructor(schema: Schema, options: Partial<GenerateOptions> = {}) {
    this.document = new SchemaDocument(schema);
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** A value ajv accepts, with its sites; undefined when every attempt failed. */
  next(random: Random): { value: unknown; sites: Site[] } | undefined {
    for (let attempt = 0; attempt < ATTEMPTS_PER_VALUE; attempt++) {
      this.attempts++;
      const sites: Site[] = [];
      try {
        const value = this.generate(this.document.root, random, this.options.maxDepth, [], sites);
        if (this.document.validate(value)) return { value, sites };
        this.lastRejected = value;
      } catch (error) {
        if (!(error instanceof NoValue)) throw error;
      }
      this.discarded++;
    }
    return undefined;
  }

  generate(schema: Schema, random: Random, depth: number, path: PathToken[], sites: Site[]): unknown {
    if (depth < HARD_DEPTH_FLOOR) throw new NoValue('depth budget exhausted');
    const flat = this.document.flatten(schema);
    if (flat === false) throw new NoValue('false schema');
    if (flat === true) return randomJson(random, Math.min(depth, 2));
    const variants = flat.oneOf ?? flat.anyOf;
    if (Array.isArray(variants)) return this.generateUnion(flat, variants, random, depth, path, sites);
    const value = this.generateFlat(flat, random, depth, path, sites);
    sites.push({ path: path.slice(), schema: flat, value });
    return value;
  }

  private generateUnion(flat: SchemaObject, variants: Schema[], random: Random, depth: number, path: PathToken[], sites: Site[]): unknown {
    const { oneOf: _oneOf, anyOf: _anyOf, ...siblings } = flat;
    for (const variant of random.shuffle(variants)) {
      const mark = sites.length;
      const pathLength = path.length;
      try {
        return this.generate(mergeSchemas(siblings, variant), random, depth, path, sites);
      } catch (error) {
        if (!(error instanceof NoValue)) throw error;
        // Undo what the failed variant left behind: its sites and the path tokens it pushed.
        sites.length = mark;
        path.length = pathLength;
      }
    }
    throw new NoValue('no union variant could be built');
  }

  private generateFlat(schema: SchemaObject, random: Random, depth: number, path: PathToken[], sites: Site[]): unknown {
    if ('const' in schema) return structuredClone(schema.const);
    if (Array.isArray(schema.enum)) return structuredClone(random.pick(schema.enum));
    let types = typesOf(schema);
    // Past the depth budget prefer types that end the recursion.
    if (depth <= 0 && types.some(isScalarType)) types = types.filter(isScalarType);
    if (types.length === 0) throw new NoValue('no type');
    const type = random.pick(types);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return random.chance(0.5);
      case 'integer':
      case 'number': {
        const value = randomNumber(random, schema, type === 'integer');
        if (value === undefined) throw new NoValue('no number in bounds');
        return value;
      }
      case 'string':
        return this.generateString(schema, random);
      case 'array':
        return this.generateArray(schema, random, depth, path, sites);
      case 'object':
        return this.generateObject(schema, random, depth, path, sites);
      default:
        throw new NoValue(`unknown type ${String(type)}`);
    }
  }

  generateString(schema: SchemaObject, random: Random): string {
    const minLength: number = schema.minLength ?? 0;
    const maxLength: number = schema.maxLength ?? minLength + 12;
    for (let attempt = 0; attempt < 20; attempt++) {
      const text =
        typeof schema.pattern === 'string'
          ? stringForPattern(random, schema.pattern)
          : randomString(random, random.int(minLength, Math.min(maxLength, minLength + (random.chance(0.05) ? 400 : 40))));
      if (text === undefined) break;
      const length = codePointLength(text);
      if (length >= minLength && length <= maxLength) return text;
    }
    throw new NoValue('no string for length/pattern');
  }

  private generateArray(schema: SchemaObject, random: Random, depth: number, path: PathToken[], sites: Site[]): unknown[] {
    const draft07 = this.document.draft === 'draft-07';
    const prefix: Schema[] = draft07 ? (Array.isArray(schema.items) ? schema.items : []) : (schema.prefixItems ?? []);
    const rest: Schema = draft07 ? (Array.isArray(schema.items) ? (schema.additionalItems ?? true) : (schema.items ?? true)) : (schema.items ?? true);
    const minItems: number = schema.minItems ?? 0;
    let maxItems: number = schema.maxItems ?? minItems + this.options.maxExtraItems;
    if (rest === false || (schema.items === undefined && schema.unevaluatedItems === false)) maxItems = Math.min(maxItems, prefix.length);
    const length = depth <= 0 ? minItems : random.int(minItems, Math.min(maxItems, minItems + this.options.maxExtraItems));
    const out: unknown[] = [];
    const seen = new Set<string>();
    for (let attempt = 0; attempt < length; attempt++) {
      // Indexed by what was kept, so a dropped duplicate leaves no gap in the recorded paths.
      const index = out.length;
      const itemSchema = index < prefix.length ? prefix[index] : rest;
      path.push(index);
      const mark = sites.length;
      let item = this.generate(itemSchema, random, depth - 1, path, sites);
      // uniqueItems: retry a few times, then drop the item (ajv judges what is left).
      for (let retry = 0; schema.uniqueItems === true && seen.has(stableKey(item)) && retry < 5; retry++) {
        sites.length = mark;
        item = this.generate(itemSchema, random, depth - 1, path, sites);
      }
      path.pop();
      if (schema.uniqueItems === true && seen.has(stableKey(item)) && out.length >= minItems) {
        sites.length = mark;
        continue;
      }
      seen.add(stableKey(item));
      out.push(item);
    }
    return out;
  }

  private generateObject(schema: SchemaObject, random: Random, depth: number, path: PathToken[], sites: Site[]): object {
    const out: Record<string, unknown> = {};
    const properties: Record<string, Schema> = schema.properties ?? {};
    const required = new Set<string>(schema.required ?? []);
    const add = (key: string, keySchema: Schema) => {
      path.push(key);
      setOwn(out, key, this.generate(keySchema, random, depth - 1, path, sites));
      path.pop();
    };
    for (const [name, propertySchema] of Object.entries(properties)) {
      if (required.has(name) || (depth > 0 && random.chance(0.5))) add(name, propertySchema);
    }
    for (const name of required) if (!Object.hasOwn(out, name)) add(name, this.schemaForKey(schema, name));
    if (depth <= 0) return out;
    for (const [pattern, patternSchema] of Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>)) {
      const count = random.int(0, 2);
      for (let index = 0; index < count; index++) {
        const key = stringForPattern(random, pattern);
        if (key !== undefined && !Object.hasOwn(properties, key) && !Object.hasOwn(out, key)) add(key, this.schemaForKey(schema, key));
      }
    }
    const additional: Schema = schema.additionalProperties ?? true;
    if (additional === false || schema.unevaluatedProperties === false) return out;
    const minProperties: number = schema.minProperties ?? 0;
    const maxProperties: number = schema.maxProperties ?? Infinity;
    let extraCount = additional === true ? (random.chance(0.3) ? random.int(1, 2) : 0) : random.int(0, 3);
    extraCount = Math.min(Math.max(extraCount, minProperties - Object.keys(out).length), maxProperties - Object.keys(out).length);
    // A few extra tries, since a random key may collide or fall under a pattern.
    for (let attempt = 0; extraCount > 0 && attempt < extraCount + 5; attempt++) {
      const key = this.extraKey(schema, random);
      if (Object.hasOwn(out, key) || this.schemaForKey(schema, key) !== additional) continue;
      add(key, additional);
      extraCount--;
    }
    return out;
  }

  private extraKey(schema: SchemaObject, random: Random): string {
    if (schema.propertyNames !== undefined) {
      const names = this.document.flatten(schema.propertyNames);
      if (names === false) throw new NoValue('propertyNames: false');
      if (names !== true) return this.generateString(names, random);
    }
    return random.chance(0.2) ? random.pick(AWKWARD_KEYS) : randomString(random, random.int(0, 8));
  }

  /** The schema that applies to `key`: its property, else matching patterns, else additionalProperties. */
  schemaForKey(schema: SchemaObject, key: string): Schema {
    if (schema.properties !== undefined && Object.hasOwn(schema.properties, key)) return schema.properties[key];
    const matching = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>)
      .filter(([pattern]) => new RegExp(pattern, 'u').test(key))
      .map(([, patternSchema]) => patternSchema);
    if (matching.length === 1) return matching[0];
    if (matching.length > 1) return { allOf: matching };
    return schema.additionalProperties ?? true;
  }
}

function isScalarType(type: string): boolean {
  return type !== 'array' && type !== 'object';
}

/** Any JSON value, nesting at most `depth` levels (for `{}` / `true` parts of a schema). */
export function randomJson(random: Random, depth: number): unknown {
  const kind = random.int(0, depth > 0 ? 6 : 4);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return randomNumber(random, {}, random.chance(0.6)) ?? 0;
    case 3:
    case 4:
      return randomString(random, random.int(0, 10));
    case 5:
      return Array.from({ length: random.int(0, 4) }, () => randomJson(random, depth - 1));
    default: {
      const out: Record<string, unknown> = {};
      const count = random.int(0, 4);
      for (let index = 0; index < count; index++) {
        const key = random.chance(0.15) ? random.pick(AWKWARD_KEYS) : randomString(random, random.int(0, 6));
        setOwn(out, key, randomJson(random, depth - 1));
      }
      return out;
    }
  }
}
