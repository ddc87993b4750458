/**
 * Safe access to raw schema JSON. Schema strings are data (property names such as `__proto__` or
 * `constructor`), so keyword and property lookups go through `own`, never `object[name]`, which
 * would reach `Object.prototype` for a missing key.
 */

import { jsonEqual } from '@binschema/runtime';
export type JsonObject = { [key: string]: unknown };

/** True for a non-array, non-null object (a JSON object). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The own property `key` of `object`, or `undefined`. */
export function own(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** True when `object` has the own property `key`. */
export function has(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * Deepest nesting of arrays/objects in `value`, counted without recursion so a hostile document
 * cannot overflow the stack; stops early once `limit` is passed (also ends on a cyclic object).
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
  }
  return deepest;
}

/** JSON deep equality (JSON Schema §4.2.2: 1 and 1.0 are equal, object key order does not matter): the runtime's, which generated code runs. */
export { jsonEqual };

/** Short name of a JSON value's type, for messages. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * `values` without JSON-equal repeats, first occurrence kept. Scalars are compared through a key
 * (so thousands of enum strings cost linear time); objects and arrays deeply, among themselves.
 */
export function uniqueJson<T>(values: readonly T[]): T[] {
  const scalars = new Set<string>();
  const structured: unknown[] = [];
  const unique: T[] = [];
  for (const value of values) {
    if (typeof value === 'object' && value !== null) {
      if (structured.some((seen) => jsonEqual(seen, value))) continue;
      structured.push(value);
    } else {
      // JSON has one number type: 1 and 1.0 are one key; `String(-0)` is `0`, as JSON equality wants.
      const key = `${value === null ? 'null' : typeof value}:${String(value)}`;
      if (scalars.has(key)) continue;
      scalars.add(key);
    }
    unique.push(value);
  }
  return unique;
}

/** The values of `left` that are JSON-equal to some value of `right`, in `left`'s order. */
export function commonJson<T>(left: readonly T[], right: readonly unknown[]): T[] {
  const keys = new Set<string>();
  const structured: unknown[] = [];
  for (const value of right) {
    if (typeof value === 'object' && value !== null) structured.push(value);
    else keys.add(`${value === null ? 'null' : typeof value}:${String(value)}`);
  }
  return left.filter((value) =>
    typeof value === 'object' && value !== null ? structured.some((other) => jsonEqual(other, value)) : keys.has(`${value === null ? 'null' : typeof value}:${String(value)}`),
  );
}
