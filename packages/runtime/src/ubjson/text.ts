import type { Writer } from '../writer.js';
import { writeUtf8 } from '../utf8.js';
import { Marker } from './constants.js';
import { lengthSize, writeIntAt } from './integer.js';

/**
 * Writes `text` as a length (smallest integer marker) followed by its UTF-8 bytes at `pos` and
 * returns the position after it. The caller guarantees `9 + 3 * text.length` bytes of room.
 *
 * The UTF-8 form of n UTF-16 units takes between n and 3n bytes, so the header size is guessed
 * from n as if the text were ASCII (2 bytes up to 255, 3 up to 32767, else 5), the bytes are
 * written in place after it, and moved with `copyWithin` only when the guess was wrong, which
 * can only happen for 86..255 or 10,923..32,767 units (STYLE.md: shortest, not worst-case,
 * headers). Up to 85 units the guess is always right.
 */
export function writeTextAt(uint8: Uint8Array, pos: number, text: string): number {
  const units = text.length;
  const guess = units <= 255 ? 2 : units <= 32767 ? 3 : 5;
  const start = pos + guess;
  const end = writeUtf8(uint8, start, text);
  const length = end - start;
  if (guess === 2 && length <= 255) {
    uint8[pos] = length < 128 ? Marker.Int8 : Marker.Uint8;
    uint8[pos + 1] = length;
    return end;
  }
  const bodyStart = pos + lengthSize(length);
  if (bodyStart !== start) uint8.copyWithin(bodyStart, start, end);
  writeIntAt(uint8, pos, length);
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
  uint8[pos] = Marker.Int8;
  uint8[pos + 1] = units;
  return start + units;
}
