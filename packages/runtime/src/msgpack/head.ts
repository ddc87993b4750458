/**
 * Heads of MessagePack items: the first byte and the length, count or type after it. Writers pick
 * the smallest form (spec.md: "serializers SHOULD use the format which represents the data in
 * the smallest number of bytes"); `readHead` reads every form, the wider ones too, and checks a
 * declared length or count against the bytes left before anything is built from it.
 */
import type { Writer } from '../writer.js';
import { uint32At, type Reader } from '../reader.js';
import { NOT_WELL_FORMED } from '../errors.js';
import { Byte, Kind, kindOf } from './constants.js';

/** Bytes of the smallest str head for `length` bytes of UTF-8: fixstr, str8, str16 or str32. */
export function strHeadSize(length: number): number {
  return length < 32 ? 1 : length < 0x100 ? 2 : length < 0x1_0000 ? 3 : 5;
}

/** Writes the smallest str head at `pos` (5 bytes of room) and returns the position after it. */
export function writeStrHeadAt(uint8: Uint8Array, pos: number, length: number): number {
  if (length < 32) {
    uint8[pos] = Byte.Fixstr | length;
    return pos + 1;
  }
  return writeSizedAt(uint8, pos, length < 0x100 ? Byte.Str8 : length < 0x1_0000 ? Byte.Str16 : Byte.Str32, length);
}

/** The smallest str head for `length` bytes (the caller writes the UTF-8). */
export function writeStrHead(writer: Writer, length: number): void {
  writer.ensure(5);
  writer.pos = writeStrHeadAt(writer.uint8, writer.pos, length);
}

/** The smallest bin head (bin8, bin16, bin32: bin has no fix form). */
export function writeBinHead(writer: Writer, length: number): void {
  writer.ensure(5);
  writer.pos = writeSizedAt(writer.uint8, writer.pos, length < 0x100 ? Byte.Bin8 : length < 0x1_0000 ? Byte.Bin16 : Byte.Bin32, length);
}

/** The smallest array head: fixarray (< 16), array16, array32. */
export function writeArrayHead(writer: Writer, length: number): void {
  writer.ensure(5);
  if (length < 16) writer.uint8[writer.pos++] = Byte.Fixarray | length;
  else writer.pos = writeSizedAt(writer.uint8, writer.pos, length < 0x1_0000 ? Byte.Array16 : Byte.Array32, length);
}

/** The smallest map head (`length` entries): fixmap (< 16), map16, map32. */
export function writeMapHead(writer: Writer, length: number): void {
  writer.ensure(5);
  if (length < 16) writer.uint8[writer.pos++] = Byte.Fixmap | length;
  else writer.pos = writeSizedAt(writer.uint8, writer.pos, length < 0x1_0000 ? Byte.Map16 : Byte.Map32, length);
}

/** fixext 1, 2, 4, 8 and 16 by data length; other lengths take ext8/16/32. */
const FIXEXT: Record<number, number> = { 1: Byte.FixExt1, 2: Byte.FixExt2, 4: Byte.FixExt4, 8: Byte.FixExt8, 16: Byte.FixExt16 };

/** The smallest ext head for `length` data bytes of extension `type` (-128..127). */
export function writeExtHead(writer: Writer, type: number, length: number): void {
  writer.ensure(6);
  const uint8 = writer.uint8;
  const fixed = FIXEXT[length];
  if (fixed !== undefined) uint8[writer.pos++] = fixed;
  else writer.pos = writeSizedAt(uint8, writer.pos, length < 0x100 ? Byte.Ext8 : length < 0x1_0000 ? Byte.Ext16 : Byte.Ext32, length);
  uint8[writer.pos++] = type & 0xff;
}

/** `first`, then `length` big-endian in the width that `first` names (8, 16 or 32 bits). */
function writeSizedAt(uint8: Uint8Array, pos: number, first: number, length: number): number {
  uint8[pos++] = first;
  const width = lengthWidth(first);
  if (width === 4) {
    uint8[pos++] = length >>> 24;
    uint8[pos++] = length >>> 16;
  }
  if (width >= 2) uint8[pos++] = length >>> 8;
  uint8[pos++] = length;
  return pos;
}

/**
 * Bytes of the length or count field after `first`: 1, 2 or 4 for the 8/16/32-bit forms of str,
 * bin, ext, array and map; 0 for fix forms and every other format.
 */
export function lengthWidth(first: number): number {
  switch (first) {
    case Byte.Bin8:
    case Byte.Ext8:
    case Byte.Str8:
      return 1;
    case Byte.Bin16:
    case Byte.Ext16:
    case Byte.Str16:
    case Byte.Array16:
    case Byte.Map16:
      return 2;
    case Byte.Bin32:
    case Byte.Ext32:
    case Byte.Str32:
    case Byte.Array32:
    case Byte.Map32:
      return 4;
    default:
      return 0;
  }
}

/** Bytes of a fixed-size scalar's payload after `first` (ints, floats; 0 for fixints, nil, booleans). */
export function scalarWidth(first: number): number {
  switch (first) {
    case Byte.Uint8:
    case Byte.Int8:
      return 1;
    case Byte.Uint16:
    case Byte.Int16:
      return 2;
    case Byte.Uint32:
    case Byte.Int32:
    case Byte.Float32:
      return 4;
    case Byte.Uint64:
    case Byte.Int64:
    case Byte.Float64:
      return 8;
    default:
      return 0;
  }
}

/** Data bytes of fixext 1..16 (0xd4-0xd8). */
export function fixextLength(first: number): number {
  return 1 << (first - Byte.FixExt1);
}

/** The fields of the head `readHead` read last (one shared object: the walk allocates nothing per item). */
export const HEAD = {
  /** The first byte. */
  first: 0,
  /** `Kind` of the item. */
  kind: 0,
  /** str, bin, ext: data bytes; array: elements; map: entries; scalars: payload bytes after the first byte. */
  length: 0,
  /** ext: the extension type (-128..127). */
  type: 0,
};

/**
 * Reads the head at `reader.pos` into `HEAD` and leaves `pos` after it (before a str's bytes, an
 * ext's data, a scalar's payload, an array's first element). A length past the input (str, bin,
 * ext data; a count past the bytes left, each element taking one byte and each entry two) is
 * `unexpected-end` at the end of input, found before anything is read or built from it; 0xc1 is
 * `not-well-formed`.
 */
export function readHead(reader: Reader): void {
  const offset = reader.pos;
  const first = reader.u8();
  const kind = kindOf(first);
  HEAD.first = first;
  HEAD.kind = kind;
  HEAD.type = 0;
  switch (kind) {
    case Kind.NeverUsed:
      reader.fail(NOT_WELL_FORMED, 'reserved byte 0xc1 (never used)', offset);
    // falls through: fail never returns
    case Kind.Int:
    case Kind.Nil:
    case Kind.Bool:
    case Kind.Float:
      HEAD.length = scalarWidth(first);
      reader.need(HEAD.length);
      return;
    case Kind.Ext:
      HEAD.length = first >= Byte.FixExt1 ? fixextLength(first) : readLength(reader, lengthWidth(first));
      HEAD.type = reader.i8();
      reader.need(HEAD.length);
      return;
    default: {
      const width = lengthWidth(first);
      const length = width !== 0 ? readLength(reader, width) : first & (kind === Kind.Str ? 0x1f : 0x0f);
      HEAD.length = length;
      // Each element takes at least one byte, each entry two.
      reader.need(kind === Kind.Map ? length * 2 : length);
    }
  }
}

/** An unsigned big-endian length of `width` (1, 2 or 4) bytes. */
export function readLength(reader: Reader, width: number): number {
  if (width === 1) return reader.u8();
  if (width === 2) return reader.u16();
  return reader.u32();
}

/** The unsigned 32-bit big-endian length at `pos` of `width` bytes (the caller checked the bounds). */
export function lengthAt(uint8: Uint8Array, pos: number, width: number): number {
  if (width === 1) return uint8[pos];
  if (width === 2) return (uint8[pos] << 8) | uint8[pos + 1];
  return uint32At(uint8, pos);
}
