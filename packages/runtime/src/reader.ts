import { DecodeError, type Format, INVALID_UTF8, TRAILING_BYTES, UNEXPECTED_END } from './errors.js';
import { readUtf8 } from './utf8-decode.js';

const EMPTY = /* @__PURE__ */ new Uint8Array(0);

/**
 * Bounds-checked cursor over a `Uint8Array`. Every read checks the end first and throws
 * `DecodeError('unexpected-end')` at the offset of the read; nothing ever yields `undefined`
 * or 0 past the end (the `DataView` is never relied on for bounds).
 *
 * Fields are public so decoders (generic and generated) can check once with `need(n)` and then
 * read `uint8[pos++]` inline.
 */
export class Reader {
  uint8: Uint8Array = EMPTY;
  pos = 0;
  end = 0;
  readonly format: Format;
  /**
   * Array slots decoders may still preallocate for declared counts in this input (`preallocate`).
   * Starts at the input length: every element takes at least one byte and sits in one container,
   * so valid input never declares more elements in all than it has bytes.
   */
  slotsLeft = 0;
  /**
   * True while a generic decode reads with this reader: an extension's decode hook that decodes
   * again then gets a reader of its own instead of moving this one.
   */
  busy = false;
  /** The `DataView` over `viewOf`, made on first use: most inputs never read a float. */
  private dataView: DataView = new DataView(EMPTY.buffer);
  private viewOf: Uint8Array = EMPTY;

  constructor(format: Format, bytes?: Uint8Array) {
    this.format = format;
    if (bytes !== undefined) this.reset(bytes);
  }

  /**
   * Points the reader at new input, at offset 0. Allocates nothing: a `DataView` per call was
   * ~20 ns, 8-12% of decoding a small item (.tmp profiles).
   */
  reset(bytes: Uint8Array): void {
    this.uint8 = bytes;
    this.pos = 0;
    this.end = bytes.length;
    this.slotsLeft = bytes.length;
  }

  /** A `DataView` over `uint8` (for floats and 64-bit integers), made once per input. */
  get view(): DataView {
    const uint8 = this.uint8;
    if (this.viewOf !== uint8) {
      this.dataView = new DataView(uint8.buffer, uint8.byteOffset, uint8.byteLength);
      this.viewOf = uint8;
    }
    return this.dataView;
  }

  /** Bytes left after `pos`. */
  get remaining(): number {
    return this.end - this.pos;
  }

  /** Throws unless `count` more bytes are there. */
  need(count: number): void {
    if (count > this.end - this.pos) this.failEnd(count);
  }

  /** Throws the end-of-input error for a read of `count` bytes at `pos`. */
  failEnd(count: number): never {
    // A declared length past 2^53 (an 8-byte CBOR or MessagePack head) would print rounded.
    const need = count > Number.MAX_SAFE_INTEGER ? 'more than 2^53' : String(count);
    const what = count === 1 ? 'unexpected end of input' : `unexpected end of input (need ${need} bytes, have ${this.end - this.pos})`;
    throw new DecodeError(this.format, UNEXPECTED_END, what, this.end);
  }

  /** Throws a `DecodeError` of this reader's format. */
  fail(code: string, what: string, offset: number = this.pos): never {
    throw new DecodeError(this.format, code, what, offset);
  }

  /** What is left after one item: "1 byte after the item", "3 bytes after the value" (UBJSON's word). */
  trailingText(): string {
    const left = this.end - this.pos;
    return `${left} ${left === 1 ? 'byte' : 'bytes'} after the ${this.format === 'ubjson' ? 'value' : 'item'}`;
  }

  /** Throws `trailing-bytes` at the first byte left, if any: one item must fill the input. */
  expectEnd(): void {
    if (this.pos !== this.end) this.fail(TRAILING_BYTES, this.trailingText());
  }

  u8(): number {
    if (this.pos >= this.end) this.failEnd(1);
    return this.uint8[this.pos++];
  }

  /** Next byte without consuming it. */
  peek(): number {
    if (this.pos >= this.end) this.failEnd(1);
    return this.uint8[this.pos];
  }

  i8(): number {
    return (this.u8() << 24) >> 24;
  }

  u16(): number {
    if (this.end - this.pos < 2) this.failEnd(2);
    const uint8 = this.uint8;
    const value = (uint8[this.pos] << 8) | uint8[this.pos + 1];
    this.pos += 2;
    return value;
  }

  i16(): number {
    return (this.u16() << 16) >> 16;
  }

  u32(): number {
    if (this.end - this.pos < 4) this.failEnd(4);
    const value = uint32At(this.uint8, this.pos);
    this.pos += 4;
    return value;
  }

  i32(): number {
    if (this.end - this.pos < 4) this.failEnd(4);
    const uint8 = this.uint8;
    const pos = this.pos;
    this.pos = pos + 4;
    return (uint8[pos] << 24) | (uint8[pos + 1] << 16) | (uint8[pos + 2] << 8) | uint8[pos + 3];
  }

  /** Unsigned 64-bit as a number when it is a safe integer, else as a bigint. */
  u64(): number | bigint {
    if (this.end - this.pos < 8) this.failEnd(8);
    const high = uint32At(this.uint8, this.pos);
    const low = uint32At(this.uint8, this.pos + 4);
    this.pos += 8;
    if (high <= 0x1f_ffff) return high * 0x1_0000_0000 + low;
    return (BigInt(high) << 32n) | BigInt(low);
  }

  /** Signed 64-bit as a number when it is a safe integer, else as a bigint. */
  i64(): number | bigint {
    if (this.end - this.pos < 8) this.failEnd(8);
    const value = this.view.getBigInt64(this.pos);
    this.pos += 8;
    return value >= -0x1f_ffff_ffff_ffffn && value <= 0x1f_ffff_ffff_ffffn ? Number(value) : value;
  }

  f32(): number {
    if (this.end - this.pos < 4) this.failEnd(4);
    const value = float32At(this.uint8, this.pos);
    this.pos += 4;
    return value;
  }

  f64(): number {
    if (this.end - this.pos < 8) this.failEnd(8);
    const value = float64At(this.uint8, this.pos);
    this.pos += 8;
    return value;
  }

  /** A view of the next `length` bytes (not a copy). */
  bytes(length: number): Uint8Array {
    if (length > this.end - this.pos) this.failEnd(length);
    const start = this.pos;
    this.pos += length;
    return this.uint8.subarray(start, start + length);
  }

  /** The next `length` bytes as strict UTF-8; the error offset is the string's first byte. */
  utf8(length: number): string {
    if (length > this.end - this.pos) this.failEnd(length);
    const start = this.pos;
    const text = readUtf8(this.uint8, start, length);
    if (text === undefined) this.fail(INVALID_UTF8, 'invalid UTF-8 in text', start);
    this.pos += length;
    return text;
  }
}

/** Big-endian unsigned 32-bit at `pos` (the caller checked the bounds). */
export function uint32At(uint8: Uint8Array, pos: number): number {
  return uint8[pos] * 0x100_0000 + ((uint8[pos + 1] << 16) | (uint8[pos + 2] << 8) | uint8[pos + 3]);
}

// Floats are read through one shared 8-byte scratch: cheaper than a `DataView` per input.
const scratch = /* @__PURE__ */ new Float64Array(1);
const scratch32 = /* @__PURE__ */ (() => new Float32Array(scratch.buffer, 0, 1))();
const scratchBytes = /* @__PURE__ */ (() => new Uint8Array(scratch.buffer))();
/** Byte order of the host's typed arrays (the wire is big-endian). */
const LITTLE_ENDIAN = /* @__PURE__ */ (() => new Uint8Array(new Uint16Array([1]).buffer)[0] === 1)();

/** Big-endian float64 at `pos` (the caller checked the bounds). */
export function float64At(uint8: Uint8Array, pos: number): number {
  if (LITTLE_ENDIAN) {
    scratchBytes[0] = uint8[pos + 7];
    scratchBytes[1] = uint8[pos + 6];
    scratchBytes[2] = uint8[pos + 5];
    scratchBytes[3] = uint8[pos + 4];
    scratchBytes[4] = uint8[pos + 3];
    scratchBytes[5] = uint8[pos + 2];
    scratchBytes[6] = uint8[pos + 1];
    scratchBytes[7] = uint8[pos];
  } else {
    for (let index = 0; index < 8; index++) scratchBytes[index] = uint8[pos + index];
  }
  return scratch[0];
}

/** Big-endian float32 at `pos` (the caller checked the bounds). */
export function float32At(uint8: Uint8Array, pos: number): number {
  if (LITTLE_ENDIAN) {
    scratchBytes[0] = uint8[pos + 3];
    scratchBytes[1] = uint8[pos + 2];
    scratchBytes[2] = uint8[pos + 1];
    scratchBytes[3] = uint8[pos];
  } else {
    for (let index = 0; index < 4; index++) scratchBytes[index] = uint8[pos + index];
  }
  return scratch32[0];
}
