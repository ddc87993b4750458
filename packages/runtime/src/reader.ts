import { DecodeError, ErrorCode, type Format } from './errors.js';
import { readUtf8 } from './utf8.js';

const EMPTY = new Uint8Array(0);

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
  view: DataView = new DataView(EMPTY.buffer);
  pos = 0;
  end = 0;
  readonly format: Format;

  constructor(format: Format, bytes?: Uint8Array) {
    this.format = format;
    if (bytes !== undefined) this.reset(bytes);
  }

  /** Points the reader at new input, at offset 0. */
  reset(bytes: Uint8Array): void {
    this.uint8 = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = 0;
    this.end = bytes.length;
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
    const what = count === 1 ? 'unexpected end of input' : `unexpected end of input (need ${count} bytes, have ${this.end - this.pos})`;
    throw new DecodeError(this.format, ErrorCode.UnexpectedEnd, what, this.end);
  }

  /** Throws a `DecodeError` of this reader's format. */
  fail(code: string, what: string, offset: number = this.pos): never {
    throw new DecodeError(this.format, code, what, offset);
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
    const value = this.view.getUint32(this.pos);
    this.pos += 4;
    return value;
  }

  i32(): number {
    if (this.end - this.pos < 4) this.failEnd(4);
    const value = this.view.getInt32(this.pos);
    this.pos += 4;
    return value;
  }

  /** Unsigned 64-bit as a number when it is a safe integer, else as a bigint. */
  u64(): number | bigint {
    if (this.end - this.pos < 8) this.failEnd(8);
    const high = this.view.getUint32(this.pos);
    const low = this.view.getUint32(this.pos + 4);
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
    const value = this.view.getFloat32(this.pos);
    this.pos += 4;
    return value;
  }

  f64(): number {
    if (this.end - this.pos < 8) this.failEnd(8);
    const value = this.view.getFloat64(this.pos);
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
    if (text === undefined) this.fail(ErrorCode.InvalidUtf8, 'invalid UTF-8 in text', start);
    this.pos += length;
    return text;
  }
}
