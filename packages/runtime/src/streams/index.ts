/**
 * WHATWG `TransformStream`s (globals only: browsers, Deno, Node 18+) for CBOR sequences
 * (RFC 8742) and concatenated UBJSON values. Decoders take `Uint8Array` chunks split at any byte
 * and give one decoded item per chunk of output; encoders take values and give each value's bytes.
 *
 * Buffering is bounded: an item longer than `maxItemBytes` (default 16 MiB) is a `length-limit`
 * `DecodeError` as soon as its heads show it. Item ends are found from heads, lengths and
 * markers as bytes arrive, so each byte is looked at once however the input is split; each
 * complete item is then decoded with the generic decoder and its options (or the `decode`
 * option, e.g. a generated decoder). Error offsets are offsets in the whole stream. Input ending
 * inside an item is an error at flush. No-ops (`N`) between UBJSON values are dropped
 * (UBJSON's keep-alive). For Node `Transform` classes, see `@binschema/runtime/streams/node`.
 */
import {
  cborSequenceDecoder,
  ubjsonSequenceDecoder,
  cborItemEncoder,
  ubjsonItemEncoder,
  type SequenceDecoder,
  type CborStreamDecodeOptions,
  type UbjsonStreamDecodeOptions,
  type CborStreamEncodeOptions,
  type UbjsonStreamEncodeOptions,
} from './sequence.js';

export type {
  StreamDecodeOptions,
  StreamEncodeOptions,
  CborStreamDecodeOptions,
  UbjsonStreamDecodeOptions,
  CborStreamEncodeOptions,
  UbjsonStreamEncodeOptions,
} from './sequence.js';
export { DEFAULT_MAX_ITEM_BYTES } from './framer.js';

/** Bytes in, decoded CBOR items out. */
export function cborDecoderStream(options?: CborStreamDecodeOptions): TransformStream<Uint8Array, unknown> {
  return decoderStream(cborSequenceDecoder(options));
}

/** Values in, CBOR bytes out (one chunk per value). */
export function cborEncoderStream(options?: CborStreamEncodeOptions): TransformStream<unknown, Uint8Array> {
  return encoderStream(cborItemEncoder(options));
}

/** Bytes in, decoded UBJSON values out. */
export function ubjsonDecoderStream(options?: UbjsonStreamDecodeOptions): TransformStream<Uint8Array, unknown> {
  return decoderStream(ubjsonSequenceDecoder(options));
}

/** Values in, UBJSON bytes out (one chunk per value). */
export function ubjsonEncoderStream(options?: UbjsonStreamEncodeOptions): TransformStream<unknown, Uint8Array> {
  return encoderStream(ubjsonItemEncoder(options));
}

function decoderStream(sequence: SequenceDecoder): TransformStream<Uint8Array, unknown> {
  return new TransformStream({
    transform(chunk, controller) {
      sequence.write(chunk, (value) => controller.enqueue(value));
    },
    flush() {
      sequence.end();
    },
  });
}

function encoderStream(encode: (value: unknown) => Uint8Array): TransformStream<unknown, Uint8Array> {
  return new TransformStream({
    transform(value, controller) {
      controller.enqueue(encode(value));
    },
  });
}
