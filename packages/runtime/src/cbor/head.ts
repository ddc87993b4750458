import type { Writer } from '../writer.js';
import { uint32At, type Reader } from '../reader.js';
import { NOT_WELL_FORMED } from '../errors.js';
import { Info } from './constants.js';

/**
 * Writes the shortest head for `major` and a non-negative `argument` <= 2^53-1 at `pos`
 * (RFC 8949 §4.2.1: preferred serialization) and returns the position after it. The caller
 * guarantees 9 bytes of room.
 */
export function writeHeadAt(uint8: Uint8Array, pos: number, major: number, argument: number): number {
  const type = major << 5;
  if (argument < 24) {
    uint8[pos++] = type | argument;
  } else if (argument < 0x100) {
    uint8[pos++] = type | Info.OneByte;
    uint8[pos++] = argument;
  } else if (argument < 0x1_0000) {
    uint8[pos++] = type | Info.TwoBytes;
    uint8[pos++] = argument >>> 8;
    uint8[pos++] = argument;
  } else if (argument < 0x1_0000_0000) {
    uint8[pos++] = type | Info.FourBytes;
    uint8[pos++] = argument >>> 24;
    uint8[pos++] = argument >>> 16;
    uint8[pos++] = argument >>> 8;
    uint8[pos++] = argument;
  } else {
    const high = Math.floor(argument / 0x1_0000_0000);
    const low = argument >>> 0;
    uint8[pos++] = type | Info.EightBytes;
    uint8[pos++] = high >>> 24;
    uint8[pos++] = high >>> 16;
    uint8[pos++] = high >>> 8;
    uint8[pos++] = high;
    uint8[pos++] = low >>> 24;
    uint8[pos++] = low >>> 16;
    uint8[pos++] = low >>> 8;
    uint8[pos++] = low;
  }
  return pos;
}

/** `writeHeadAt` through a `Writer`, with the capacity check. */
export function writeHead(writer: Writer, major: number, argument: number): void {
  writer.ensure(9);
  writer.pos = writeHeadAt(writer.uint8, writer.pos, major, argument);
}

/** Size in bytes of the shortest head for `argument`. */
export function headSize(argument: number): number {
  return argument < 24 ? 1 : argument < 0x100 ? 2 : argument < 0x1_0000 ? 3 : argument < 0x1_0000_0000 ? 5 : 9;
}

/**
 * Reads the argument that follows an initial byte whose additional information is `info`
 * (the initial byte at `headOffset` is already consumed). Accepts every width, shortest or not.
 * Returns -1 for 31 (indefinite length or break: the caller decides whether its major type
 * allows it). An 8-byte argument above 2^53-1 comes back as an inexact double: callers that
 * need it exactly (integers) use `readArgumentBig`; as a length it exceeds any input anyway.
 * Throws `not-well-formed` at `headOffset` for the reserved values 28..30.
 */
export function readArgument(reader: Reader, info: number, headOffset: number): number {
  if (info < 24) return info;
  switch (info) {
    case Info.OneByte:
      return reader.u8();
    case Info.TwoBytes:
      return reader.u16();
    case Info.FourBytes:
      return reader.u32();
    case Info.EightBytes: {
      reader.need(8);
      const value = uint32At(reader.uint8, reader.pos) * 0x1_0000_0000 + uint32At(reader.uint8, reader.pos + 4);
      reader.pos += 8;
      return value;
    }
    case Info.Indefinite:
      return -1;
    default:
      return reader.fail(NOT_WELL_FORMED, `reserved additional information ${info}`, headOffset);
  }
}

/** The 8-byte argument at `pos` exactly, as a bigint (the initial byte is consumed). */
export function readArgumentBig(reader: Reader): bigint {
  reader.need(8);
  const value = reader.view.getBigUint64(reader.pos);
  reader.pos += 8;
  return value;
}
