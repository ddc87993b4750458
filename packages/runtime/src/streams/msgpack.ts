/** MessagePack items one after another: the sequence decoder, the item encoder and their WHATWG streams. */

import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { MsgpackDecoder, MsgpackEncoder } from '../msgpack/codec.js';
import type { MsgpackDecodeOptions, MsgpackEncodeOptions } from '../msgpack/options.js';
import { DEFAULT_MAX_ITEM_BYTES } from './framer.js';
import { MsgpackFramer } from './msgpack-framer.js';
import { SequenceDecoder, decoderStream, encoderStream, type StreamDecodeOptions, type StreamEncodeOptions } from './sequence.js';

export type MsgpackStreamDecodeOptions<T = unknown> = MsgpackDecodeOptions & StreamDecodeOptions<T>;
export type MsgpackStreamEncodeOptions<T = unknown> = MsgpackEncodeOptions & StreamEncodeOptions<T>;

/**
 * The framer and decoder behind `msgpackDecoderStream`, without the stream: `write(chunk, emit)`
 * passes every item a chunk completes to `emit` at once, `end()` refuses an unfinished item.
 */
export function msgpackSequenceDecoder(options: MsgpackStreamDecodeOptions<unknown> = {}): SequenceDecoder {
  const framer = new MsgpackFramer(options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  // One decoder for the stream: its settings are resolved once, not per item.
  const decoder = new MsgpackDecoder(options);
  const generic = (bytes: Uint8Array) => decoder.decode(bytes);
  return new SequenceDecoder(framer, options.decode ?? generic, generic);
}

export function msgpackItemEncoder<T>(options: MsgpackStreamEncodeOptions<T> = {}): (value: T) => Uint8Array {
  if (options.encode !== undefined) return options.encode;
  const encoder = new MsgpackEncoder(options);
  return (value) => encoder.encode(value);
}

/** Bytes in (items one after another, split at any byte), decoded items out. */
export function msgpackDecoderStream<T = unknown>(options?: MsgpackStreamDecodeOptions<T>): TransformStream<Uint8Array, T> {
  return decoderStream<T>(msgpackSequenceDecoder(options));
}

/** Values in, their bytes out (one chunk per value). */
export function msgpackEncoderStream<T = unknown>(options?: MsgpackStreamEncodeOptions<T>): TransformStream<T, Uint8Array> {
  return encoderStream(msgpackItemEncoder(options));
}
