/**
 * A JSON object: a plain or null-prototype object (not an array, Map, Date or class instance).
 * The `constructor === Object` test is the cheap common case (as in json-pack and the generic
 * CBOR encoder): one load, a stub-cache probe once it has seen many shapes, where
 * `Object.getPrototypeOf` is a builtin call. A null prototype or a `constructor` own property
 * takes the exact test. Generated writers call this rather than spell it out (encode-skeleton.ts).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if ((value as { constructor?: unknown }).constructor === Object) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
