import type { Writer } from '../writer.js';
import { writeUtf8 } from '../utf8.js';
import { Marker } from './constants.js';
import { writeIntAt } from './integer.js';

/**
 * Longest text (UTF-16 units) whose UTF-8 form surely fits a one-byte length (`i`/`U`, 255):
 * 85 × 3 = 255. Such text gets its two-byte header reserved up front and never moves.
 */
const SHORT_TEXT = 85;

/**
 * Writes `text` as a length (smallest integer marker) followed by its UTF-8 bytes at `pos` and
 * returns the position after it. The caller guarantees `9 + 3 * text.length` bytes of room.
 * The UTF-8 is written in place after a worst-case header, and moved back with `copyWithin`
 * only when the real length needs a shorter header (STYLE.md: shortest, not worst-case, headers).
 */
export function writeTextAt(uint8: Uint8Array, pos: number, text: string): number {
  if (text.length <= SHORT_TEXT) {
    const end = writeUtf8(uint8, pos + 2, text);
    const length = end - pos - 2;
    uint8[pos] = length < 128 ? Marker.Int8 : Marker.Uint8;
    uint8[pos + 1] = length;
    return end;
  }
  const start = pos + 9;
  const end = writeUtf8(uint8, start, text);
  const length = end - start;
  const bodyStart = writeIntAt(uint8, pos, length);
  if (bodyStart !== start) uint8.copyWithin(bodyStart, start, end);
  return bodyStart + length;
}

/** Writes a string value: `S`, the length, the UTF-8 bytes (value-types.html#string). */
export function writeString(writer: Writer, text: string): void {
  writer.ensure(10 + 3 * text.length);
  writer.uint8[writer.pos] = Marker.String;
  writer.pos = writeTextAt(writer.uint8, writer.pos + 1, text);
}

/** Writes an object key: the length and the UTF-8 bytes, no `S` (container-types.html#object). */
export function writeKey(writer: Writer, key: string): void {
  writer.ensure(9 + 3 * key.length);
  writer.pos = writeTextAt(writer.uint8, writer.pos, key);
}
