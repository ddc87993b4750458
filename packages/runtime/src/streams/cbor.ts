/** CBOR sequences (RFC 8742): the sequence decoder, the item encoder and their WHATWG streams. */

import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { CborDecoder, CborEncoder } from '../cbor/codec.js';
import type { CborDecodeOptions, CborEncodeOptions } from '../cbor/options.js';
import { DEFAULT_MAX_ITEM_BYTES } from './framer.js';
import { CborFramer } from './cbor-framer.js';
import { SequenceDecoder, decoderStream, encoderStream, type StreamDecodeOptions, type StreamEncodeOptions } from './sequence.js';

export type CborStreamDecodeOptions<T = unknown> = CborDecodeOptions & StreamDecodeOptions<T>;
export type CborStreamEncodeOptions<T = unknown> = CborEncodeOptions & StreamEncodeOptions<T>;

export function cborSequenceDecoder(options: CborStreamDecodeOptions<unknown> = {}): SequenceDecoder {
  const framer = new CborFramer(options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  // One decoder for the stream: its settings are resolved once, not per item.
  const decoder = new CborDecoder(options);
  const generic = (bytes: Uint8Array) => decoder.decode(bytes);
  return new SequenceDecoder(framer, options.decode ?? generic, generic);
}

export function cborItemEncoder<T>(options: CborStreamEncodeOptions<T> = {}): (value: T) => Uint8Array {
  if (options.encode !== undefined) return options.encode;
  const encoder = new CborEncoder(options);
  return (value) => encoder.encode(value);
}

/** Bytes in (CBOR sequences (RFC 8742), split at any byte), decoded items out. */
export function cborDecoderStream<T = unknown>(options?: CborStreamDecodeOptions<T>): TransformStream<Uint8Array, T> {
  return decoderStream<T>(cborSequenceDecoder(options));
}

/** Values in, their bytes out (one chunk per value). */
export function cborEncoderStream<T = unknown>(options?: CborStreamEncodeOptions<T>): TransformStream<T, Uint8Array> {
  return encoderStream(cborItemEncoder(options));
}
