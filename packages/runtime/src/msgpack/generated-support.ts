/**
 * MessagePack helpers for generated modules: head readers that check the item's type and its
 * length against the input, and scalar readers with the schema path in their errors. Each is a
 * small monomorphic function a generated decoder calls in place of the generic `readAny`; the
 * head writers (`writeArrayHead` …) and scalar writers (`writeText`, `writeInteger`,
 * `writeNumber`) are in head.ts and encode-scalars.ts, shared with the generic encoder.
 */
import { DecodeError, hexByte, TOO_DEEP, UNEXPECTED_TYPE, UNSUPPORTED_VALUE } from '../errors.js';
import { outOfBounds } from '../generated-support.js';
import { float32At, float64At, uint32At, type Reader } from '../reader.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Byte, Kind, kindOf } from './constants.js';
import { lengthWidth, readLength } from './head.js';
import { EncodeSettings } from './options.js';
import { KeyCache } from '../key-cache.js';

/**
 * Pre-encoded constants (map heads, keys) from 32-bit words: the format-neutral helper,
 * re-exported so generated MessagePack modules import one subpath.
 */
export { writeConstant } from '../generated-support.js';

/** A decoder failure at byte `offset`, naming the schema location. */
export function decodeFailure(code: string, what: string, offset: number, schemaPath: string): DecodeError {
  return new DecodeError('msgpack', code, what, offset, schemaPath);
}

/** The failure for an item of the wrong type at `offset`. */
export function expectedType(reader: Reader, expected: string, offset: number, schemaPath: string): DecodeError {
  return decodeFailure(UNEXPECTED_TYPE, `expected ${expected}, got ${hexByte(reader.uint8[offset])}`, offset, schemaPath);
}

/** Nesting past DEFAULT_MAX_DEPTH levels, as the generic decoder stops. */
export function tooDeep(offset: number, schemaPath: string): DecodeError {
  return decodeFailure(TOO_DEEP, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, offset, schemaPath);
}

/**
 * Consumes the head of an item of `kind` and returns its length (str, bin) or count (array:
 * elements, map: entries), checked against the bytes left as the generic decoder checks it (a
 * string's bytes, one byte per element, two per entry): `unexpected-end` at the end of input
 * before anything is allocated. Another kind of item is `unexpected-type`, nothing consumed.
 */
function readSizedHead(reader: Reader, kind: number, expected: string, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const first = reader.uint8[offset];
  if (kindOf(first) !== kind) throw expectedType(reader, expected, offset, schemaPath);
  reader.pos = offset + 1;
  const width = lengthWidth(first);
  const length = width !== 0 ? readLength(reader, width) : first & (kind === Kind.Str ? 0x1f : 0x0f);
  reader.need(kind === Kind.Map ? length * 2 : length);
  return length;
}

/** fixarray, array16, array32: the element count. fixarray inline, as CBOR's `readContainerHead` reads a short head. */
export function readArrayHead(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset < reader.end) {
    const first = reader.uint8[offset];
    if ((first & 0xf0) === Byte.Fixarray) {
      reader.pos = offset + 1;
      reader.need(first & 0x0f);
      return first & 0x0f;
    }
  }
  return readSizedHead(reader, Kind.Array, 'array', schemaPath);
}

/** fixmap, map16, map32: the entry count. fixmap inline (see `readArrayHead`). */
export function readMapHead(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset < reader.end) {
    const first = reader.uint8[offset];
    if ((first & 0xf0) === Byte.Fixmap) {
      reader.pos = offset + 1;
      reader.need((first & 0x0f) * 2);
      return first & 0x0f;
    }
  }
  return readSizedHead(reader, Kind.Map, 'map', schemaPath);
}

/** fixstr, str8, str16, str32: the byte length (the UTF-8 follows). */
export function readStrHead(reader: Reader, schemaPath: string): number {
  return readSizedHead(reader, Kind.Str, 'str', schemaPath);
}

/** A str as strict UTF-8; fixstr and str8 (up to 255 bytes) inline. */
export function readString(reader: Reader, schemaPath: string): string {
  const offset = reader.pos;
  if (offset < reader.end) {
    const first = reader.uint8[offset];
    if (first >= Byte.Fixstr && first < Byte.Nil) {
      reader.pos = offset + 1;
      return reader.utf8(first & 0x1f);
    }
    if (first === Byte.Str8 && offset + 1 < reader.end) {
      reader.pos = offset + 2;
      return reader.utf8(reader.uint8[offset + 1]);
    }
  }
  return reader.utf8(readStrHead(reader, schemaPath));
}

/** A bin (bin8, bin16, bin32) as a copy of its bytes. */
export function readBytes(reader: Reader, schemaPath: string): Uint8Array {
  const length = readSizedHead(reader, Kind.Bin, 'bin', schemaPath);
  return reader.bytes(length).slice();
}

/**
 * At a str head (a map key): consumes it and returns the byte length, checked against the input.
 * Anything else: -1, nothing consumed (the caller reads the key with the generic decoder).
 */
export function strKeyLength(reader: Reader): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const first = reader.uint8[offset];
  if ((first & 0xe0) === Byte.Fixstr) {
    reader.pos = offset + 1;
    reader.need(first & 0x1f);
    return first & 0x1f;
  }
  if (kindOf(first) !== Kind.Str) return -1;
  reader.pos = offset + 1;
  const width = lengthWidth(first);
  const length = width !== 0 ? readLength(reader, width) : first & 0x1f;
  reader.need(length);
  return length;
}

/** Interned map keys of every generated MessagePack decoder. */
const KEYS = /* @__PURE__ */ new KeyCache();

/** A map key: must be a str (a JSON object's keys are strings), interned. */
export function readKey(reader: Reader, schemaPath: string): string {
  const offset = reader.pos;
  const length = strKeyLength(reader);
  if (length < 0) throw expectedType(reader, 'str key', offset, schemaPath);
  const key = KEYS.get(reader.uint8, reader.pos, length);
  if (key === undefined) reader.fail('invalid-utf8', 'invalid UTF-8 in str', reader.pos);
  reader.pos += length;
  return key;
}

/**
 * A number: an int or uint of any width, or a float32/float64. Fixints, the 8/16/32-bit integers
 * and both floats are read inline (the generic dispatch was half the time of a numbers decode);
 * a 64-bit integer beyond ±(2^53-1) (a bigint in the generic decoder) is taken when the double
 * holds it exactly and is `unsupported-value` otherwise, as the CBOR helper does.
 */
export function readNumberItem(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  const end = reader.end;
  if (offset >= end) reader.failEnd(1);
  const uint8 = reader.uint8;
  const first = uint8[offset];
  if (first < 0x80) {
    reader.pos = offset + 1;
    return first;
  }
  if (first >= Byte.NegativeFixint) {
    reader.pos = offset + 1;
    return first - 0x100;
  }
  if (first < Byte.Float32 || first > Byte.Int64) throw expectedType(reader, 'number', offset, schemaPath);
  const width = NUMBER_WIDTH[first - Byte.Float32];
  const at = offset + 1;
  if (at + width > end) reader.failEnd(width + 1);
  switch (first) {
    case Byte.Float32:
      reader.pos = at + 4;
      return float32At(uint8, at);
    case Byte.Float64:
      reader.pos = at + 8;
      return float64At(uint8, at);
    case Byte.Uint8:
      reader.pos = at + 1;
      return uint8[at];
    case Byte.Uint16:
      reader.pos = at + 2;
      return (uint8[at] << 8) | uint8[at + 1];
    case Byte.Uint32:
      reader.pos = at + 4;
      return uint32At(uint8, at);
    case Byte.Int8:
      reader.pos = at + 1;
      return (uint8[at] << 24) >> 24;
    case Byte.Int16:
      reader.pos = at + 2;
      return (((uint8[at] << 8) | uint8[at + 1]) << 16) >> 16;
    case Byte.Int32:
      reader.pos = at + 4;
      return (uint8[at] << 24) | (uint8[at + 1] << 16) | (uint8[at + 2] << 8) | uint8[at + 3];
    default:
      return readWideInteger(reader, offset, schemaPath);
  }
}

/**
 * An integer (`"type": "integer"`): `readNumberItem` and the check in one call, so a property of
 * that type is one line of generated code.
 */
export function readIntegerItem(reader: Reader, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected integer', offset, schemaPath);
  if (value < minimum || value > maximum) throw outOfBounds(reader, value, minimum, maximum, offset, schemaPath);
  return value;
}

/** A finite number (`"type": "number"`; JSON has no NaN or infinities), as `readIntegerItem`. */
export function readFiniteItem(reader: Reader, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected a finite number', offset, schemaPath);
  if (value < minimum || value > maximum) throw outOfBounds(reader, value, minimum, maximum, offset, schemaPath);
  return value;
}

/** Payload bytes of float32, float64, uint8..64, int8..64 (0xca-0xd3). */
const NUMBER_WIDTH: readonly number[] = [4, 8, 1, 2, 4, 8, 1, 2, 4, 8];

/** uint64 or int64 at `offset` (its 8 bytes are there): a number when the double holds it exactly, else `unsupported-value`. */
function readWideInteger(reader: Reader, offset: number, schemaPath: string): number {
  reader.pos = offset + 1;
  // As the generic decoder reads them: beyond ±(2^53 - 1) a bigint.
  const value = reader.uint8[offset] === Byte.Uint64 ? reader.u64() : reader.i64();
  if (typeof value === 'number') return value;
  const exact = Number(value);
  if (BigInt(exact) !== value) throw decodeFailure(UNSUPPORTED_VALUE, `integer ${value} is not exactly representable as a number`, offset, schemaPath);
  return exact;
}

/** `false` (0xc2) or `true` (0xc3). */
export function readBooleanItem(reader: Reader, schemaPath: string): boolean {
  const offset = reader.pos;
  const first = reader.u8();
  if (first === Byte.True) return true;
  if (first !== Byte.False) throw expectedType(reader, 'boolean', offset, schemaPath);
  return false;
}

/** `nil` (0xc0). */
export function readNullItem(reader: Reader, schemaPath: string): null {
  const offset = reader.pos;
  if (reader.u8() !== Byte.Nil) throw expectedType(reader, 'nil', offset, schemaPath);
  return null;
}

/**
 * `writeAny` settings with `depth` nesting levels left, one per depth, built once (an options
 * object per call would cost an allocation and a settings object each time).
 */
const ANY_SETTINGS: EncodeSettings[] = [];
export function anySettingsAt(depth: number): EncodeSettings {
  return (ANY_SETTINGS[depth] ??= new EncodeSettings({ maxDepth: depth }));
}

/**
 * `writeAny` settings with `depth` nesting levels left, of modules compiled with `largeIntegers:
 * 'float64'` (integers past 32 bits as float64), one per depth, built once.
 */
const FLOAT64_ANY_SETTINGS: EncodeSettings[] = [];
export function anyFloat64SettingsAt(depth: number): EncodeSettings {
  return (FLOAT64_ANY_SETTINGS[depth] ??= new EncodeSettings({ maxDepth: depth, largeIntegers: 'float64' }));
}
