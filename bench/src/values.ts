/**
 * Value helpers for the check phase and for fresh inputs: a deep copy of JSON data, a byte view of
 * whatever an encoder returns, and a deep equality that normalises the representation choices
 * codecs are allowed to make.
 */

/**
 * A fresh deep copy of plain JSON data, so no codec can recognise an input it has seen before
 * (by identity) and hand back a remembered result. Hand-written because `structuredClone` costs
 * several times more and the copies are made for every timed call (outside the timed section).
 */
export function cloneJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const length = value.length;
    const copy = new Array(length);
    for (let index = 0; index < length; index++) copy[index] = cloneJson(value[index]);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneJson((value as Record<string, unknown>)[key]);
  return copy;
}

/**
 * A fresh copy of the bytes: same content, new identity, so no decoder can memoise on it. The
 * copy gets its own `ArrayBuffer` on purpose: `new Uint8Array(bytes)` of 64 bytes or less lives on
 * the V8 heap, and the first `.buffer` read (any DataView-based decoder) then moves it off-heap,
 * ~100 ns that input from a socket or file never costs.
 */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new ArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

/** The bytes of an encoder's result (`Uint8Array`, `Buffer` or, for @shelacek/ubjson, `ArrayBuffer`). */
export function asBytes(output: unknown): Uint8Array {
  if (output instanceof Uint8Array) return output;
  if (output instanceof ArrayBuffer) return new Uint8Array(output);
  throw new TypeError(`encoder returned ${Object.prototype.toString.call(output)}, not bytes`);
}

export function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/**
 * Compares a decoded value with the payload. Returns `undefined` when equal, else where and how
 * they differ. Normalised on purpose (each is a representation choice, not a wrong value):
 * - a `bigint` equals the number it converts to (cborg returns BigInt for integers beyond 2^53;
 *   the payload's 968129121061490700 is a double, so `Number(big) === double` is the exact test);
 * - a typed array equals an array with the same elements (json-pack and @shelacek/ubjson may
 *   return typed arrays for UBJSON strongly typed containers);
 * - object key order is ignored (maps are unordered in both formats).
 */
export function differs(expected: unknown, actual: unknown, path = ''): string | undefined {
  if (typeof actual === 'bigint' && typeof expected === 'number') {
    return Number(actual) === expected ? undefined : mismatch(path, expected, actual);
  }
  if (typeof expected !== 'object' || expected === null) {
    if (expected === actual || (Number.isNaN(expected) && Number.isNaN(actual))) return undefined;
    return mismatch(path, expected, actual);
  }
  if (Array.isArray(expected)) return differsArray(expected, actual, path);
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual) || ArrayBuffer.isView(actual)) {
    return mismatch(path, expected, actual);
  }
  const expectedKeys = Object.keys(expected);
  const actualKeys = Object.keys(actual);
  if (expectedKeys.length !== actualKeys.length) {
    return `${path || '/'}: expected ${expectedKeys.length} keys, got ${actualKeys.length}`;
  }
  for (const key of expectedKeys) {
    if (!Object.prototype.hasOwnProperty.call(actual, key)) return `${path || '/'}: missing key ${JSON.stringify(key)}`;
    const inner = differs((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${path}/${key}`);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function differsArray(expected: unknown[], actual: unknown, path: string): string | undefined {
  const isTyped = ArrayBuffer.isView(actual) && !(actual instanceof DataView);
  if (!Array.isArray(actual) && !isTyped) return mismatch(path, expected, actual);
  const items = actual as ArrayLike<unknown>;
  if (items.length !== expected.length) return `${path || '/'}: expected ${expected.length} items, got ${items.length}`;
  for (let index = 0; index < expected.length; index++) {
    const inner = differs(expected[index], items[index], `${path}/${index}`);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function mismatch(path: string, expected: unknown, actual: unknown): string {
  return `${path || '/'}: expected ${show(expected)}, got ${show(actual)}`;
}

function show(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return `array(${value.length})`;
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  if (typeof value === 'object' && value !== null) return Object.prototype.toString.call(value);
  return String(value);
}
