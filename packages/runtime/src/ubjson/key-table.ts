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
  /** Property index by name, for keys that had to be decoded (wider length markers, lengths past 255). */
  private readonly byName = new Map<string, number>();
  /**
   * Property indexes by UTF-8 length, for lengths up to 255 (one length byte): the candidates for
   * a key met out of order, built by the first `findKey` (decoders only: encode-only bundles do without it).
   */
  byShortLength: (number[] | undefined)[] | undefined = undefined;

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
 * At an object key: the index of the declared property it names, with the key consumed, or -1
 * with nothing consumed (the caller decodes the key). The key expected next (`expected`, in
 * schema order) is compared first; any other with a one-byte length is compared with the
 * declared keys of that length (encoders leave out absent optional properties). A one-byte
 * length may come after `i` (our encoders, the generic one) or `U` (json-pack).
 */
export function matchKey(reader: Reader, table: UbjsonKeyTable, expected: number): number {
  const encoded = table.encoded;
  const at = reader.pos;
  if (expected < encoded.length && keyAt(reader, at, encoded[expected])) return expected;
  // Out of line, so this stays small enough to be inlined into the readers.
  return findKey(reader, table, at);
}

/** A key other than the expected one: by its one-byte length (see `matchKey`), else -1. */
function findKey(reader: Reader, table: UbjsonKeyTable, at: number): number {
  if (at + 1 >= reader.end) return -1;
  const uint8 = reader.uint8;
  const marker = uint8[at];
  const length = uint8[at + 1];
  if (!(marker === MARKER_UINT8 || (marker === MARKER_INT8 && length < 0x80))) return -1;
  const byLength = table.byShortLength ?? (table.byShortLength = shortLengthIndex(table.encoded));
  const candidates = length < byLength.length ? byLength[length] : undefined;
  if (candidates === undefined) return -1;
  for (let position = 0; position < candidates.length; position++) {
    const index = candidates[position];
    if (keyAt(reader, at, table.encoded[index])) return index;
  }
  return -1;
}

/** `UbjsonKeyTable.byShortLength` of `encoded` keys (`keyWithLength`: a marker, then the length). */
function shortLengthIndex(encoded: readonly Uint8Array[]): (number[] | undefined)[] {
  const lengths = encoded.map((key) => (key.length - 2 <= 255 ? key.length - 2 : -1));
  // A reduce, not Math.max(...lengths): an enum of many strings would pass too many arguments.
  const longest = lengths.reduce((most, length) => Math.max(most, length), -1);
  // Filled with `undefined`, not holes, so lookups stay on a packed array.
  const byLength: (number[] | undefined)[] = Array.from({ length: longest + 1 }, () => undefined);
  lengths.forEach((length, index) => {
    if (length >= 0) (byLength[length] ??= []).push(index);
  });
  return byLength;
}

/** Whether `key` (as `keyWithLength` encodes it) is at `at`, its `i` length also read after `U`; consumes it if so. */
function keyAt(reader: Reader, at: number, key: Uint8Array): boolean {
  const length = key.length;
  if (at + length > reader.end) return false;
  const uint8 = reader.uint8;
  let offset = 0;
  if (key[0] === MARKER_INT8) {
    if (uint8[at] !== MARKER_INT8 && uint8[at] !== MARKER_UINT8) return false;
    offset = 1;
  }
  while (offset < length && uint8[at + offset] === key[offset]) offset++;
  if (offset !== length) return false;
  reader.pos = at + length;
  return true;
}

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
