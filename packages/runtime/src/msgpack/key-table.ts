/**
 * Key matching for generated MessagePack object readers, and the strings of `enum`s: the CBOR
 * module's tables, `matchKey`, `readKnownText` and `writeKnownText` (`../cbor/key-table.ts`)
 * with MessagePack's str form (the smallest head, as encoders write it).
 */
import { KeyTable, type TextForm } from '../cbor/key-table.js';
import { readString, strKeyLength } from './generated-support.js';

export { matchKey, readKnownText, writeKnownText } from '../cbor/key-table.js';

/** MessagePack str: the smallest head (fixstr, str8, str16, str32). */
const MSGPACK_STR: TextForm = { withHead: strWithHead, keyLength: strKeyLength, readText: readString };

/** A table for `names` (the object's declared properties in schema order), written in `order` (default: schema order). */
export function keyTable(names: readonly string[], order?: readonly number[]): KeyTable {
  return new KeyTable(names, order, MSGPACK_STR);
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
