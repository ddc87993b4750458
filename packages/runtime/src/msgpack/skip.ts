import { Reader } from '../reader.js';
import { INVALID_UTF8, TOO_DEEP } from '../errors.js';
import { readUtf8 } from '../utf8-decode.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Byte, Kind, TIMESTAMP_TYPE } from './constants.js';
import { readText } from './decode-scalars.js';
import { HEAD, readHead } from './head.js';
import { readTimestamp } from './timestamp.js';

/**
 * Skips one item without building it, checking everything the decoder checks under the default
 * options (0xc1, lengths and counts against the input, strict UTF-8 in str, timestamps as a
 * `Date` would take them), with `depth` nesting levels left. Throws the `DecodeError` a decode would.
 */
export function skipAny(reader: Reader, depth: number): void {
  const offset = reader.pos;
  readHead(reader);
  const length = HEAD.length;
  switch (HEAD.kind) {
    case Kind.Str: {
      const start = reader.pos;
      if (readUtf8(reader.uint8, start, length) === undefined) reader.fail(INVALID_UTF8, 'invalid UTF-8 in str', start);
      reader.pos = start + length;
      return;
    }
    case Kind.Array:
    case Kind.Map: {
      if (depth === 0) reader.fail(TOO_DEEP, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, offset);
      const items = HEAD.kind === Kind.Map ? length * 2 : length;
      for (let index = 0; index < items; index++) skipAny(reader, depth - 1);
      return;
    }
    case Kind.Ext:
      if (HEAD.type === TIMESTAMP_TYPE) readTimestamp(reader, length, offset, true);
      else reader.pos += length;
      return;
    default:
      // Scalars and bin: `readHead` checked that the payload is there.
      reader.pos += length;
  }
}

/** What `readScalar` gives for an item that is not a scalar. */
export const NOT_SCALAR: unique symbol = /* @__PURE__ */ Symbol('not a scalar');

/**
 * One item as the generic decoder reads it with the default options (`readItem`: the same values,
 * error codes and offsets) when it is a JSON scalar: an int (a bigint beyond 2^53 - 1), a float,
 * nil, false, true or a str. Any other item (bin, ext, array, map) is skipped, checked as a
 * decode checks it, and read as `NOT_SCALAR`. For generated decoders' discriminators (JSON
 * scalars compared with `===`), without the generic decoder in their bundles.
 */
export function readScalar(reader: Reader, depth: number): unknown {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const first = reader.uint8[offset];
  const pos = offset + 1;
  reader.pos = pos;
  if (first < 0x80) return first;
  if (first >= Byte.NegativeFixint) return first - 0x100;
  if (first >= Byte.Fixstr && first < Byte.Nil) return readText(reader, pos, first & 0x1f);
  switch (first) {
    case Byte.Nil:
      return null;
    case Byte.False:
      return false;
    case Byte.True:
      return true;
    case Byte.Float32:
      return reader.f32();
    case Byte.Float64:
      return reader.f64();
    case Byte.Uint8:
      return reader.u8();
    case Byte.Uint16:
      return reader.u16();
    case Byte.Uint32:
      return reader.u32();
    case Byte.Uint64:
      return reader.u64();
    case Byte.Int8:
      return reader.i8();
    case Byte.Int16:
      return reader.i16();
    case Byte.Int32:
      return reader.i32();
    case Byte.Int64:
      return reader.i64();
    case Byte.Str8:
      return readText(reader, pos + 1, reader.u8());
    case Byte.Str16:
      return readText(reader, pos + 2, reader.u16());
    case Byte.Str32:
      return readText(reader, pos + 4, reader.u32());
    default:
      reader.pos = offset;
      skipAny(reader, depth);
      return NOT_SCALAR;
  }
}

/** Byte range of the item at `offset` (default 0) of `bytes`; trailing bytes are not looked at. */
export function skipItem(bytes: Uint8Array, offset = 0): { start: number; end: number } {
  const reader = new Reader('msgpack', bytes);
  reader.pos = offset;
  skipAny(reader, DEFAULT_MAX_DEPTH);
  return { start: offset, end: reader.pos };
}
