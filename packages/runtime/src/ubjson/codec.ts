import { Reader } from '../reader.js';
import { Writer } from '../writer.js';
import { DecodeError, TOO_DEEP, UNEXPECTED_TYPE } from '../errors.js';
import { ValueDecoder, type UbjsonDecodeOptions } from './decoder.js';
import { ValueEncoder, type UbjsonEncodeOptions } from './encoder.js';

/** Reusable generic encoder: keeps its `Writer` and options between calls. */
export class UbjsonEncoder {
  readonly writer: Writer;
  private readonly values: ValueEncoder;

  constructor(options?: UbjsonEncodeOptions, writer: Writer = new Writer()) {
    this.values = new ValueEncoder(options);
    this.writer = writer;
  }

  /** The UBJSON bytes of `value`; a view that later calls never overwrite (`Writer.finish`). */
  encode(value: unknown): Uint8Array {
    // A getter that encodes again must not write into the output in progress.
    if (this.values.active) return new UbjsonEncoder(this.values.options).encode(value);
    const writer = this.writer;
    try {
      this.values.writeFrom(writer, value, '');
    } catch (error) {
      writer.reset();
      throw error;
    }
    return writer.finish();
  }
}

/** Reusable generic decoder: strict, one value, no trailing bytes. */
export class UbjsonDecoder {
  private readonly values: ValueDecoder;
  private readonly reader = new Reader('ubjson');

  constructor(options?: UbjsonDecodeOptions) {
    this.values = new ValueDecoder(options);
  }

  decode(bytes: Uint8Array): unknown {
    if (!(bytes instanceof Uint8Array)) {
      throw new DecodeError('ubjson', UNEXPECTED_TYPE, 'expected a Uint8Array input', 0);
    }
    const reader = this.reader;
    reader.reset(bytes);
    const value = this.values.readFrom(reader, 0);
    reader.expectEnd();
    return value;
  }
}

const encoders = /* @__PURE__ */ new WeakMap<object, UbjsonEncoder>();
const decoders = /* @__PURE__ */ new WeakMap<object, UbjsonDecoder>();
const valueEncoders = /* @__PURE__ */ new WeakMap<object, ValueEncoder>();
const valueDecoders = /* @__PURE__ */ new WeakMap<object, ValueDecoder>();
let defaultEncoder: UbjsonEncoder | undefined;
let defaultDecoder: UbjsonDecoder | undefined;
let defaultValueEncoder: ValueEncoder | undefined;
let defaultValueDecoder: ValueDecoder | undefined;

/** Encodes one value (see `ValueEncoder` for the mapping). Options objects are cached by identity. */
export function encode(value: unknown, options?: UbjsonEncodeOptions): Uint8Array {
  if (options === undefined) return (defaultEncoder ??= new UbjsonEncoder()).encode(value);
  let encoder = encoders.get(options);
  if (encoder === undefined) encoders.set(options, (encoder = new UbjsonEncoder(options)));
  return encoder.encode(value);
}

/** Decodes exactly one value from `bytes`; anything wrong is a `DecodeError` with its offset. */
export function decode(bytes: Uint8Array, options?: UbjsonDecodeOptions): unknown {
  if (options === undefined) return (defaultDecoder ??= new UbjsonDecoder()).decode(bytes);
  let decoder = decoders.get(options);
  if (decoder === undefined) decoders.set(options, (decoder = new UbjsonDecoder(options)));
  return decoder.decode(bytes);
}

export function valueDecoderFor(options: UbjsonDecodeOptions | undefined): ValueDecoder {
  if (options === undefined) return (defaultValueDecoder ??= new ValueDecoder());
  let decoder = valueDecoders.get(options);
  if (decoder === undefined) valueDecoders.set(options, (decoder = new ValueDecoder(options)));
  return decoder;
}

/** One value from the reader's position (no trailing check): for generated decoders' `any` fields. */
export function readAny(reader: Reader, depth: number, options?: UbjsonDecodeOptions): unknown {
  return valueDecoderFor(options).readFrom(reader, depth);
}

/**
 * Skips one value from the reader's position, checking it exactly as `readAny` does (markers,
 * lengths, UTF-8, high-precision text, limits), so a generated decoder that skips accepts what
 * the generic one accepts and nothing more.
 */
export function skipAny(reader: Reader, depth: number): void {
  valueDecoderFor(undefined).readFrom(reader, depth);
}

/** Writes one value at the writer's position; errors carry JSON Pointers under `path`. */
export function writeAny(writer: Writer, value: unknown, path: string, options?: UbjsonEncodeOptions): void {
  let encoder: ValueEncoder | undefined;
  if (options === undefined) {
    encoder = defaultValueEncoder ??= new ValueEncoder();
  } else {
    encoder = valueEncoders.get(options);
    if (encoder === undefined) valueEncoders.set(options, (encoder = new ValueEncoder(options)));
  }
  encoder.writeFrom(writer, value, path);
}

/**
 * For generated decoders: the payload of one value whose marker is already consumed (read from
 * the input, or fixed by a typed container's `$`), at nesting `depth` (0 = top level), checked
 * exactly as `readAny` checks it with the default options. `budget.left` carries the allowance of
 * payload-free typed elements (`maxCount`) across the calls of one decode, as one generic call does.
 */
export function readPayload(reader: Reader, marker: number, depth: number, budget: { left: number }): unknown {
  const decoder = valueDecoderFor(undefined);
  // As in `ValueDecoder.readFrom`: the array loop needs `end` to be the array's length.
  const whole = reader.uint8;
  if (reader.end !== whole.length) reader.uint8 = whole.subarray(0, reader.end);
  decoder.reader = reader;
  decoder.budget = budget.left;
  try {
    return decoder.readPayload(marker, depth);
  } catch (error) {
    if (error instanceof RangeError) reader.fail(TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  } finally {
    budget.left = decoder.budget;
    reader.uint8 = whole;
  }
}
