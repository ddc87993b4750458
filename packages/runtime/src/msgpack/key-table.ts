/**
 * Key matching for generated MessagePack object readers, and the strings of `enum`s: the CBOR
 * module's tables and `writeKnownText` (`../cbor/key-table.ts`) with MessagePack's str form
 * (the smallest head, as encoders write it), and `matchKey` and `readKnownText` reading str.
 */
import { findKey, KeyTable } from '../cbor/key-table.js';
import { knownText } from '../generated-support.js';
import type { Reader } from '../reader.js';
import { readString } from './generated-support.js';

export { writeKnownText } from '../cbor/key-table.js';

/** A table for `names` (the object's declared properties in schema order), written in `order` (default: schema order). */
export function keyTable(names: readonly string[], order?: readonly number[]): KeyTable {
  return new KeyTable(names, order, strWithHead);
}

/**
 * CBOR's `matchKey` (`../cbor/key-table.ts`, the same steps) for str keys: the index of the
 * declared property the key at the reader names, with the key consumed, or -1 with nothing
 * consumed. Its own copy, so each format's readers call a function that meets one key form.
 */
export function matchKey(reader: Reader, table: KeyTable, expected: number): number {
  const at = reader.pos;
  if (expected < table.order.length) {
    const index = table.order[expected];
    const key = table.encoded[index];
    const length = key.length;
    if (at + length <= reader.end) {
      const uint8 = reader.uint8;
      let offset = 0;
      while (offset < length && uint8[at + offset] === key[offset]) offset++;
      if (offset === length) {
        reader.pos = at + length;
        return index;
      }
    }
  }
  return findKey(reader, table, at);
}

/** CBOR's `readKnownText` for str items: one of `table`'s strings, else the failure naming them. */
export function readKnownText(reader: Reader, table: KeyTable, schemaPath: string): string {
  const index = matchKey(reader, table, 0);
  if (index >= 0) return table.names[index];
  const offset = reader.pos;
  return knownText(reader, table, readString(reader, schemaPath), offset, schemaPath);
}

/** A str item: the smallest head and the UTF-8 bytes. */
function strWithHead(utf8: Uint8Array): Uint8Array {
  const length = utf8.length;
  const head = length < 32 ? [0xa0 | length] : length < 0x100 ? [0xd9, length] : length < 0x10000 ? [0xda, length >> 8, length & 0xff] : [0xdb, length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  const bytes = new Uint8Array(head.length + length);
  bytes.set(head);
  bytes.set(utf8, head.length);
  return bytes;
}
