/**
 * Storing decoded map entries into plain objects, for the generic decoders and generated code
 * alike: own properties only (never the prototype), and integer-like keys without V8's holey
 * elements growth.
 */

/** Adds an own property, also `__proto__` (which plain assignment would treat as the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** The largest array index (2^32 - 2): a key V8 keeps among an object's elements. */
const MAX_ARRAY_INDEX = '4294967294';

/**
 * `setOwn` for the entries of a map-like object; `sparse` is the caller's state for that object,
 * false at first, and the result is the state to pass next time. At the first key that looks
 * like an array index of three or more digits ("127", "1000", "44444") the object's elements
 * become a dictionary, by adding and deleting the largest index. Without that, V8 grows a holey
 * elements store up to the largest index so far (~1,500 slots at "1000") before it gives up on
 * it: 24 KB of allocation a decode of object-with-many-keys, which decodes ~1.25x as fast this way
 * (.tmp A/B, both load orders). Nothing observable changes: keys, values and their order are
 * the same.
 */
export function setEntry(target: Record<string, unknown>, key: string, value: unknown, sparse: boolean): boolean {
  if (!sparse && isLargeIndexLike(key)) sparse = makeElementsSparse(target);
  setOwn(target, key, value);
  return sparse;
}

/** Whether `key` looks like an array index of three or more digits (see `setEntry`). */
export function isLargeIndexLike(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 0x31 && first <= 0x39 && key.length >= 3;
}

/**
 * Turns `target`'s elements into a dictionary (see `setEntry`); true. Called before the first
 * index-like key is stored, so no entry can be under that index yet.
 */
export function makeElementsSparse(target: Record<string, unknown>): true {
  target[MAX_ARRAY_INDEX] = undefined;
  delete target[MAX_ARRAY_INDEX];
  return true;
}
