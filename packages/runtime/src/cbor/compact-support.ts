/**
 * Readers of the compact layout's CBOR forms (README "Compact layout"), called by generated
 * decoders: an enum's or variant's index, and a sparse map's key as a position. They accept any
 * head width and refuse anything else at the item's offset.
 */
import { hexByte } from '../errors.js';
import type { Reader } from '../reader.js';
import { decodeFailure, expectedType } from './generated-support.js';
import { readArgument } from './head.js';

/** An unsigned integer item: an enum value's or a union variant's index in the compact layout. */
export function readIndex(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  reader.pos = offset + 1;
  if (initial < 0x18) return initial;
  if (initial >> 5 !== 0) throw expectedType(reader, 'an unsigned integer index', offset, schemaPath);
  return readArgument(reader, initial & 0x1f, offset);
}

/**
 * A key of an object's sparse form: a position (an unsigned integer, any head width), or -1 at a
 * text key (an extra entry's, left for the caller to read). Any other key is refused at its offset.
 */
export function readPositionKey(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  if (initial < 0x18) {
    reader.pos = offset + 1;
    return initial;
  }
  if (initial >> 5 === 3) return -1;
  if (initial >> 5 !== 0) throw decodeFailure('schema-violation', `map key ${hexByte(initial)} is neither a position nor a text key`, offset, schemaPath);
  reader.pos = offset + 1;
  const position = readArgument(reader, initial & 0x1f, offset);
  // RFC 8949 §3.2.4: an unsigned integer has no indefinite length.
  if (position < 0) throw decodeFailure('not-well-formed', 'indefinite length on an unsigned integer', offset, schemaPath);
  return position;
}
