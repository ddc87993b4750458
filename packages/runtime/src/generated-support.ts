/**
 * Format-neutral helpers every generated module calls. They were emitted into each module as
 * text; they depend on no per-module value, so they live here once and modules import them.
 * Each stays a small monomorphic function (V8 inlines across modules as within one).
 */
import { DecodeError, isDecodeError } from './errors.js';

/** Gives an error of the reader or a runtime helper (no schema location yet) the location it happened in. */
export function withSchemaPath(error: unknown, schemaPath: string): unknown {
  if (!isDecodeError(error) || error.schemaPath !== undefined) return error;
  return new DecodeError(error.format, error.code, error.detail, error.offset, schemaPath);
}

/** A JSON object: a plain or null-prototype object (not an array, Map, Date or class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `value[key]` for a key Object.prototype also has: only an own property counts. */
export function ownValue(value: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Adds an own property, also `__proto__` (which plain assignment would treat as the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Number of own enumerable keys, without allocating the key array. */
export function countKeys(value: object): number {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) count++;
  return count;
}

/** The first own enumerable key of `value` that is not in `known` (slow path of closed records). */
export function unknownKey(value: object, known: ReadonlySet<string>): string | undefined {
  for (const key of Object.keys(value)) if (!known.has(key)) return key;
  return undefined;
}

/** Length in Unicode code points, as JSON Schema counts (a surrogate pair is one). */
export function codePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/**
 * `value` is an integer multiple of `divisor`, allowing for binary rounding of decimal
 * fractions (0.3 is a multiple of 0.1 although 0.3 / 0.1 is 2.9999999999999996).
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  if (Number.isInteger(quotient)) return true;
  if (!Number.isFinite(quotient)) return false;
  return Math.abs(quotient - Math.round(quotient)) <= 4 * Number.EPSILON * Math.abs(quotient);
}

/** JSON deep equality (JSON Schema's `const`, `enum`, `uniqueItems`): key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!jsonEqual(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** True when two items are JSON-equal (`uniqueItems`); primitives go through a Set first. */
export function hasDuplicates(items: readonly unknown[]): boolean {
  const primitives = new Set<unknown>();
  const objects: unknown[] = [];
  for (const item of items) {
    if (typeof item === 'object' && item !== null) {
      for (const other of objects) if (jsonEqual(item, other)) return true;
      objects.push(item);
    } else {
      if (primitives.has(item)) return true;
      primitives.add(item);
    }
  }
  return false;
}

/** A variant that does not match (wrong type or failed assertion), as opposed to malformed input. */
export function isSchemaMismatch(error: unknown): boolean {
  return isDecodeError(error) && (error.code === 'schema-violation' || error.code === 'unexpected-type');
}

/** True when `expected` from index `from` on occurs at `at` (within `end`): pre-encoded bytes compared in place. */
export function sameBytes(uint8: Uint8Array, at: number, end: number, expected: Uint8Array, from = 0): boolean {
  const length = expected.length - from;
  if (at + length > end) return false;
  for (let index = 0; index < length; index++) if (uint8[at + index] !== expected[from + index]) return false;
  return true;
}
