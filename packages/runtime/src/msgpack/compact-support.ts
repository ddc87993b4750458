/**
 * Readers of the compact layout's MessagePack forms (README "Compact layout"), called by generated
 * decoders: an enum's or variant's index, and a sparse map's key as a position. They accept every
 * integer format that holds a non-negative value (positive fixint, uint8..uint64, and the int
 * formats too, as the generic decoder reads them) and refuse anything else at the item's offset.
 */
import { hexByte } from '../errors.js';
import type { Reader } from '../reader.js';
import { Kind, kindOf } from './constants.js';
import { decodeFailure, expectedType, readNumberItem } from './generated-support.js';

/** A non-negative integer item of any width, or -1 (nothing consumed) when the item is no integer. */
function unsignedAt(reader: Reader, offset: number, schemaPath: string, what: string): number {
  const first = reader.uint8[offset];
  if (first < 0x80) {
    reader.pos = offset + 1;
    return first;
  }
  if (kindOf(first) !== Kind.Int) return -1;
  const value = readNumberItem(reader, schemaPath);
  if (value < 0 || value > 0xffff_ffff) throw decodeFailure('schema-violation', `${what} ${value} out of range`, offset, schemaPath);
  return value;
}

/** A non-negative integer item: an enum value's or a union variant's index in the compact layout. */
export function readIndex(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const index = unsignedAt(reader, offset, schemaPath, 'index');
  if (index < 0) throw expectedType(reader, 'an unsigned integer index', offset, schemaPath);
  return index;
}

/**
 * A key of an object's sparse form: a position (a non-negative integer, any width), or -1 at a
 * str key (an extra entry's, left for the caller to read). Any other key is refused at its offset.
 */
export function readPositionKey(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const first = reader.uint8[offset];
  if (kindOf(first) === Kind.Str) return -1;
  const position = unsignedAt(reader, offset, schemaPath, 'position');
  if (position < 0) throw decodeFailure('schema-violation', `map key ${hexByte(first)} is neither a position nor a str key`, offset, schemaPath);
  return position;
}
