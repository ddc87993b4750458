import { isPlainObject } from '../plain-object.js';
import { isUint8Array } from '../brand-checks.js';
import { Writer } from '../writer.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { describeValue, EncodeError, TOO_DEEP, UNSUPPORTED_VALUE } from '../errors.js';
import { Marker } from './constants.js';
import { fitsInt64, writeInt64Big, writeIntAt } from './integer.js';
import { writeAsciiKeyAt, writeTextAt, writeTextGrowing } from './text.js';
import { isWellFormedText, LONE_SURROGATE, UTF8_ENCODE_THRESHOLD } from '../utf8.js';
import { locateFailure } from './locate.js';

/** Options of the generic UBJSON encoder. */
export interface UbjsonEncodeOptions {
  /** Most nested containers (default 512); deeper values are `too-deep`, cycles `circular-value`. */
  maxDepth?: number;
  /** Write a non-integer as float32 `d` when float32 holds it exactly (default false: always `D`). */
  float32?: boolean;
  /** Write a one-character ASCII string as `C` (default false: always `S`, as json-pack and nlohmann). */
  chars?: boolean;
  /**
   * NaN and ±Infinity: `'float'` (default) writes the IEEE `D` so they round-trip; `'null'` writes
   * `Z` as the spec says ("encoded as a null value", value-types.html#numeric); `'error'` throws.
   */
  nonFinite?: 'float' | 'null' | 'error';
}

const IDLE = /* @__PURE__ */ new Writer(64);
/** Strings up to this many units try the inline ASCII path first (UTF8_ENCODE_THRESHOLD). */
const SHORT_TEXT = UTF8_ENCODE_THRESHOLD;

/**
 * Thrown inside the encoder; carries no path, so the success path pays nothing for one:
 * `locateFailure` finds it afterwards.
 */
export class EncodeFailure {
  constructor(
    readonly code: string,
    readonly what: string,
  ) {}
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * The encoding state for one set of options. `writeValue` switches on `typeof`; containers
 * recurse with a depth counter. The success path builds no paths and has no `try` per
 * container: after a failure, `locateFailure` walks the value again to find where it is.
 *
 * Mapping (documented policy): integers use the smallest of `i U I l L`; a safe integer beyond
 * int32 is `L`; an integral number beyond 2^53 is `D` (the double is kept exactly, and our decoder
 * gives back the same number rather than a bigint); other numbers `D` (`d` with `float32` when
 * exact); -0 is a float (`D`), never `i 0`; `bigint` is always `L` within int64 and `H` (decimal
 * text) beyond; `Uint8Array` is `[$U#n`; `undefined` is skipped as an object member (as
 * `JSON.stringify`) and `Z` elsewhere; only plain objects (prototype `Object.prototype` or null)
 * become objects: Map, Set, Date, class instances, other typed arrays, functions and symbols are
 * `unsupported-value`; so is a string or key with a lone surrogate (RFC 3629 §3: no UTF-8 form).
 */
export class ValueEncoder {
  /**
   * The writer in use. Always a `Writer` (a small idle one between calls) so the engine keeps
   * one field type and no `undefined` checks on the hot path.
   */
  writer: Writer = IDLE;
  /** True while a value is being written (a getter that encodes again gets a fresh state). */
  active = false;
  readonly maxDepth: number;
  readonly float32: boolean;
  readonly chars: boolean;
  readonly nonFinite: 'float' | 'null' | 'error';

  constructor(readonly options: UbjsonEncodeOptions = {}) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.float32 = options.float32 === true;
    this.chars = options.chars === true;
    this.nonFinite = options.nonFinite ?? 'float';
  }

  /** Writes `value` to `writer`; errors carry JSON Pointers under `path`. */
  writeFrom(writer: Writer, value: unknown, path: string): void {
    // A getter may write again while this state is in use: give that call its own.
    if (this.active) return new ValueEncoder(this.options).writeFrom(writer, value, path);
    this.active = true;
    this.writer = writer;
    try {
      this.writeValue(value, 0);
    } catch (error) {
      this.active = false;
      this.writer = IDLE;
      throw this.explain(error, value, path);
    }
    this.active = false;
    this.writer = IDLE;
  }

  /** The public form of a failure of `writeValue(root)`: an `EncodeError` with its path. */
  private explain(error: unknown, root: unknown, path: string): unknown {
    if (error instanceof EncodeFailure) return locateFailure(this, root, path, error);
    if (isStackOverflow(error)) {
      return new EncodeError('ubjson', TOO_DEEP, 'nesting too deep for the engine stack', path);
    }
    return error;
  }

  writeValue(value: unknown, depth: number): void {
    const writer = this.writer;
    switch (typeof value) {
      case 'string':
        return this.writeText(value, depth);
      case 'number':
        return this.writeNumber(value);
      case 'object':
        if (value === null) return writer.u8(Marker.Null);
        if (Array.isArray(value)) return this.writeArray(value, depth);
        if (value instanceof Uint8Array) return this.writeBytes(value, depth);
        return this.writeObject(value as Record<string, unknown>, depth);
      case 'boolean':
        return writer.u8(value ? Marker.True : Marker.False);
      case 'undefined':
        return writer.u8(Marker.Null);
      case 'bigint':
        return this.writeBigInt(value);
      default:
        throw problemOf(this, value, depth)!;
    }
  }

  /**
   * A string value: `S`, the length, the UTF-8 bytes. A call of its own, as every case of
   * `writeValue`, so that `writeValue` stays small enough for the engine to inline into the
   * container loops once they have seen every type.
   */
  writeText(value: string, depth: number): void {
    const writer = this.writer;
    const uint8 = writer.uint8;
    const pos = writer.pos;
    if (this.chars || uint8.length - pos < 10 + 3 * value.length) return this.writeString(value, depth);
    // Short ASCII text (most strings) with writeAsciiKeyAt, which the engine inlines; writeUtf8
    // behind writeTextAt is not (short-strings profile). Non-ASCII text is written again.
    let end = value.length <= SHORT_TEXT ? writeAsciiKeyAt(uint8, pos + 1, value) : -1;
    if (end === -1) end = writeTextAt(uint8, pos + 1, value);
    if (end === -1) return this.writeString(value, depth);
    uint8[pos] = Marker.String;
    writer.pos = end;
  }

  /** A string the common case in `writeText` leaves: `C` with `chars`, little room, a lone surrogate. */
  writeString(value: string, depth: number): void {
    const writer = this.writer;
    if (this.chars && value.length === 1 && value.charCodeAt(0) < 128) {
      writer.ensure(2);
      writer.uint8[writer.pos++] = Marker.Char;
      writer.uint8[writer.pos++] = value.charCodeAt(0);
      return;
    }
    const end = writeTextGrowing(writer, 1, value);
    if (end === -1) throw problemOf(this, value, depth)!;
    writer.uint8[writer.pos] = Marker.String;
    writer.pos = end;
  }

  writeNumber(value: number): void {
    const writer = this.writer;
    writer.ensure(9);
    // int32 fast path; 0 only when it is +0 (-0 has to stay a float to keep its sign).
    if ((value | 0) === value && (value !== 0 || 1 / value > 0)) {
      // int32 written here rather than through writeIntAt: the engine did not inline that call
      // (writeIntAt was 30% of the numbers profile), json-pack writes its integers inline too.
      const uint8 = writer.uint8;
      const pos = writer.pos;
      if (value >= -128 && value <= 127) {
        uint8[pos] = Marker.Int8;
        uint8[pos + 1] = value;
        writer.pos = pos + 2;
      } else if (value >= 0 && value <= 255) {
        uint8[pos] = Marker.Uint8;
        uint8[pos + 1] = value;
        writer.pos = pos + 2;
      } else if (value >= -32768 && value <= 32767) {
        uint8[pos] = Marker.Int16;
        uint8[pos + 1] = value >> 8;
        uint8[pos + 2] = value;
        writer.pos = pos + 3;
      } else {
        uint8[pos] = Marker.Int32;
        uint8[pos + 1] = value >> 24;
        uint8[pos + 2] = value >> 16;
        uint8[pos + 3] = value >> 8;
        uint8[pos + 4] = value;
        writer.pos = pos + 5;
      }
    } else if (value !== 0 && Number.isSafeInteger(value)) {
      writer.pos = writeIntAt(writer.uint8, writer.pos, value);
    } else if (value - value !== 0) {
      this.writeNonFinite(value);
    } else if (this.float32 && Math.fround(value) === value) {
      writer.uint8[writer.pos++] = Marker.Float32;
      writer.view.setFloat32(writer.pos, value);
      writer.pos += 4;
    } else {
      writer.uint8[writer.pos++] = Marker.Float64;
      writer.view.setFloat64(writer.pos, value);
      writer.pos += 8;
    }
  }

  private writeNonFinite(value: number): void {
    const writer = this.writer;
    if (this.nonFinite === 'error') throw problemOf(this, value, 0)!;
    if (this.nonFinite === 'null') return writer.u8(Marker.Null);
    writer.uint8[writer.pos++] = Marker.Float64;
    writer.view.setFloat64(writer.pos, value);
    writer.pos += 8;
  }

  writeBigInt(value: bigint): void {
    const writer = this.writer;
    if (fitsInt64(value)) return writeInt64Big(writer, value);
    // value-types.html#numeric: beyond int64, the high-precision type with the decimal text.
    const text = value.toString();
    writer.ensure(10 + text.length);
    writer.uint8[writer.pos] = Marker.HighPrecision;
    writer.pos = writeTextAt(writer.uint8, writer.pos + 1, text);
  }

  /**
   * `[$U#<n>` and the bytes: the strongly typed uint8 array of binary-data.html. Anything else
   * behind the Uint8Array prototype is an object like any other (`writeObject` refuses it). The
   * brand check is here, not in `writeValue`, where it slowed short byte strings twice as much.
   */
  writeBytes(bytes: Uint8Array, depth: number): void {
    if (!isUint8Array(bytes)) return this.writeObject(bytes as never, depth);
    const writer = this.writer;
    writer.ensure(12 + bytes.length);
    const uint8 = writer.uint8;
    let pos = writer.pos;
    uint8[pos++] = Marker.ArrayStart;
    uint8[pos++] = Marker.Type;
    uint8[pos++] = Marker.Uint8;
    uint8[pos++] = Marker.Count;
    pos = writeIntAt(uint8, pos, bytes.length);
    uint8.set(bytes, pos);
    writer.pos = pos + bytes.length;
  }

  writeArray(array: unknown[], depth: number): void {
    if (depth >= this.maxDepth) throw problemOf(this, array, depth)!;
    const writer = this.writer;
    writer.u8(Marker.ArrayStart);
    const length = array.length;
    const inner = depth + 1;
    for (let index = 0; index < length; index++) {
      const item = array[index];
      // One-byte values without a call: once the encoder has seen every type, the engine no
      // longer inlines writeValue here, and a call per token cost 1.6x json-pack on `tokens`.
      if (item === null || item === undefined) writer.u8(Marker.Null);
      else if (item === true) writer.u8(Marker.True);
      else if (item === false) writer.u8(Marker.False);
      else if (typeof item === 'number') this.writeNumber(item);
      else if (typeof item === 'string') this.writeText(item, inner);
      else this.writeValue(item, inner);
    }
    writer.u8(Marker.ArrayEnd);
  }

  writeObject(object: Record<string, unknown>, depth: number): void {
    if (depth >= this.maxDepth || !isPlainObject(object)) throw problemOf(this, object, depth)!;
    const writer = this.writer;
    writer.u8(Marker.ObjectStart);
    const keys = Object.keys(object);
    const inner = depth + 1;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const value = object[key];
      if (value === undefined) continue;
      writer.ensure(9 + key.length);
      const end = writeAsciiKeyAt(writer.uint8, writer.pos, key);
      writer.pos = end !== -1 ? end : writeKeyText(writer, key);
      this.writeValue(value, inner);
    }
    writer.u8(Marker.ObjectEnd);
  }
}

/**
 * A value written as `[$U#`: `instanceof` is the cheap filter, the brand check refuses what only
 * has the prototype (`Object.create(Uint8Array.prototype)`, another view behind it).
 */
export function isBytes(value: object): value is Uint8Array {
  return value instanceof Uint8Array && isUint8Array(value);
}

function describeObject(object: object): string {
  const name = (object as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name : describeValue(object);
}

/** A key `writeAsciiKeyAt` leaves (long or not ASCII); returns the end. */
function writeKeyText(writer: Writer, key: string): number {
  const end = writeTextGrowing(writer, 0, key);
  if (end === -1) throw keyProblem(key)!;
  return end;
}

/** Why `key` cannot be an object key, or undefined: only a lone surrogate (no UTF-8 form). */
export function keyProblem(key: string): EncodeFailure | undefined {
  return isWellFormedText(key) ? undefined : new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
}

/**
 * Why `value` at `depth` cannot be written, or undefined: the one statement of the encoder's
 * refusals, used where it throws and by `locateFailure` when it looks for the failing value.
 */
export function problemOf(encoder: ValueEncoder, value: unknown, depth: number): EncodeFailure | undefined {
  switch (typeof value) {
    case 'string':
      return isWellFormedText(value) ? undefined : new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
    case 'function':
    case 'symbol':
      return new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode ${describeValue(value)}`);
    case 'number':
      if (encoder.nonFinite !== 'error' || Number.isFinite(value)) return undefined;
      return new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode ${value}`);
    case 'object':
      if (value === null || isBytes(value)) return undefined;
      if (!Array.isArray(value) && !isPlainObject(value)) {
        return new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode ${describeObject(value)}`);
      }
      if (depth >= encoder.maxDepth) return new EncodeFailure(TOO_DEEP, `nesting deeper than ${encoder.maxDepth}`);
      return undefined;
    default:
      return undefined;
  }
}
