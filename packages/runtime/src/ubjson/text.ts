import type { Writer } from '../writer.js';
import { LONE_SURROGATE, UTF8_ENCODE_THRESHOLD, UTF8_NO_ROOM, writeUtf8, writeUtf8Bounded } from '../utf8.js';
import { EncodeError, UNSUPPORTED_VALUE } from '../errors.js';
import { MARKER_INT8, MARKER_STRING, MARKER_UINT8 } from './constants.js';
import { lengthSize, writeIntAt } from './integer.js';

/**
 * Writes `text` as a length (smallest integer marker) followed by its UTF-8 bytes at `pos` and
 * returns the position after it, or -1 when `text` holds a lone surrogate (bytes past `pos` are
 * then garbage). The caller guarantees `9 + 3 * text.length` bytes of room (`writeTextGrowing`
 * asks a `Writer` for less when it can).
 *
 * The UTF-8 form of n UTF-16 units takes between n and 3n bytes, so the header size is guessed
 * from n as if the text were ASCII (2 bytes up to 255, 3 up to 32767, else 5), the bytes are
 * written in place after it, and moved with `copyWithin` only when the guess was wrong, which
 * can only happen for 86..255 or 10,923..32,767 units (STYLE.md: shortest, not worst-case,
 * headers). Up to 85 units the guess is always right.
 */
export function writeTextAt(uint8: Uint8Array, pos: number, text: string): number {
  const guess = guessHeader(text.length);
  const start = pos + guess;
  const end = writeUtf8(uint8, start, text);
  if (end === -1) return -1;
  const length = end - start;
  // The common case inline (most strings are short): a one-byte length after `i` or `U`.
  if (guess === 2 && length <= 255) {
    uint8[pos] = length < 128 ? MARKER_INT8 : MARKER_UINT8;
    uint8[pos + 1] = length;
    return end;
  }
  return placeLength(uint8, pos, guess, end);
}

/** Bytes of the length header (marker and integer) of `units` UTF-16 units if they were ASCII. */
function guessHeader(units: number): number {
  return units <= 255 ? 2 : units <= 32767 ? 3 : 5;
}

/** Writes the length of the text at `pos + guess .. end` before it at `pos`; returns the end. */
function placeLength(uint8: Uint8Array, pos: number, guess: number, end: number): number {
  const start = pos + guess;
  const length = end - start;
  if (guess === 2 && length <= 255) {
    uint8[pos] = length < 128 ? MARKER_INT8 : MARKER_UINT8;
    uint8[pos + 1] = length;
    return end;
  }
  const bodyStart = pos + lengthSize(length);
  if (bodyStart !== start) uint8.copyWithin(bodyStart, start, end);
  writeIntAt(uint8, pos, length);
  return bodyStart + length;
}

/**
 * Writes a string value: `S`, the length, the UTF-8 bytes (value-types.html#string). A lone
 * surrogate is `EncodeError('unsupported-value')` at path `''` (the caller prefixes its own).
 */
export function writeString(writer: Writer, text: string): void {
  // Short ASCII text (most strings) through writeAsciiKeyAt, which the engine inlines, as the
  // generic encoder does; writeUtf8 behind writeTextAt is not inlined. Non-ASCII text is then
  // written again below (writeAsciiKeyAt only wrote past `pos`).
  if (text.length <= UTF8_ENCODE_THRESHOLD) {
    writer.ensure(text.length + 3);
    const pos = writer.pos;
    const asciiEnd = writeAsciiKeyAt(writer.uint8, pos + 1, text);
    if (asciiEnd !== -1) {
      writer.uint8[pos] = MARKER_STRING;
      writer.pos = asciiEnd;
      return;
    }
  }
  const end = writeTextGrowing(writer, 1, text);
  if (end === -1) throw new EncodeError('ubjson', UNSUPPORTED_VALUE, LONE_SURROGATE, '');
  writer.uint8[writer.pos] = MARKER_STRING;
  writer.pos = end;
}

/** Writes an object key: the length and the UTF-8 bytes, no `S` (container-types.html#object); refuses as `writeString`. */
export function writeKey(writer: Writer, key: string): void {
  const end = writeTextGrowing(writer, 0, key);
  if (end === -1) throw new EncodeError('ubjson', UNSUPPORTED_VALUE, LONE_SURROGATE, '');
  writer.pos = end;
}

/**
 * `writeTextAt` at `writer.pos + skip` (the caller writes its `skip` bytes afterwards: a grow
 * copies only what is before `writer.pos`). Returns the end, or -1 for a lone surrogate.
 */
export function writeTextGrowing(writer: Writer, skip: number, text: string): number {
  if (writer.uint8.length - writer.pos >= skip + 9 + 3 * text.length) return writeTextAt(writer.uint8, writer.pos + skip, text);
  return writeTextTight(writer, skip, text);
}

/**
 * Near the end of the buffer: room for ASCII first and 3 bytes a unit only when the text needs
 * them, so long ASCII text does not make the writer grow (allocate and copy) early.
 */
function writeTextTight(writer: Writer, skip: number, text: string): number {
  writer.ensure(skip + 9 + text.length);
  const pos = writer.pos + skip;
  const guess = guessHeader(text.length);
  const end = writeUtf8Bounded(writer.uint8, pos + guess, text);
  if (end === UTF8_NO_ROOM) {
    writer.ensure(skip + 9 + 3 * text.length);
    return writeTextAt(writer.uint8, writer.pos + skip, text);
  }
  return end < 0 ? end : placeLength(writer.uint8, pos, guess, end);
}

/**
 * Writes a short all-ASCII key (fewer than 128 units) as `i <n>` and its bytes at `pos` and
 * returns the position after it, or -1 (having written garbage past `pos`) when the key is
 * longer or has a non-ASCII unit. Small enough for the engine to inline into the object loop,
 * where it is worth about 10% on object-heavy payloads over the general `writeTextAt`.
 */
export function writeAsciiKeyAt(uint8: Uint8Array, pos: number, key: string): number {
  const units = key.length;
  if (units >= 128) return -1;
  const start = pos + 2;
  for (let index = 0; index < units; index++) {
    const code = key.charCodeAt(index);
    if (code >= 0x80) return -1;
    uint8[start + index] = code;
  }
  uint8[pos] = MARKER_INT8;
  uint8[pos + 1] = units;
  return start + units;
}
