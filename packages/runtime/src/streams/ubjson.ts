/** Concatenated UBJSON values: the sequence decoder, the item encoder and their WHATWG streams. */

import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { UbjsonDecoder, UbjsonEncoder } from '../ubjson/codec.js';
import type { UbjsonDecodeOptions } from '../ubjson/decoder.js';
import type { UbjsonEncodeOptions } from '../ubjson/encoder.js';
import { DEFAULT_MAX_ITEM_BYTES } from './framer.js';
import { UbjsonFramer } from './ubjson-framer.js';
import { SequenceDecoder, decoderStream, encoderStream, type StreamDecodeOptions, type StreamEncodeOptions } from './sequence.js';

export type UbjsonStreamDecodeOptions<T = unknown> = UbjsonDecodeOptions & StreamDecodeOptions<T>;
export type UbjsonStreamEncodeOptions<T = unknown> = UbjsonEncodeOptions & StreamEncodeOptions<T>;

export function ubjsonSequenceDecoder(options: UbjsonStreamDecodeOptions<unknown> = {}): SequenceDecoder {
  const framer = new UbjsonFramer(options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  // One decoder for the stream: its settings are resolved once, not per item.
  const decoder = new UbjsonDecoder(options);
  const generic = (bytes: Uint8Array) => decoder.decode(bytes);
  return new SequenceDecoder(framer, options.decode ?? generic, generic);
}

export function ubjsonItemEncoder<T>(options: UbjsonStreamEncodeOptions<T> = {}): (value: T) => Uint8Array {
  if (options.encode !== undefined) return options.encode;
  const encoder = new UbjsonEncoder(options);
  return (value) => encoder.encode(value);
}

/** Bytes in (concatenated UBJSON values, split at any byte), decoded items out. */
export function ubjsonDecoderStream<T = unknown>(options?: UbjsonStreamDecodeOptions<T>): TransformStream<Uint8Array, T> {
  return decoderStream<T>(ubjsonSequenceDecoder(options));
}

/** Values in, their bytes out (one chunk per value). */
export function ubjsonEncoderStream<T = unknown>(options?: UbjsonStreamEncodeOptions<T>): TransformStream<T, Uint8Array> {
  return encoderStream(ubjsonItemEncoder(options));
}
