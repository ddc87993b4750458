import type { Reader } from '../reader.js';
import { DUPLICATE_KEY, UNEXPECTED_TYPE } from '../errors.js';
import { Kind, kindOf } from './constants.js';
import type { DecodeSettings } from './options.js';
import { readItem } from './decode.js';

/**
 * The general map loop (the string-key fast path lives in `readMap`): non-string keys and the
 * duplicate-key check. Entries already decoded are in `object`; it turns into a `Map` at the
 * first non-string key unless keys are stringified.
 */
export function readEntries(reader: Reader, object: Record<string, unknown>, remaining: number, depth: number, settings: DecodeSettings): unknown {
  let map: Map<unknown, unknown> | undefined;
  let encodedKeys: Set<string> | undefined;
  for (; remaining > 0; remaining--) {
    const keyOffset = reader.pos;
    let key = readItem(reader, depth, settings);
    if (map === undefined && typeof key !== 'string') {
      if (settings.stringifyKeys) key = stringifyKey(reader, key, keyOffset);
      else map = new Map(Object.entries(object));
    }
    if (settings.rejectDuplicates) {
      let repeated: boolean;
      if (map === undefined) repeated = Object.hasOwn(object, key as string);
      else if (typeof key === 'object' && key !== null) {
        // bin, arrays, maps and extensions are distinct JS objects: compare their encodings.
        encodedKeys ??= new Set();
        const encoded = latin1(reader.uint8, keyOffset, reader.pos);
        repeated = encodedKeys.has(encoded);
        encodedKeys.add(encoded);
      } else repeated = map.has(key);
      if (repeated) reader.fail(DUPLICATE_KEY, 'repeated map key', keyOffset);
    }
    const value = readItem(reader, depth, settings);
    if (map !== undefined) map.set(key, value);
    else if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    else object[key as string] = value;
  }
  return map ?? object;
}

/**
 * `mapKeys: 'stringify'`: integer, bigint, boolean and nil keys become `String(key)`, others are
 * refused. A number key must be an int format: a float32/float64 has no one text (-0.0 would
 * meet 0 as '0', NaN and 1.5 are no integers), even when it holds 2.0.
 */
function stringifyKey(reader: Reader, key: unknown, offset: number): string {
  const type = typeof key;
  const allowed =
    type === 'number'
      ? kindOf(reader.uint8[offset]) === Kind.Int // a fixint or (u)int8..64, not float32/64
      : type === 'bigint' || type === 'boolean' || key === null;
  if (allowed) return String(key);
  return reader.fail(UNEXPECTED_TYPE, 'map key that cannot become a property name', offset);
}

/** The bytes as a string of char codes (no spread: a long key must not overflow the call stack). */
function latin1(uint8: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let pos = start; pos < end; pos++) text += String.fromCharCode(uint8[pos]);
  return text;
}
