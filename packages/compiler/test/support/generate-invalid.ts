/**
 * Random invalid values: a valid value with one mutation at a random site (wrong type, bound ±1,
 * not an integer, length off by one in code points, pattern or enum miss, missing required key,
 * forbidden extra key, too few/many items, a duplicate item). ajv judges again: a mutant it still
 * accepts is discarded and counted.
 */
import { pointerFrom } from '@binschema/runtime';
import { ValidGenerator, type PathToken, type Site } from './generate-valid.js';
import { NoValue, typesOf, type SchemaObject } from './schema.js';
import { boundsOf } from './numbers.js';
import { codePointLength, randomString } from './strings.js';
import { cloneValue, getAt, setAt, setOwn, stableKey } from './values.js';
import type { Random } from './random.js';

export interface Mutation {
  kind: string;
  /** JSON Pointer of the mutated location: a correct error path is this or an ancestor. */
  pointer: string;
  /**
   * True when everything under `pointer` is new (a replaced or added value): then a path inside
   * it is right too, e.g. `/a/0` when `/a` became `[1]` and its array branch wants strings.
   */
  subtree: boolean;
}

export interface InvalidValue {
  value: unknown;
  original: unknown;
  mutation: Mutation;
}

/** A mutation plan: where, what kind, and how to apply it to a clone of the valid value. */
interface Plan {
  kind: string;
  path: PathToken[];
  /** See `Mutation.subtree`; false where the object or array stays and only loses something. */
  subtree?: false;
  apply: (root: unknown) => unknown;
}

const TYPE_SAMPLES: Record<string, unknown[]> = {
  null: [null],
  boolean: [true, false],
  integer: [0, 7, -300, 2 ** 40],
  number: [1.5, -0.25],
  string: ['', 'text', '😀'],
  array: [[], [1]],
  object: [{}, { key: 1 }],
};

/** Values JSON cannot hold (made fresh each time: some are mutable objects). */
const NON_JSON_SAMPLES: (() => unknown)[] = [
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => Number.NEGATIVE_INFINITY,
  () => 10n,
  () => new Date(0),
  () => new Map([['a', 1]]),
  () => new Uint8Array([1, 2]),
  () => () => 1,
  () => Symbol('s'),
];

export class InvalidGenerator {
  attempts = 0;
  discarded = 0;

  constructor(readonly valid: ValidGenerator) {}

  next(random: Random): InvalidValue | undefined {
    for (let attempt = 0; attempt < 20; attempt++) {
      const base = this.valid.next(random);
      if (base === undefined) return undefined;
      const plans = base.sites.flatMap((site) => this.plansFor(site, random));
      if (plans.length === 0) continue;
      this.attempts++;
      // Kind first, then site: otherwise the many wrong-type sites drown the rare kinds.
      const kind = random.pick([...new Set(plans.map((candidate) => candidate.kind))]);
      const plan = random.pick(plans.filter((candidate) => candidate.kind === kind));
      const value = plan.apply(cloneValue(base.value));
      let accepted: boolean;
      try {
        accepted = this.valid.document.validate(value);
      } catch (error) {
        if (!(error instanceof NoValue)) throw error;
        accepted = true; // cannot judge: discard
      }
      if (!accepted) {
        return { value, original: base.value, mutation: { kind: plan.kind, pointer: pointerFrom(plan.path), subtree: plan.subtree ?? true } };
      }
      this.discarded++;
    }
    return undefined;
  }

  private plansFor(site: Site, random: Random): Plan[] {
    const { schema, value, path } = site;
    const replace = (kind: string, next: unknown): Plan => ({ kind, path, apply: (root) => (path.length === 0 ? next : (setAt(root, path, next), root)) });
    const plans: Plan[] = [];
    const allowed = typesOf(schema);
    const wrong = Object.keys(TYPE_SAMPLES).filter((type) => !allowed.includes(type) && !(type === 'integer' && allowed.includes('number')));
    if ('const' in schema || Array.isArray(schema.enum)) {
      plans.push(replace('enum-miss', enumMiss(schema, random)));
      return plans;
    }
    if (wrong.length > 0) plans.push(replace('wrong-type', random.pick(TYPE_SAMPLES[random.pick(wrong)])));
    // Outside JSON altogether: only where the schema restricts the type (a `{}` part is the
    // generic codec's business, and CBOR can hold NaN or a Map there).
    if (allowed.length < Object.keys(TYPE_SAMPLES).length) plans.push(replace('not-json', random.pick(NON_JSON_SAMPLES)()));
    if (typeof value === 'number') plans.push(...numberPlans(schema, value, allowed, replace));
    if (typeof value === 'string') plans.push(...stringPlans(schema, value, random, replace));
    if (Array.isArray(value)) plans.push(...arrayPlans(schema, value, path, this.valid.document.draft === 'draft-07'));
    else if (value !== null && typeof value === 'object') plans.push(...objectPlans(schema, value as Record<string, unknown>, path, random));
    return plans;
  }
}

type Replace = (kind: string, next: unknown) => Plan;

function numberPlans(schema: SchemaObject, value: number, allowed: string[], replace: Replace): Plan[] {
  const plans: Plan[] = [];
  const bounds = boundsOf(schema);
  const integer = !allowed.includes('number');
  if (Number.isFinite(bounds.low)) plans.push(replace('below-minimum', bounds.lowExclusive ? bounds.low : bounds.low - (integer ? 1 : 0.5)));
  if (Number.isFinite(bounds.high)) plans.push(replace('above-maximum', bounds.highExclusive ? bounds.high : bounds.high + (integer ? 1 : 0.5)));
  if (integer && Math.abs(value) < 2 ** 50) plans.push(replace('not-integer', value + 0.5));
  if (typeof schema.multipleOf === 'number') plans.push(replace('not-multiple', value + schema.multipleOf / 2));
  return plans;
}

function stringPlans(schema: SchemaObject, value: string, random: Random, replace: Replace): Plan[] {
  const plans: Plan[] = [];
  const codePoints = [...value];
  // Astral padding: a UTF-16 length check would count it twice and miss the violation.
  if (typeof schema.minLength === 'number' && schema.minLength > 0) plans.push(replace('too-short', codePoints.slice(0, schema.minLength - 1).join('')));
  if (typeof schema.maxLength === 'number') {
    const padded = codePoints.concat(Array(Math.max(0, schema.maxLength + 1 - codePoints.length)).fill('😀'));
    plans.push(replace('too-long', padded.slice(0, schema.maxLength + 1).join('')));
  }
  if (typeof schema.pattern === 'string') {
    const regex = new RegExp(schema.pattern, 'u');
    const candidates = ['', '!', ' ', '😀', value + '\u2028', randomString(random, 5), `~${value}~`];
    const miss = candidates.find((candidate) => !regex.test(candidate) && codePointLength(candidate) >= (schema.minLength ?? 0));
    if (miss !== undefined) plans.push(replace('pattern-miss', miss));
  }
  return plans;
}

function arrayPlans(schema: SchemaObject, value: unknown[], path: PathToken[], draft07: boolean): Plan[] {
  const plans: Plan[] = [];
  const at = (root: unknown) => getAt(root, path) as unknown[];
  const tupleClosed = draft07 ? Array.isArray(schema.items) && schema.additionalItems === false : schema.items === false;
  if (typeof schema.minItems === 'number' && schema.minItems > 0 && value.length > 0) {
    plans.push({ kind: 'too-few-items', path, subtree: false, apply: (root) => ((at(root).length = schema.minItems - 1), root) });
  }
  if (typeof schema.maxItems === 'number' || tupleClosed) {
    // Blame may fall on the array or on the new item (which can also break an item schema).
    plans.push({ kind: 'too-many-items', path: [...path, value.length], apply: (root) => (at(root).push(cloneValue(value[value.length - 1] ?? null)), root) });
  }
  if (schema.uniqueItems === true && value.length > 0) {
    plans.push({ kind: 'duplicate-item', path: [...path, value.length], apply: (root) => (at(root).push(cloneValue(value[0])), root) });
  }
  return plans;
}

function objectPlans(schema: SchemaObject, value: Record<string, unknown>, path: PathToken[], random: Random): Plan[] {
  const plans: Plan[] = [];
  const at = (root: unknown) => getAt(root, path) as Record<string, unknown>;
  const required: string[] = (schema.required ?? []).filter((name: string) => Object.hasOwn(value, name));
  if (required.length > 0) {
    const name = random.pick(required);
    plans.push({ kind: 'missing-required', path, subtree: false, apply: (root) => (delete at(root)[name], root) });
  }
  if (schema.additionalProperties === false) {
    const key = random.pick(['extra', '__proto__', 'constructor', '😀', `x${randomString(random, 3)}`]);
    if (!Object.hasOwn(value, key)) plans.push({ kind: 'extra-key', path: [...path, key], apply: (root) => (setOwn(at(root), key, 1), root) });
  }
  return plans;
}

function enumMiss(schema: SchemaObject, random: Random): unknown {
  const allowed: unknown[] = 'const' in schema ? [schema.const] : schema.enum;
  const taken = new Set(allowed.map(stableKey));
  const candidates: unknown[] = [];
  for (const member of allowed) {
    if (typeof member === 'string') candidates.push(`${member}x`, member.slice(0, -1), member.toUpperCase());
    else if (typeof member === 'number') candidates.push(member + 1, member - 1);
    else candidates.push(null, true, 'other', 3);
  }
  const misses = candidates.filter((candidate) => !taken.has(stableKey(candidate)));
  return misses.length > 0 ? random.pick(misses) : 'not-a-member';
}
