/**
 * Key matching for generated UBJSON object readers (as cbor/key-table.ts): one table per object,
 * built when the module loads, and one small function every object reader calls per entry,
 * instead of the byte comparisons of each key spelled out where it is expected.
 */
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { knownText, notOneOf, writeBytes } from '../generated-support.js';
import { MARKER_INT16, MARKER_INT32, MARKER_INT8, MARKER_STRING, MARKER_UINT8 } from './constants.js';
import { atValue, readString } from './generated-support.js';

/** The declared keys of one object: length (smallest marker) and UTF-8, no `S` (container-types.html#object), as encoders write them. */
export class UbjsonKeyTable {
  /** Each declared property's key, by property index. */
  readonly encoded: Uint8Array[];
  /** Property index by name, for keys that had to be decoded (out of order, wider length markers). */
  private readonly byName = new Map<string, number>();

  constructor(
    /** The declared names, by property index (an `enum`'s strings, for `readKnownText`). */
    readonly names: readonly string[],
  ) {
    const encoder = new TextEncoder();
    this.encoded = names.map((name, index) => {
      this.byName.set(name, index);
      return keyWithLength(encoder.encode(name));
    });
  }

  /** The property `name` declares, or -1. */
  fieldOf(name: string): number {
    return this.byName.get(name) ?? -1;
  }
}

/** A table for `names`, the object's declared properties in schema order (the order encoders write them). */
export function keyTable(names: readonly string[]): UbjsonKeyTable {
  return new UbjsonKeyTable(names);
}

/**
 * At an object key: the index of the declared property it names, with the key consumed, when it
 * is the one expected next (`expected`, in schema order) or one of the few after it; else -1 with
 * nothing consumed (the caller decodes the key). A one-byte length may come after `i` (our encoders, the
 * generic one) or `U` (json-pack).
 */
export function matchKey(reader: Reader, table: UbjsonKeyTable, expected: number): number {
  const encoded = table.encoded;
  const at = reader.pos;
  const uint8 = reader.uint8;
  // Encoders leave out absent optional properties: the key is often a few places further on.
  const last = Math.min(encoded.length, expected + SCAN_AHEAD);
  for (let position = expected; position < last; position++) {
    const key = encoded[position];
    const length = key.length;
    if (at + length > reader.end) continue;
    let offset = 0;
    if (key[0] === MARKER_INT8) {
      if (uint8[at] !== MARKER_INT8 && uint8[at] !== MARKER_UINT8) continue;
      offset = 1;
    }
    while (offset < length && uint8[at + offset] === key[offset]) offset++;
    if (offset !== length) continue;
    reader.pos = at + length;
    return position;
  }
  return -1;
}

/** How many keys from the expected one on are compared in place before the caller decodes the key. */
const SCAN_AHEAD = 4;

/** The smallest length marker that holds `utf8.length` (as the encoders' `writeKey`), then the bytes. */
function keyWithLength(utf8: Uint8Array): Uint8Array {
  const length = utf8.length;
  const head =
    length <= 127 ? [MARKER_INT8, length]
    : length <= 255 ? [MARKER_UINT8, length]
    : length <= 32767 ? [MARKER_INT16, length >>> 8, length & 0xff]
    : [MARKER_INT32, length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff];
  const bytes = new Uint8Array(head.length + length);
  bytes.set(head);
  bytes.set(utf8, head.length);
  return bytes;
}

/**
 * A string item (its marker consumed) for an `enum`/`const` of strings: one of `table`'s names
 * after an `S` is matched in place and returned without decoding; anything else is read by
 * `readString` and looked up, and one that is not allowed fails at the item (as
 * cbor/key-table.ts `readKnownText`).
 */
export function readKnownText(reader: Reader, marker: number, table: UbjsonKeyTable, schemaPath: string): string {
  const index = marker === MARKER_STRING ? matchKey(reader, table, 0) : -1;
  if (index >= 0) return table.names[index];
  const offset = reader.pos - 1;
  return knownText(reader, table, readString(reader, marker, schemaPath), atValue(offset), schemaPath);
}

/** Writes `value` for an `enum`/`const` of strings: `S` and its pre-encoded length and UTF-8, or a failure at `path` naming the allowed strings. */
export function writeKnownText(writer: Writer, table: UbjsonKeyTable, value: unknown, path: string, schemaPath: string): void {
  const index = typeof value === 'string' ? table.fieldOf(value) : -1;
  if (index < 0) throw notOneOf(table.names, path, schemaPath);
  writer.u8(MARKER_STRING);
  writeBytes(writer, table.encoded[index]);
}
