/**
 * Readers of the compact layout's UBJSON forms (README "Compact layout"), called by generated
 * decoders: the next element of a dense array, an enum's or variant's index, and a sparse
 * object's key as a position. They accept every valid encoding (counted and typed containers,
 * no-ops between elements, any integer marker) and refuse anything else at the item's offset.
 */
import { hexByte, type DecodeError } from '../errors.js';
import type { Reader } from '../reader.js';
import { CONTAINER, decodeFailure, expectedType } from './generated-support.js';
import { readLength } from './integer.js';
import { Marker } from './constants.js';

/**
 * The marker of element `index` of the array whose head was read (`count`: -1 for `]`-closed;
 * `type`: the `$` type, or 0), consumed; -1 when the array has ended (its `]` consumed).
 * No-ops before an element are skipped, as the generic decoder does (value-types.html#noop).
 */
export function nextElement(reader: Reader, count: number, index: number, type: number): number {
  if (count >= 0 && index >= count) return -1;
  if (type !== 0) {
    CONTAINER.implied = reader.pos;
    return type;
  }
  let marker: number;
  do {
    if (reader.pos >= reader.end) reader.failEnd(1);
    marker = reader.uint8[reader.pos++];
  } while (marker === Marker.NoOp);
  if (marker === Marker.ArrayEnd && count < 0) return -1;
  return marker;
}

/** A non-negative integer (any of `i U I l L`) after its consumed marker: an enum value's or a union variant's index. */
export function readIndex(reader: Reader, marker: number, schemaPath: string): number {
  const offset = reader.pos - 1;
  let value: number;
  switch (marker) {
    case 0x69: value = reader.i8(); break;
    case 0x55: value = reader.u8(); break;
    case 0x49: value = reader.i16(); break;
    case 0x6c: value = reader.i32(); break;
    case 0x4c: {
      reader.need(8);
      // Past 2^31 the index is out of every range anyway: the high word only has to stay non-zero.
      const high = reader.view.getInt32(reader.pos);
      const low = reader.view.getUint32(reader.pos + 4);
      reader.pos += 8;
      value = high === 0 ? low : high < 0 ? -1 : Number.MAX_SAFE_INTEGER;
      break;
    }
    default:
      throw expectedType(reader, 'an integer index', marker, schemaPath);
  }
  if (value < 0) throw decodeFailure('schema-violation', `negative index ${value}`, offset, schemaPath);
  return value;
}

/** The longest canonical position key: positions go up to 4095 (x-binschema-index), four digits. */
const MAX_POSITION_DIGITS = 4;

/**
 * A key of an object's sparse form, read whole: a position as canonical decimal text ("0", "7",
 * "12": digits only, no leading zero), or -1 for the empty key (the extra entries, or none). Any
 * other key is a `schema-violation` at its offset: it names no position.
 */
export function readPositionKey(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  const length = readLength(reader);
  const start = reader.pos;
  reader.pos = start + length;
  if (length === 0) return -1;
  const uint8 = reader.uint8;
  if (length > MAX_POSITION_DIGITS || (uint8[start] === 0x30 && length > 1)) throw noPosition(uint8[start], offset, schemaPath);
  let position = 0;
  for (let at = start; at < start + length; at++) {
    const digit = uint8[at] - 0x30;
    if (digit < 0 || digit > 9) throw noPosition(uint8[at], offset, schemaPath);
    position = position * 10 + digit;
  }
  return position;
}

/** The error of a key that names no position, at the key's offset. */
function noPosition(byte: number, offset: number, schemaPath: string): DecodeError {
  return decodeFailure('schema-violation', `key names no position (canonical decimal text of at most ${MAX_POSITION_DIGITS} digits), byte ${hexByte(byte)}`, offset, schemaPath);
}
