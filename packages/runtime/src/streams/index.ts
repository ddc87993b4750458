/**
 * WHATWG `TransformStream`s (globals only: browsers, Deno, Node 18+) for CBOR sequences
 * (RFC 8742), concatenated UBJSON values and MessagePack items one after another. Decoders take
 * `Uint8Array` chunks split at any byte and give one decoded item per chunk of output; encoders
 * take values and give each value's bytes. `msgpackSequenceDecoder` is the same decoder without
 * a stream, for callers that batch items per chunk (`write(chunk, emit)`, `end()`).
 *
 * Buffering is bounded: an item longer than `maxItemBytes` (default 16 MiB) is a `length-limit`
 * `DecodeError` as soon as its heads show it. Item ends are found from heads, lengths and
 * markers as bytes arrive, so each byte is looked at once however the input is split; each
 * complete item is then decoded with the generic decoder and its options (or the `decode`
 * option, e.g. a generated decoder). Error offsets are offsets in the whole stream, and the error
 * (code and offset) is the same however the input is cut: a malformed item inside a count the
 * bytes so far cannot hold fails once they arrive (or at flush). Input ending inside an item is
 * an error at flush; an error reaches the reader after every item before it.
 * No-ops (`N`) between UBJSON values are dropped (UBJSON's keep-alive). For Node `Transform`
 * classes, see `@binschema/runtime/streams/node`.
 */
export { cborDecoderStream, cborEncoderStream, type CborStreamDecodeOptions, type CborStreamEncodeOptions } from './cbor.js';
export { ubjsonDecoderStream, ubjsonEncoderStream, type UbjsonStreamDecodeOptions, type UbjsonStreamEncodeOptions } from './ubjson.js';
export { msgpackDecoderStream, msgpackEncoderStream, msgpackSequenceDecoder, type MsgpackStreamDecodeOptions, type MsgpackStreamEncodeOptions } from './msgpack.js';
export type { SequenceDecoder } from './sequence.js';
export type { StreamDecodeOptions, StreamEncodeOptions } from './sequence.js';
export { DEFAULT_MAX_ITEM_BYTES } from './framer.js';
