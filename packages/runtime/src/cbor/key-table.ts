/**
 * Key matching for generated CBOR object readers: one table per object, built once when the
 * module loads, and one small function that every object reader calls per entry. Generated code
 * used to spell out the byte comparisons of every key at every place it looked for one (the
 * expected key, then a search by length); in a table they cost a few bytes of module per key and
 * one function that is hot after a few documents instead of many that each run a few times.
 */
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { knownText, notOneOf, sameBytes, writeBytes } from '../generated-support.js';
import { readString, textKeyLength } from './generated-support.js';

/**
 * How a head format writes text: CBOR's here (RFC 8949 §4.2.1: the shortest head), MessagePack's
 * in `../msgpack/key-table.ts`. The text item of `utf8`: its shortest head, then the bytes. How
 * each format reads text is in its `matchKey` and `readKnownText`, not in the table, so a table
 * an encoder uses brings no reader into an encode-only bundle.
 */
export type TextForm = (utf8: Uint8Array) => Uint8Array;

/** At a key: consumes a definite text head and gives the byte length, else -1 with nothing consumed (`textKeyLength`, `strKeyLength`). */
export type KeyLength = (reader: Reader) => number;

/**
 * The declared keys of one object (or the strings of an `enum`) as encoders write them: text
 * with the shortest head, in the format's `TextForm`.
 */
export class KeyTable {
  /** Each declared property's key, head and UTF-8, by property index. */
  readonly encoded: Uint8Array[];
  /** Property indexes in the order encoders write them (schema order, or §4.2.1 order when deterministic). */
  readonly order: Int32Array;
  /**
   * Property indexes by the first byte of their encoded key, less `firstBase`: the candidates for
   * a key met out of order. That byte is the head, which holds the length of a short key, so
   * there are few candidates and the first compared byte after it mostly tells them apart.
   */
  readonly byFirstByte: (number[] | undefined)[];
  /** The smallest first byte of an encoded key (`byFirstByte`'s offset, to keep the array short). */
  readonly firstBase: number;
  /** Property indexes by the UTF-8 length of their name: the candidates for a key in a wider head than encoders write. */
  private readonly byLength = new Map<number, number[]>();
  /** Property index by name, for keys that had to be decoded (indefinite length, a wider head). */
  private readonly byName = new Map<string, number>();

  constructor(
    /** The declared names, by property index (an `enum`'s strings, for `readKnownText`). */
    readonly names: readonly string[],
    order?: readonly number[],
    form: TextForm = textWithHead,
  ) {
    const encoder = new TextEncoder();
    this.encoded = names.map((name, index) => {
      const utf8 = encoder.encode(name);
      const lengths = this.byLength.get(utf8.length);
      if (lengths === undefined) this.byLength.set(utf8.length, [index]);
      else lengths.push(index);
      this.byName.set(name, index);
      return form(utf8);
    });
    this.order = Int32Array.from(order ?? names.map((_, index) => index));
    const firsts = this.encoded.map((key) => key[0]);
    this.firstBase = firsts.length === 0 ? 0 : Math.min(...firsts);
    // Filled with `undefined`, not holes, so lookups stay on a packed array.
    this.byFirstByte = Array.from({ length: firsts.length === 0 ? 0 : Math.max(...firsts) - this.firstBase + 1 }, () => undefined);
    for (const index of this.order) (this.byFirstByte[firsts[index] - this.firstBase] ??= []).push(index);
  }

  /** The property `name` declares, or -1. */
  fieldOf(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  /** The declared properties whose names are `length` UTF-8 bytes long. */
  withLength(length: number): readonly number[] | undefined {
    return this.byLength.get(length);
  }
}

/** A table for `names` (the object's declared properties in schema order), written in `order` (default: schema order). */
export function keyTable(names: readonly string[], order?: readonly number[]): KeyTable {
  return new KeyTable(names, order);
}

/**
 * At a map key: the index of the declared property it names, with the key consumed, or -1 with
 * nothing consumed (an undeclared key, a key that is not definite text; the caller decodes it).
 * First the key expected next (`expected`: a position in the write order) is compared in place;
 * any other key is looked for by `findKey`.
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
  // Out of line, so this stays small enough to be inlined into the readers.
  return findKey(reader, table, at, textKeyLength);
}

/**
 * A key other than the expected one (encoders leave out absent optional properties): compared
 * with the declared keys that start with its first byte; else, in case it is a declared key in a
 * wider head than encoders write, found by its length (`keyLength`: the format's text head) and
 * bytes, without decoding it. MessagePack's `matchKey` calls it too.
 */
export function findKey(reader: Reader, table: KeyTable, at: number, keyLength: KeyLength): number {
  const uint8 = reader.uint8;
  if (at < reader.end) {
    const slot = uint8[at] - table.firstBase;
    const candidates = slot >= 0 && slot < table.byFirstByte.length ? table.byFirstByte[slot] : undefined;
    if (candidates !== undefined) {
      for (let position = 0; position < candidates.length; position++) {
        const index = candidates[position];
        const key = table.encoded[index];
        if (sameBytes(uint8, at, reader.end, key)) {
          reader.pos = at + key.length;
          return index;
        }
      }
    }
  }
  const length = keyLength(reader);
  if (length < 0) return -1;
  const keyStart = reader.pos;
  const candidates = table.withLength(length);
  if (candidates !== undefined) {
    for (const index of candidates) {
      const key = table.encoded[index];
      if (sameBytes(reader.uint8, keyStart, reader.end, key, key.length - length)) {
        reader.pos = keyStart + length;
        return index;
      }
    }
  }
  reader.pos = at;
  return -1;
}

/** CBOR text: the shortest head (major type 3) and the UTF-8 bytes. */
function textWithHead(utf8: Uint8Array): Uint8Array {
  const length = utf8.length;
  const head = length < 24 ? [0x60 | length] : length < 0x100 ? [0x78, length] : length < 0x10000 ? [0x79, length >> 8, length & 0xff] : [0x7a, length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  const bytes = new Uint8Array(head.length + length);
  bytes.set(head);
  bytes.set(utf8, head.length);
  return bytes;
}

/**
 * A text item for an `enum`/`const` of strings: one of `table`'s names in its shortest form is
 * matched in place and returned without decoding (or allocating); any other text is decoded and
 * looked up, and one that is not allowed fails (at the item, naming the allowed strings). One
 * call where each reader compared every allowed string's bytes inline, then checked the value.
 */
export function readKnownText(reader: Reader, table: KeyTable, schemaPath: string): string {
  const index = matchKey(reader, table, 0);
  if (index >= 0) return table.names[index];
  const offset = reader.pos;
  return knownText(reader, table, readString(reader, schemaPath), offset, schemaPath);
}

/**
 * Writes `value` for an `enum`/`const` of strings: its pre-encoded text (head and UTF-8) from
 * `table`, or a failure at `path` naming the allowed strings. One call where each writer had a
 * `switch` with a constant per allowed string.
 */
export function writeKnownText(writer: Writer, table: KeyTable, value: unknown, path: string, schemaPath: string): void {
  const index = typeof value === 'string' ? table.fieldOf(value) : -1;
  if (index < 0) throw notOneOf(table.names, path, schemaPath);
  writeBytes(writer, table.encoded[index]);
}
