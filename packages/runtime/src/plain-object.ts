/**
 * A JSON object: a plain or null-prototype object (not an array, Map, Date or class instance).
 * The `constructor === Object` test is the cheap common case (as in json-pack and the generic
 * CBOR encoder): a monomorphic load V8 folds, where `Object.getPrototypeOf` is a call once the
 * site sees many shapes. A null prototype or a `constructor` own property takes the exact test.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if ((value as { constructor?: unknown }).constructor === Object) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
