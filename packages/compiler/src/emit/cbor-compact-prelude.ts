import { helper, type PreludeHelper } from './prelude.js';

/** CBOR helpers of the compact layout (README "Compact layout"), fixed source like the rest of the prelude. */
export const CBOR_COMPACT_PRELUDE: Record<string, PreludeHelper> = {
  readIndex: helper(
    `
/** An unsigned integer item: an enum value's or a union variant's index in the compact layout. */
function readIndex(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  reader.pos = offset + 1;
  if (initial < 0x18) return initial;
  if (initial >> 5 !== 0) throw expectedType(reader, 'an unsigned integer index', offset, schemaPath);
  return readArgument(reader, initial & 0x1f, offset);
}`,
    [],
    ['expectedType'],
    ['readArgument'],
  ),
  readPositionKey: helper(
    `
/**
 * A key of an object's sparse form: a position (an unsigned integer, any head width), or -1 at a
 * text key (an extra entry's, left for the caller to read). Any other key is refused at its offset.
 */
function readPositionKey(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  if (initial < 0x18) {
    reader.pos = offset + 1;
    return initial;
  }
  if (initial >> 5 === 3) return -1;
  if (initial >> 5 !== 0) throw decodeFailure('schema-violation', \`map key \${hexByte(initial)} is neither a position nor a text key\`, offset, schemaPath);
  reader.pos = offset + 1;
  const position = readArgument(reader, initial & 0x1f, offset);
  // RFC 8949 §3.2.4: an unsigned integer has no indefinite length.
  if (position < 0) throw decodeFailure('not-well-formed', 'indefinite length on an unsigned integer', offset, schemaPath);
  return position;
}`,
    ['hexByte'],
    ['decodeFailure'],
    ['readArgument'],
  ),
};
