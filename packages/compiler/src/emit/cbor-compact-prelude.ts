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
};
