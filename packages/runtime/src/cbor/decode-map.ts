import type { Reader } from '../reader.js';
import { DUPLICATE_KEY, UNEXPECTED_TYPE } from '../errors.js';
import { InitialByte, Major } from './constants.js';
import type { DecodeSettings } from './options.js';
import { readItem } from './decode.js';

/**
 * The general map loop (the definite text-key fast path lives in `readMap`): indefinite length
 * (`remaining` -1: until a break in key position, RFC 8949 §3.2.2), non-text keys and the
 * duplicate-key check. Entries already decoded are in `object`; it turns into a `Map` at the
 * first non-text key unless keys are stringified.
 */
export function readEntries(
  reader: Reader,
  object: Record<string, unknown>,
  remaining: number,
  depth: number,
  settings: DecodeSettings,
): unknown {
  let map: Map<unknown, unknown> | undefined;
  let encodedKeys: Set<string> | undefined;
  for (; remaining !== 0; remaining--) {
    if (remaining < 0) {
      if (reader.pos >= reader.end) reader.failEnd(1);
      if (reader.uint8[reader.pos] === InitialByte.Break) {
        reader.pos++;
        break;
      }
    }
    const keyOffset = reader.pos;
    let key = readItem(reader, depth, settings);
    const keyEnd = reader.pos;
    if (map === undefined && typeof key !== 'string') {
      if (settings.stringifyKeys) key = stringifyKey(reader, key, keyOffset);
      else map = new Map(Object.entries(object));
    }
    if (settings.rejectDuplicates) {
      let repeated: boolean;
      if (map === undefined) repeated = Object.hasOwn(object, key as string);
      else if (typeof key === 'object' && key !== null) {
        // Containers, byte strings and tags are distinct JS objects: compare their encodings.
        encodedKeys ??= new Set();
        const encoded = latin1(reader.uint8, keyOffset, keyEnd);
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
 * `mapKeys: 'stringify'`: integer, bigint, boolean, null and undefined keys become `String(key)`,
 * others are refused. A number key must be an integer item (major type 0 or 1): a float has no
 * one text (-0.0 would meet 0 as '0', NaN and 1.5 are no integers), even when it holds 2.0.
 */
function stringifyKey(reader: Reader, key: unknown, offset: number): string {
  const type = typeof key;
  const allowed =
    type === 'number'
      ? reader.uint8[offset] >> 5 <= Major.Negative // an integer item: major type 0 or 1
      : type === 'bigint' || type === 'boolean' || key === null || key === undefined;
  if (allowed) return String(key);
  return reader.fail(UNEXPECTED_TYPE, 'map key that cannot become a property name', offset);
}

function latin1(uint8: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let pos = start; pos < end; pos++) text += String.fromCharCode(uint8[pos]);
  return text;
}
