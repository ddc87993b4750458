import { DecodeError, isDecodeError, ErrorCode, type Format } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { decode as decodeCbor, encode as encodeCbor } from '../cbor/codec.js';
import { decode as decodeUbjson, encode as encodeUbjson } from '../ubjson/codec.js';
import type { CborDecodeOptions, CborEncodeOptions } from '../cbor/options.js';
import type { UbjsonDecodeOptions } from '../ubjson/decoder.js';
import type { UbjsonEncodeOptions } from '../ubjson/encoder.js';
import { DEFAULT_MAX_ITEM_BYTES, MALFORMED, NEED_MORE, type Framer } from './framer.js';
import { CborFramer } from './cbor-framer.js';
import { UbjsonFramer } from './ubjson-framer.js';

/** What every decoder stream takes besides the format's decode options. */
export interface StreamDecodeOptions {
  /**
   * Most bytes one item may take (default 16 MiB). A longer item is a `length-limit`
   * `DecodeError` as soon as its heads show it, so buffering never exceeds this.
   */
  maxItemBytes?: number;
  /** Decodes one complete item (a generated decoder); default: the generic decoder with these options. */
  decode?: (bytes: Uint8Array) => unknown;
}

export interface StreamEncodeOptions {
  /** Encodes one value (a generated encoder); default: the generic encoder with these options. */
  encode?: (value: unknown) => Uint8Array;
}

export type CborStreamDecodeOptions = CborDecodeOptions & StreamDecodeOptions;
export type UbjsonStreamDecodeOptions = UbjsonDecodeOptions & StreamDecodeOptions;
export type CborStreamEncodeOptions = CborEncodeOptions & StreamEncodeOptions;
export type UbjsonStreamEncodeOptions = UbjsonEncodeOptions & StreamEncodeOptions;

/**
 * Turns chunks split at any byte into decoded items: the framer finds each item's end, the item's
 * bytes are decoded on their own, and error offsets are made offsets in the whole stream.
 */
export class SequenceDecoder {
  constructor(
    private readonly framer: Framer,
    private readonly decodeItem: (bytes: Uint8Array) => unknown,
    /** The generic decoder: explains a malformed or truncated item with the precise error. */
    private readonly diagnose: (bytes: Uint8Array) => unknown,
  ) {}

  /** Adds a chunk and passes every item it completes to `emit`. */
  write(chunk: Uint8Array, emit: (value: unknown) => void): void {
    if (!(chunk instanceof Uint8Array)) throw new TypeError(`${this.framer.format} stream: chunks must be Uint8Arrays`);
    const pending = this.framer.pending;
    pending.append(chunk);
    for (;;) {
      const length = this.framer.next();
      if (length === NEED_MORE) return;
      if (length === MALFORMED) throw this.explain(ErrorCode.NotWellFormed, 'malformed item');
      const offset = pending.streamOffset;
      const bytes = pending.take(length);
      let value: unknown;
      try {
        value = this.decodeItem(bytes);
      } catch (error) {
        throw relocate(error, offset);
      }
      emit(value);
    }
  }

  /** The end of input: bytes of an unfinished item are an error (RFC 8742 §2: no partial items). */
  end(): void {
    if (this.framer.pending.length > 0) throw this.explain(ErrorCode.UnexpectedEnd, 'unexpected end of input inside an item');
  }

  private explain(code: string, what: string): unknown {
    const pending = this.framer.pending;
    try {
      this.diagnose(pending.view());
    } catch (error) {
      return relocate(error, pending.streamOffset);
    }
    return new DecodeError(this.framer.format, code, what, pending.streamOffset + pending.length);
  }
}

/** A `DecodeError` at an offset in one item, moved to the item's offset in the stream. */
function relocate(error: unknown, offset: number): unknown {
  if (!isDecodeError(error) || offset === 0) return error;
  const moved = error as DecodeError;
  return new DecodeError(moved.format as Format, moved.code, moved.detail, moved.offset + offset, moved.schemaPath, moved.valuePath);
}

export function cborSequenceDecoder(options: CborStreamDecodeOptions = {}): SequenceDecoder {
  const framer = new CborFramer(options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  const generic = (bytes: Uint8Array) => decodeCbor(bytes, options);
  return new SequenceDecoder(framer, options.decode ?? generic, generic);
}

export function ubjsonSequenceDecoder(options: UbjsonStreamDecodeOptions = {}): SequenceDecoder {
  const framer = new UbjsonFramer(options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  const generic = (bytes: Uint8Array) => decodeUbjson(bytes, options);
  return new SequenceDecoder(framer, options.decode ?? generic, generic);
}

export function cborItemEncoder(options: CborStreamEncodeOptions = {}): (value: unknown) => Uint8Array {
  return options.encode ?? ((value) => encodeCbor(value, options));
}

export function ubjsonItemEncoder(options: UbjsonStreamEncodeOptions = {}): (value: unknown) => Uint8Array {
  return options.encode ?? ((value) => encodeUbjson(value, options));
}
