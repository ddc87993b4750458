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
import { readString } from './generated-support.js';

/**
 * How a head format writes text: CBOR's here (RFC 8949 §4.2.1: the shortest head), MessagePack's
 * in `../msgpack/key-table.ts`. The text item of `utf8`: its shortest head, then the bytes. How
 * each format reads text is in its `matchKey` and `readKnownText`, not in the table, so a table
 * an encoder uses brings no reader into an encode-only bundle.
 */
export type TextForm = (utf8: Uint8Array) => Uint8Array;

/**
 * The declared keys of one object (or the strings of an `enum`) as encoders write them: text
 * with the shortest head, in the format's `TextForm`.
 */
export class KeyTable {
  /** Each declared property's key, head and UTF-8, by property index. */
  readonly encoded: Uint8Array[];
  /** Property indexes in the order encoders write them (schema order, or §4.2.1 order when deterministic). */
  readonly order: Int32Array;
  /** The candidates for a key met out of order, built by the first `findKey` (decoders only: encode-only bundles do without it). */
  byFirstByte: FirstByteIndex | undefined = undefined;
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
      this.byName.set(name, index);
      return form(encoder.encode(name));
    });
    this.order = Int32Array.from(order ?? names.map((_, index) => index));
  }

  /** The property `name` declares, or -1. */
  fieldOf(name: string): number {
    return this.byName.get(name) ?? -1;
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
  return findKey(reader, table, at);
}

/**
 * A key other than the expected one (encoders leave out absent optional properties): compared
 * with the declared keys that start with its first byte, else -1 with nothing consumed. A
 * declared key in a wider head than encoders write is found by the caller, which decodes the key
 * and looks its name up (`fieldOf`). MessagePack's `matchKey` calls it too.
 */
export function findKey(reader: Reader, table: KeyTable, at: number): number {
  if (at >= reader.end) return -1;
  const uint8 = reader.uint8;
  const index = table.byFirstByte ?? (table.byFirstByte = firstByteIndex(table));
  const slot = uint8[at] - index.base;
  const candidates = slot >= 0 && slot < index.slots.length ? index.slots[slot] : undefined;
  if (candidates === undefined) return -1;
  for (let position = 0; position < candidates.length; position++) {
    const property = candidates[position];
    const key = table.encoded[property];
    if (sameBytes(uint8, at, reader.end, key)) {
      reader.pos = at + key.length;
      return property;
    }
  }
  return -1;
}

/**
 * Property indexes by the first byte of their encoded key, less `base` (to keep the array short).
 * That byte is the head, which holds the length of a short key, so there are few candidates and
 * the first compared byte after it mostly tells them apart.
 */
interface FirstByteIndex {
  base: number;
  slots: (number[] | undefined)[];
}

function firstByteIndex(table: KeyTable): FirstByteIndex {
  const firsts = table.encoded.map((key) => key[0]);
  // Reduced, not Math.min(...firsts): an enum of many strings would pass too many arguments.
  const base = firsts.reduce((least, first) => Math.min(least, first), 0x100);
  const last = firsts.reduce((most, first) => Math.max(most, first), -1);
  // Filled with `undefined`, not holes, so lookups stay on a packed array.
  const slots: (number[] | undefined)[] = Array.from({ length: last < base ? 0 : last - base + 1 }, () => undefined);
  for (const index of table.order) (slots[firsts[index] - base] ??= []).push(index);
  return { base, slots };
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
