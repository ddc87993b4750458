/**
 * Walks a well-formed CBOR or UBJSON encoding (a fuzz seed) into its items, so the mutators can
 * aim at length fields and containers. Written independently of the runtime's readers on purpose:
 * the fuzz suite must not share a misreading with the code it tests. Seeds come from our own
 * encoders, so anything unexpected is a bug in the seed and throws.
 */

export type ItemKind = 'array' | 'map' | 'text' | 'bytes' | 'tag' | 'scalar';

export interface Item {
  kind: ItemKind;
  /** First byte of the item (its head or marker). */
  offset: number;
  /** One past its last byte (after a closing `]`/`}` or break). */
  end: number;
  /** Index of the enclosing container item, -1 at the top. */
  parent: number;
  /** A map key (UBJSON keys have no marker: `offset` is their length field). */
  isKey: boolean;
  /**
   * The declared length or count: `[offset, end)` of the bytes that hold it. CBOR: the whole
   * head (RFC 8949 §3: major type and argument). UBJSON: the integer (marker and payload) after
   * `S`/`H`, a key, or `#`. Absent for indefinite lengths and uncounted containers.
   */
  length?: { offset: number; end: number };
}

// RFC 8949 §3: additional information 24..27 means 1, 2, 4 or 8 argument bytes follow.
const ARGUMENT_BYTES: Record<number, number> = { 24: 1, 25: 2, 26: 4, 27: 8 };

class Cursor {
  pos = 0;
  readonly items: Item[] = [];
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.pos >= this.bytes.length) throw new RangeError(`seed ends early at ${this.pos}`);
    return this.bytes[this.pos++];
  }

  /** Big-endian unsigned integer of `size` bytes (as a number: seeds hold no huge lengths). */
  unsigned(size: number): number {
    let value = 0;
    for (let index = 0; index < size; index++) value = value * 256 + this.byte();
    return value;
  }

  add(item: Omit<Item, 'end'>): number {
    this.items.push({ ...item, end: -1 });
    return this.items.length - 1;
  }
}

/** The items of a CBOR encoding, in document order (containers before their contents). */
export function walkCbor(bytes: Uint8Array): Item[] {
  const cursor = new Cursor(bytes);
  cborItem(cursor, -1, false);
  if (cursor.pos !== bytes.length) throw new RangeError(`seed has ${bytes.length - cursor.pos} trailing bytes`);
  return cursor.items;
}

function cborItem(cursor: Cursor, parent: number, isKey: boolean): void {
  const offset = cursor.pos;
  const initial = cursor.byte();
  const major = initial >> 5;
  const info = initial & 31;
  const indefinite = info === 31;
  const argument = info < 24 ? info : indefinite ? -1 : cursor.unsigned(ARGUMENT_BYTES[info] ?? Number.NaN);
  const kinds: ItemKind[] = ['scalar', 'scalar', 'bytes', 'text', 'array', 'map', 'tag', 'scalar'];
  const kind = kinds[major];
  const hasLength = !indefinite && (kind === 'bytes' || kind === 'text' || kind === 'array' || kind === 'map');
  const index = cursor.add({ kind, offset, parent, isKey, ...(hasLength ? { length: { offset, end: cursor.pos } } : {}) });
  if (kind === 'bytes' || kind === 'text') {
    if (indefinite) while (cursor.bytes[cursor.pos] !== 0xff) cborItem(cursor, index, false);
    else cursor.pos += argument;
    if (indefinite) cursor.pos++;
  } else if (kind === 'array' || kind === 'map') {
    const perEntry = kind === 'map' ? 2 : 1;
    for (let count = 0; indefinite ? cursor.bytes[cursor.pos] !== 0xff : count < argument * perEntry; count++) {
      cborItem(cursor, index, kind === 'map' && count % 2 === 0);
    }
    if (indefinite) cursor.pos++;
  } else if (kind === 'tag') {
    cborItem(cursor, index, false);
  }
  // Major 7 (floats, simple values): the argument bytes were the whole payload.
  if (cursor.pos > cursor.bytes.length) throw new RangeError(`seed item at ${offset} runs past the end`);
  cursor.items[index].end = cursor.pos;
}

// UBJSON Draft 12 (type-reference.html): payload sizes of the fixed-size markers.
const UBJSON_FIXED: Record<string, number> = { Z: 0, N: 0, T: 0, F: 0, i: 1, U: 1, I: 2, l: 4, L: 8, d: 4, D: 8, C: 1 };
const UBJSON_INTEGERS: Record<string, number> = { i: 1, U: 1, I: 2, l: 4, L: 8 };

/** The items of a UBJSON encoding, in document order. */
export function walkUbjson(bytes: Uint8Array): Item[] {
  const cursor = new Cursor(bytes);
  ubjsonValue(cursor, String.fromCharCode(cursor.byte()), cursor.pos - 1, -1);
  if (cursor.pos !== bytes.length) throw new RangeError(`seed has ${bytes.length - cursor.pos} trailing bytes`);
  return cursor.items;
}

/** A length integer (marker and payload); returns its value and where it lies. */
function ubjsonLength(cursor: Cursor): { value: number; offset: number; end: number } {
  const offset = cursor.pos;
  const marker = String.fromCharCode(cursor.byte());
  const size = UBJSON_INTEGERS[marker];
  if (size === undefined) throw new RangeError(`seed has a non-integer length marker ${marker} at ${offset}`);
  let value = cursor.unsigned(size);
  if (marker === 'i' && value > 127) value -= 256;
  return { value, offset, end: cursor.pos };
}

/** A value whose marker (at `offset`) was read; `marker` is the declared type for typed containers. */
function ubjsonValue(cursor: Cursor, marker: string, offset: number, parent: number): void {
  if (marker in UBJSON_FIXED) {
    cursor.pos += UBJSON_FIXED[marker];
    cursor.items.push({ kind: 'scalar', offset, end: cursor.pos, parent, isKey: false });
  } else if (marker === 'S' || marker === 'H') {
    const length = ubjsonLength(cursor);
    cursor.pos += length.value;
    cursor.items.push({ kind: 'text', offset, end: cursor.pos, parent, isKey: false, length: { offset: length.offset, end: length.end } });
  } else if (marker === '[' || marker === '{') {
    ubjsonContainer(cursor, marker === '[' ? 'array' : 'map', offset, parent);
  } else {
    throw new RangeError(`seed has an unknown marker ${marker} at ${offset}`);
  }
}

function ubjsonContainer(cursor: Cursor, kind: 'array' | 'map', offset: number, parent: number): void {
  let type: string | undefined;
  if (cursor.bytes[cursor.pos] === 0x24) {
    cursor.pos++;
    type = String.fromCharCode(cursor.byte());
  }
  let count: { value: number; offset: number; end: number } | undefined;
  if (cursor.bytes[cursor.pos] === 0x23) {
    cursor.pos++;
    count = ubjsonLength(cursor);
  }
  const index = cursor.add({ kind, offset, parent, isKey: false, ...(count ? { length: { offset: count.offset, end: count.end } } : {}) });
  const close = kind === 'array' ? 0x5d : 0x7d;
  for (let seen = 0; count ? seen < count.value : cursor.bytes[cursor.pos] !== close; seen++) {
    // A no-op between elements or before a key, not counted (value-types.html#noop); typed
    // array elements have no marker, so there a 0x4e byte is payload.
    if ((type === undefined || kind === 'map') && cursor.bytes[cursor.pos] === 0x4e) {
      cursor.pos++;
      seen--;
      continue;
    }
    if (kind === 'map') {
      const key = ubjsonLength(cursor);
      cursor.pos += key.value;
      cursor.items.push({ kind: 'text', offset: key.offset, end: cursor.pos, parent: index, isKey: true, length: { offset: key.offset, end: key.end } });
    }
    const valueOffset = cursor.pos;
    ubjsonValue(cursor, type ?? String.fromCharCode(cursor.byte()), valueOffset, index);
  }
  if (count === undefined) cursor.pos++;
  cursor.items[index].end = cursor.pos;
}

/** The items of a MessagePack encoding, in document order (spec.md "Overview of formats"). */
export function walkMsgpack(bytes: Uint8Array): Item[] {
  const cursor = new Cursor(bytes);
  msgpackItem(cursor, -1, false);
  if (cursor.pos !== bytes.length) throw new RangeError(`seed has ${bytes.length - cursor.pos} trailing bytes`);
  return cursor.items;
}

// Payload bytes of the fixed-size formats from 0xc0: nil, (never used), false, true, …, float32/64, uint8..64, int8..64, fixext1..16 (type byte included).
const MSGPACK_FIXED: Record<number, number> = { 0xc0: 0, 0xc2: 0, 0xc3: 0, 0xca: 4, 0xcb: 8, 0xcc: 1, 0xcd: 2, 0xce: 4, 0xcf: 8, 0xd0: 1, 0xd1: 2, 0xd2: 4, 0xd3: 8, 0xd4: 2, 0xd5: 3, 0xd6: 5, 0xd7: 9, 0xd8: 17 };
// The 8/16/32-bit length forms: [kind, length bytes].
const MSGPACK_SIZED: Record<number, [ItemKind, number]> = {
  0xc4: ['bytes', 1], 0xc5: ['bytes', 2], 0xc6: ['bytes', 4], 0xc7: ['bytes', 1], 0xc8: ['bytes', 2], 0xc9: ['bytes', 4],
  0xd9: ['text', 1], 0xda: ['text', 2], 0xdb: ['text', 4], 0xdc: ['array', 2], 0xdd: ['array', 4], 0xde: ['map', 2], 0xdf: ['map', 4],
};

function msgpackItem(cursor: Cursor, parent: number, isKey: boolean): void {
  const offset = cursor.pos;
  const first = cursor.byte();
  let kind: ItemKind;
  let length: number;
  if (first < 0x80 || first >= 0xe0) {
    cursor.items.push({ kind: 'scalar', offset, end: cursor.pos, parent, isKey });
    return;
  } else if (first < 0x90) [kind, length] = ['map', first & 0x0f];
  else if (first < 0xa0) [kind, length] = ['array', first & 0x0f];
  else if (first < 0xc0) [kind, length] = ['text', first & 0x1f];
  else if (first in MSGPACK_FIXED) {
    cursor.pos += MSGPACK_FIXED[first];
    cursor.items.push({ kind: 'scalar', offset, end: cursor.pos, parent, isKey });
    return;
  } else if (first in MSGPACK_SIZED) {
    [kind, length] = [MSGPACK_SIZED[first][0], cursor.unsigned(MSGPACK_SIZED[first][1])];
    // ext8/16/32: the type byte follows the length.
    if (first >= 0xc7 && first <= 0xc9) cursor.pos++;
  } else throw new RangeError(`seed has 0x${first.toString(16)} at ${offset}`);
  const index = cursor.add({ kind, offset, parent, isKey, length: { offset, end: cursor.pos } });
  if (kind === 'text' || kind === 'bytes') cursor.pos += length;
  else for (let count = 0; count < (kind === 'map' ? length * 2 : length); count++) msgpackItem(cursor, index, kind === 'map' && count % 2 === 0);
  if (cursor.pos > cursor.bytes.length) throw new RangeError(`seed item at ${offset} runs past the end`);
  cursor.items[index].end = cursor.pos;
}
