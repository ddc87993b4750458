/**
 * Key matching for generated MessagePack object readers: the CBOR module's tables and `matchKey`
 * (`../cbor/key-table.ts`) with MessagePack's str heads (fixstr, str8, str16, str32: the smallest,
 * as encoders write them) and `strKeyLength` for the search by length.
 */
import { KeyTable, matchKey } from '../cbor/key-table.js';
import type { Reader } from '../reader.js';
import { readString, strKeyLength } from './generated-support.js';

export { matchKey };
export { writeKnownText } from '../cbor/key-table.js';

/** A table for `names` (the object's declared properties in schema order), written in `order` (default: schema order). */
export function keyTable(names: readonly string[], order?: readonly number[]): KeyTable {
  return new KeyTable(names, order, strWithHead, strKeyLength);
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

/** A str item for an `enum`/`const` of strings: `readKnownText` of the CBOR module, with MessagePack's `readString`. */
export function readKnownText(reader: Reader, table: KeyTable, schemaPath: string): string {
  const index = matchKey(reader, table, 0);
  return index >= 0 ? table.names[index] : readString(reader, schemaPath);
}
