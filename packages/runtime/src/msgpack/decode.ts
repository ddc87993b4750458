import { float32At, float64At, type Reader } from '../reader.js';
import { INVALID_UTF8, NOT_WELL_FORMED, TOO_DEEP } from '../errors.js';
import { preallocate } from '../preallocate.js';
import { readBin, readText } from './decode-scalars.js';
import { isLargeIndexLike, makeElementsSparse } from '../object-entries.js';
import { Byte, TIMESTAMP_TYPE } from './constants.js';
import { readEntries } from './decode-map.js';
import { readTimestamp } from './timestamp.js';
import { extensionFailure } from './extensions.js';
import { Ext } from './values.js';
import { decodeSettings, type DecodeSettings, type MsgpackDecodeOptions } from './options.js';

/**
 * The generic decoder: one item from the reader's position with `depth` nesting levels left
 * (generated code uses it for `{}` schemas). Throws only `DecodeError`.
 */
export function readAny(reader: Reader, depth: number, options?: MsgpackDecodeOptions | DecodeSettings): unknown {
  return readItem(reader, depth, decodeSettings(options));
}

/**
 * One item. Fix formats (fixints, fixstr, fixarray, fixmap) are tested by range first, then one
 * switch on the first byte (spec.md "Formats") reads the rest; the common cases return from this
 * function without further calls. Its length is deliberate: splitting it costs a call per item.
 */
export function readItem(reader: Reader, depth: number, settings: DecodeSettings): unknown {
  const uint8 = reader.uint8;
  const end = reader.end;
  const offset = reader.pos;
  if (offset >= end) reader.failEnd(1);
  const first = uint8[offset];
  const pos = offset + 1;
  reader.pos = pos;
  if (first < 0x80) return first;
  if (first >= Byte.NegativeFixint) return first - 0x100;
  if (first < Byte.Fixarray) return readMap(reader, first & 0x0f, offset, depth, settings);
  if (first < Byte.Fixstr) return readArray(reader, first & 0x0f, offset, depth, settings);
  if (first < Byte.Nil) return readText(reader, pos, first & 0x1f);
  let length: number;
  switch (first) {
    case Byte.Nil:
      return null;
    case Byte.False:
      return false;
    case Byte.True:
      return true;
    case Byte.Float32:
      if (end - pos < 4) reader.failEnd(4);
      reader.pos = pos + 4;
      return float32At(uint8, pos);
    case Byte.Float64:
      if (end - pos < 8) reader.failEnd(8);
      reader.pos = pos + 8;
      return float64At(uint8, pos);
    case Byte.Uint8:
      return reader.u8();
    case Byte.Uint16:
      return reader.u16();
    case Byte.Uint32:
      return reader.u32();
    case Byte.Uint64:
      return readUint64(reader, settings);
    case Byte.Int8:
      return reader.i8();
    case Byte.Int16:
      return reader.i16();
    case Byte.Int32:
      return reader.i32();
    case Byte.Int64:
      return readInt64(reader, settings);
    case Byte.Str8:
      length = reader.u8();
      return readText(reader, pos + 1, length);
    case Byte.Str16:
      length = reader.u16();
      return readText(reader, pos + 2, length);
    case Byte.Str32:
      length = reader.u32();
      return readText(reader, pos + 4, length);
    case Byte.Bin8:
      return readBin(reader, reader.u8());
    case Byte.Bin16:
      return readBin(reader, reader.u16());
    case Byte.Bin32:
      return readBin(reader, reader.u32());
    case Byte.Array16:
      return readArray(reader, reader.u16(), offset, depth, settings);
    case Byte.Array32:
      return readArray(reader, reader.u32(), offset, depth, settings);
    case Byte.Map16:
      return readMap(reader, reader.u16(), offset, depth, settings);
    case Byte.Map32:
      return readMap(reader, reader.u32(), offset, depth, settings);
    case Byte.Ext8:
      return readExt(reader, reader.u8(), offset, settings);
    case Byte.Ext16:
      return readExt(reader, reader.u16(), offset, settings);
    case Byte.Ext32:
      return readExt(reader, reader.u32(), offset, settings);
    case Byte.FixExt1:
    case Byte.FixExt2:
    case Byte.FixExt4:
    case Byte.FixExt8:
    case Byte.FixExt16:
      return readExt(reader, 1 << (first - Byte.FixExt1), offset, settings);
    default:
      return reader.fail(NOT_WELL_FORMED, 'reserved byte 0xc1 (never used)', offset);
  }
}

function readUint64(reader: Reader, settings: DecodeSettings): number | bigint {
  if (settings.int64Bigint) {
    reader.need(8);
    const value = reader.view.getBigUint64(reader.pos);
    reader.pos += 8;
    return value;
  }
  return reader.u64();
}

function readInt64(reader: Reader, settings: DecodeSettings): number | bigint {
  if (settings.int64Bigint) {
    reader.need(8);
    const value = reader.view.getBigInt64(reader.pos);
    reader.pos += 8;
    return value;
  }
  return reader.i64();
}

/** Ext data of `length` bytes after the type byte at `reader.pos` (head at `offset`). */
function readExt(reader: Reader, length: number, offset: number, settings: DecodeSettings): unknown {
  const type = reader.i8();
  const start = reader.pos;
  if (length > reader.end - start) reader.failEnd(length);
  const read = settings.extReaders?.get(type);
  if (read !== undefined) {
    reader.pos = start + length;
    try {
      return read(reader.uint8.slice(start, start + length));
    } catch (error) {
      throw extensionFailure(error, type, offset);
    }
  }
  if (type === TIMESTAMP_TYPE) return readTimestamp(reader, length, offset, !settings.timestampObject);
  reader.pos = start + length;
  return new Ext(type, reader.uint8.slice(start, start + length));
}

function readArray(reader: Reader, count: number, offset: number, depth: number, settings: DecodeSettings): unknown[] {
  if (depth === 0) tooDeep(reader, settings, offset);
  // Each element takes at least one byte: a count past the input fails before anything is built.
  if (count > reader.end - reader.pos) reader.failEnd(count);
  // Sized up front only within the input's slot budget (`preallocate`), so nested heads cannot
  // claim the same bytes again.
  const array: unknown[] = preallocate(reader, count);
  const uint8 = reader.uint8;
  for (let index = 0; index < count; index++) {
    // Fixints without the call.
    const pos = reader.pos;
    const first = pos < reader.end ? uint8[pos] : Byte.Nil;
    if (first < 0x80) {
      array[index] = first;
      reader.pos = pos + 1;
    } else if (first >= Byte.NegativeFixint) {
      array[index] = first - 0x100;
      reader.pos = pos + 1;
    } else {
      array[index] = readItem(reader, depth - 1, settings);
    }
  }
  return array;
}

function readMap(reader: Reader, count: number, offset: number, depth: number, settings: DecodeSettings): unknown {
  if (depth === 0) tooDeep(reader, settings, offset);
  // Each entry takes at least two bytes.
  if (count * 2 > reader.end - reader.pos) reader.failEnd(count * 2);
  const object: Record<string, unknown> = {};
  if (settings.rejectDuplicates) return readEntries(reader, object, count, depth - 1, settings);
  const uint8 = reader.uint8;
  const keys = settings.keys;
  let sparse = false;
  for (let index = 0; index < count; index++) {
    // Fast path: a fixstr or str8 key, interned through the key cache.
    const keyOffset = reader.pos;
    const first = keyOffset < reader.end ? uint8[keyOffset] : 0;
    const headSize = first === Byte.Str8 ? 2 : 1;
    const length = first === Byte.Str8 ? (keyOffset + 1 < reader.end ? uint8[keyOffset + 1] : -1) : first >= Byte.Fixstr && first < Byte.Nil ? first & 0x1f : -1;
    let key: string | undefined;
    if (length >= 0 && length <= reader.end - keyOffset - headSize) {
      key = keys.get(uint8, keyOffset + headSize, length);
      if (key === undefined) reader.fail(INVALID_UTF8, 'invalid UTF-8 in map key', keyOffset + headSize);
      reader.pos = keyOffset + headSize + length;
    } else {
      const item = readItem(reader, depth - 1, settings);
      if (typeof item !== 'string') {
        reader.pos = keyOffset;
        return readEntries(reader, object, count - index, depth - 1, settings);
      }
      key = item;
    }
    const value = readItem(reader, depth - 1, settings);
    if (!sparse && isLargeIndexLike(key)) sparse = makeElementsSparse(object);
    // An own property, never the prototype setter.
    if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    else object[key] = value;
  }
  return object;
}

export function tooDeep(reader: Reader, settings: { maxDepth: number }, offset: number): never {
  return reader.fail(TOO_DEEP, `nesting deeper than ${settings.maxDepth}`, offset);
}
