/**
 * The hand-written CBOR codec of typical-object: the bench's reference line for issue 24's
 * "Limit" bar (our generated module within 1.2x of it, hot). See typical-object-encode.ts and
 * typical-object-decode.ts; bench/test/reference.test.ts checks it against the generated module.
 */
export { encode } from './typical-object-encode.js';
export { decode } from './typical-object-decode.js';
export { HandWrittenCodecError } from './typical-object-types.js';
export type { Operation } from './typical-object-types.js';
