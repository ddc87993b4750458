import { Reader } from '../reader.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { DecodeError, DUPLICATE_KEY, hexByte, INVALID_UTF8, LENGTH_LIMIT, NOT_WELL_FORMED, TOO_DEEP } from '../errors.js';
import { KeyCache } from '../key-cache.js';
import { preallocate } from '../preallocate.js';
import { CONTAINER_TYPE, DEFAULT_MAX_COUNT, Marker, minElementSize } from './constants.js';
import { readLength } from './integer.js';
import { readHighPrecision } from './high-precision.js';

/** Options of the generic UBJSON decoder; every limit is configurable. */
export interface UbjsonDecodeOptions {
  /** Most nested containers (default 512). Deeper input is a `too-deep` error, never a stack overflow. */
  maxDepth?: number;
  /**
   * Most elements that typed containers of a payload-free type (`[$Z#`, `[$T#`, `[$F#`) may
   * declare in one decode, summed (default 1,000,000). Every other count is bounded by the bytes
   * left, since each of those elements takes at least one byte; these take none, so six bytes
   * could otherwise ask for 2^63 elements.
   */
  maxCount?: number;
  /** A repeated object key: `'last'` (default) keeps the last value, as `JSON.parse`; `'reject'` throws `duplicate-key`. */
  duplicateKeys?: 'last' | 'reject';
  /** `L` (int64): `'auto'` (default) gives a number when it is a safe integer, else a bigint; `'bigint'` always a bigint. */
  int64?: 'auto' | 'bigint';
  /**
   * `H` (high-precision number; its text is always checked to be a JSON number):
   * `'auto'` (default): an integer becomes a number when safe, else a bigint (exact; beyond
   *   4,300 digits it stays text, see `MAX_BIGINT_DIGITS`); a number with a fraction or an
   *   exponent stays its text, a string (never rounded);
   * `'string'`: always the text;
   * `'number'`: `Number(text)`, rounded; a value beyond the double range is `unsupported-value`.
   */
  highPrecision?: 'auto' | 'string' | 'number';
}


/** One-character strings for `C` (0..127), so a char costs no string building. */
const CHARS: string[] = /* @__PURE__ */ Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));

/**
 * The decoding state for one set of options: the reader in use, the limits, a key cache and the
 * payload-free element budget of the current top-level call. `readValue` dispatches on the
 * marker byte; containers recurse with an explicit depth counter.
 */
export class ValueDecoder {
  reader: Reader = new Reader('ubjson');
  readonly keys = new KeyCache();
  readonly maxDepth: number;
  readonly maxCount: number;
  readonly rejectDuplicates: boolean;
  readonly int64Bigint: boolean;
  readonly highPrecision: 'auto' | 'string' | 'number';
  /** Payload-free elements still allowed in this call (reset by `begin`). */
  budget: number;

  constructor(options: UbjsonDecodeOptions = {}) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.maxCount = options.maxCount ?? DEFAULT_MAX_COUNT;
    this.rejectDuplicates = options.duplicateKeys === 'reject';
    this.int64Bigint = options.int64 === 'bigint';
    this.highPrecision = options.highPrecision ?? 'auto';
    this.budget = this.maxCount;
  }

  /**
   * Reads one value at `depth` from `reader`. An engine stack overflow (only reachable with a
   * huge `maxDepth`) becomes `too-deep`, so no other exception kind escapes.
   */
  readFrom(reader: Reader, depth: number): unknown {
    // The array loop lets the typed array's own bounds check find the end (a read past it is
    // `undefined`), which needs `end` to be the array's length.
    const whole = reader.uint8;
    if (reader.end !== whole.length) reader.uint8 = whole.subarray(0, reader.end);
    this.reader = reader;
    this.budget = this.maxCount;
    try {
      return this.readValue(depth);
    } catch (error) {
      if (error instanceof RangeError) reader.fail(TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
      throw error;
    } finally {
      reader.uint8 = whole;
    }
  }

  /** One value: a marker and its payload. No-op is not a value here (value-types.html#noop). */
  readValue(depth: number): unknown {
    const reader = this.reader;
    if (reader.pos >= reader.end) reader.failEnd(1);
    return this.readPayload(reader.uint8[reader.pos++], depth);
  }

  /**
   * The payload of a value whose marker (`marker`) is already consumed, or that a typed
   * container fixes. A hot dispatch on the marker byte, longer than 60 lines on purpose: one
   * `switch` keeps the common cases in one optimised function.
   */
  readPayload(marker: number, depth: number): unknown {
    const reader = this.reader;
    const uint8 = reader.uint8;
    switch (marker) {
      case Marker.Uint8:
        if (reader.pos >= reader.end) reader.failEnd(1);
        return uint8[reader.pos++];
      case Marker.Int8:
        if (reader.pos >= reader.end) reader.failEnd(1);
        return (uint8[reader.pos++] << 24) >> 24;
      case Marker.Int16: {
        if (reader.end - reader.pos < 2) reader.failEnd(2);
        const pos = reader.pos;
        reader.pos = pos + 2;
        return (((uint8[pos] << 8) | uint8[pos + 1]) << 16) >> 16;
      }
      case Marker.Int32: {
        if (reader.end - reader.pos < 4) reader.failEnd(4);
        const pos = reader.pos;
        reader.pos = pos + 4;
        return (uint8[pos] << 24) | (uint8[pos + 1] << 16) | (uint8[pos + 2] << 8) | uint8[pos + 3];
      }
      case Marker.Int64:
        return this.readInt64();
      case Marker.Float32:
        return reader.f32();
      case Marker.Float64:
        return reader.f64();
      case Marker.String:
        return reader.utf8(this.readTextLength());
      case Marker.ObjectStart:
        return this.readObject(depth);
      case Marker.ArrayStart:
        return this.readArray(depth);
      case Marker.Null:
        return null;
      case Marker.True:
        return true;
      case Marker.False:
        return false;
      case Marker.Char: {
        if (reader.pos >= reader.end) reader.failEnd(1);
        const code = uint8[reader.pos];
        // value-types.html#char: "must not have a decimal value larger than 127".
        if (code > 127) reader.fail(NOT_WELL_FORMED, `char ${hexByte(code)} above 127`, reader.pos);
        reader.pos++;
        return CHARS[code];
      }
      case Marker.HighPrecision:
        return readHighPrecision(reader, this.highPrecision);
      default: {
        if (reader.pos > reader.end) {
          reader.pos = reader.end; // a read past the end in `readArray`
          reader.failEnd(1);
        }
        const offset = reader.pos - 1;
        const what = marker === Marker.NoOp ? 'no-op where a value is required' : `invalid marker ${hexByte(marker)}`;
        return reader.fail(NOT_WELL_FORMED, what, offset);
      }
    }
  }

  private readInt64(): number | bigint {
    const reader = this.reader;
    if (this.int64Bigint) {
      reader.need(8);
      const value = reader.view.getBigInt64(reader.pos);
      reader.pos += 8;
      return value;
    }
    return reader.i64();
  }

  /** After `[`: an optimized header (`$`, `#`) or elements up to `]`, skipping no-ops. */
  readArray(depth: number): unknown[] | Uint8Array {
    const reader = this.reader;
    if (depth >= this.maxDepth) reader.fail(TOO_DEEP, `nesting deeper than ${this.maxDepth}`, reader.pos - 1);
    if (reader.pos >= reader.end) reader.failEnd(1);
    const uint8 = reader.uint8;
    let marker = uint8[reader.pos];
    if (marker === Marker.Type) return this.readTypedArray(depth);
    if (marker === Marker.Count) return this.readCountedArray(depth);
    const array: unknown[] = [];
    const inner = depth + 1;
    for (;;) {
      // No explicit end check: past the end the read is `undefined`, which `readPayload`'s
      // default case reports as the end of input (`readFrom` makes `end` the array length).
      marker = uint8[reader.pos++];
      if (marker === Marker.ArrayEnd) return array;
      if (marker === Marker.NoOp) continue;
      array.push(this.readPayload(marker, inner));
    }
  }

  /** `[#n` then n values; no-ops before a value are skipped and not counted (as py-ubjson). */
  private readCountedArray(depth: number): unknown[] {
    const reader = this.reader;
    reader.pos++; // '#'
    const count = readLength(reader);
    const array: unknown[] = preallocate(reader, count);
    const inner = depth + 1;
    for (let index = 0; index < count; index++) {
      let marker: number;
      do {
        if (reader.pos >= reader.end) reader.failEnd(1);
        marker = reader.uint8[reader.pos++];
      } while (marker === Marker.NoOp);
      array[index] = this.readPayload(marker, inner);
    }
    return array;
  }

  /**
   * Reads `$<type>#<count>` at `reader.pos` and returns the type; the count is left in
   * `this.headerCount`. Checks the type ("cannot be No-op"), that a count follows ("a type cannot
   * be specified by itself"), and the count against the bytes left or the payload-free budget.
   */
  private readTypedHeader(perEntry: number): number {
    const reader = this.reader;
    reader.pos++; // '$'
    if (reader.pos >= reader.end) reader.failEnd(1);
    const type = reader.uint8[reader.pos];
    if (CONTAINER_TYPE[type] !== 1) reader.fail(NOT_WELL_FORMED, `invalid container type ${hexByte(type)}`, reader.pos);
    reader.pos++;
    if (reader.pos >= reader.end) reader.failEnd(1);
    if (reader.uint8[reader.pos] !== Marker.Count) {
      reader.fail(NOT_WELL_FORMED, 'container type without a count', reader.pos);
    }
    reader.pos++;
    const countOffset = reader.pos;
    const count = readLength(reader, 0);
    const size = perEntry + minElementSize(type);
    if (size === 0) {
      if (count > this.budget || count > 0xffff_ffff) {
        reader.fail(LENGTH_LIMIT, `count ${count} beyond maxCount ${this.maxCount}`, countOffset);
      }
      this.budget -= count;
    } else if (count * size > reader.end - reader.pos) {
      reader.failEnd(count * size);
    }
    this.headerCount = count;
    return type;
  }

  private headerCount = 0;

  /** `[$<type>#<count>` then the payloads without markers. `[$U#` gives a `Uint8Array` (binary-data.html). */
  private readTypedArray(depth: number): unknown[] | Uint8Array {
    const type = this.readTypedHeader(0);
    const count = this.headerCount;
    const reader = this.reader;
    switch (type) {
      case Marker.Uint8: {
        const start = reader.pos;
        reader.pos += count;
        return reader.uint8.slice(start, start + count);
      }
      case Marker.Null:
        return new Array(count).fill(null);
      case Marker.True:
        return new Array(count).fill(true);
      case Marker.False:
        return new Array(count).fill(false);
      default: {
        const array: unknown[] = preallocate(reader, count);
        const inner = depth + 1;
        // Every element has the same type and depth: if one is too deep, the first is.
        if (count > 0) this.impliedDepth(type, inner);
        for (let index = 0; index < count; index++) array[index] = this.readPayload(type, inner);
        return array;
      }
    }
  }

  /**
   * An element of a typed container of arrays or objects (`[$[#`) has no `[` or `{` of its own:
   * too deep, it fails at its first byte, where `readArray` and `readObject` would name the byte
   * before their consumed marker.
   */
  private impliedDepth(type: number, depth: number): void {
    if (depth >= this.maxDepth && (type === Marker.ArrayStart || type === Marker.ObjectStart)) {
      this.reader.fail(TOO_DEEP, `nesting deeper than ${this.maxDepth}`, this.reader.pos);
    }
  }

  /** After `{`: an optimized header or key/value pairs up to `}`, skipping no-ops before keys. */
  readObject(depth: number): Record<string, unknown> {
    const reader = this.reader;
    if (depth >= this.maxDepth) reader.fail(TOO_DEEP, `nesting deeper than ${this.maxDepth}`, reader.pos - 1);
    if (reader.pos >= reader.end) reader.failEnd(1);
    const uint8 = reader.uint8;
    const first = uint8[reader.pos];
    if (first === Marker.Type || first === Marker.Count) return this.readCountedObject(depth, first === Marker.Type);
    const object: Record<string, unknown> = {};
    const inner = depth + 1;
    for (;;) {
      if (reader.pos >= reader.end) reader.failEnd(1);
      const marker = uint8[reader.pos];
      if (marker === Marker.ObjectEnd) {
        reader.pos++;
        return object;
      }
      if (marker === Marker.NoOp) {
        reader.pos++;
        continue;
      }
      const keyOffset = reader.pos;
      const key = this.readKey();
      if (reader.pos >= reader.end) reader.failEnd(1);
      this.setKey(object, key, this.readPayload(uint8[reader.pos++], inner), keyOffset);
    }
  }

  /** `{#n` (n pairs, no-ops before keys skipped) or `{$<type>#n` (values without markers). */
  private readCountedObject(depth: number, typed: boolean): Record<string, unknown> {
    const reader = this.reader;
    let type = -1;
    let count: number;
    if (typed) {
      type = this.readTypedHeader(2); // a key takes at least 2 bytes
      count = this.headerCount;
    } else {
      reader.pos++; // '#'
      count = readLength(reader, 3); // a key takes at least 2 bytes, a value 1
    }
    const object: Record<string, unknown> = {};
    const inner = depth + 1;
    for (let index = 0; index < count; index++) {
      if (!typed) while (reader.pos < reader.end && reader.uint8[reader.pos] === Marker.NoOp) reader.pos++;
      const keyOffset = reader.pos;
      const key = this.readKey();
      if (typed && index === 0) this.impliedDepth(type, inner); // after its key: if one value is too deep, the first is
      const value = typed ? this.readPayload(type, inner) : this.readValue(inner);
      this.setKey(object, key, value, keyOffset);
    }
    return object;
  }

  /** The length of a string or key: `readLength` with the one-byte forms (`U n`, `i n`) inline. */
  readTextLength(): number {
    const reader = this.reader;
    const uint8 = reader.uint8;
    const pos = reader.pos;
    if (pos + 1 < reader.end && (uint8[pos] === Marker.Uint8 || (uint8[pos] === Marker.Int8 && uint8[pos + 1] < 128))) {
      reader.pos = pos + 2;
      return uint8[pos + 1];
    }
    return readLength(reader);
  }

  /** A key: an integer length and UTF-8, no `S` marker (container-types.html#object). */
  readKey(): string {
    const reader = this.reader;
    const length = this.readTextLength();
    if (length > reader.end - reader.pos) reader.failEnd(length);
    const uint8 = reader.uint8;
    const start = reader.pos;
    const key = this.keys.get(uint8, start, length);
    if (key === undefined) return reader.fail(INVALID_UTF8, 'invalid UTF-8 in key', start);
    reader.pos = start + length;
    return key;
  }

  /**
   * The one way a key is stored, on every path: `__proto__` becomes an own property through
   * `Object.defineProperty` (assignment would replace the prototype); a repeat either wins
   * (default) or is `duplicate-key` at the key's offset.
   */
  setKey(object: Record<string, unknown>, key: string, value: unknown, keyOffset: number): void {
    if (this.rejectDuplicates && Object.hasOwn(object, key)) {
      this.reader.fail(DUPLICATE_KEY, `duplicate key ${JSON.stringify(key)}`, keyOffset);
    }
    if (key.length === 9 && key === '__proto__') {
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    } else {
      object[key] = value;
    }
  }
}
