/**
 * The scalar readers the generic MessagePack decoder (`decode.ts`) shares with the skipper's
 * `readScalar` (`skip.ts`): str and bin payloads. Apart from the generic decoder, so a bundle that
 * reads only these carries none of it.
 */
import type { Reader } from '../reader.js';
import { INVALID_UTF8 } from '../errors.js';
import { readUtf8 } from '../utf8-decode.js';

/** `length` bytes of strict UTF-8 at `start` (after the head); the error offset is the text's first byte. */
export function readText(reader: Reader, start: number, length: number): string {
  if (length > reader.end - start) reader.failEnd(length);
  const text = readUtf8(reader.uint8, start, length);
  if (text === undefined) reader.fail(INVALID_UTF8, 'invalid UTF-8 in str', start);
  reader.pos = start + length;
  return text;
}

/** A copy of the next `length` bytes: the value must not keep the input alive or change with it. */
export function readBin(reader: Reader, length: number): Uint8Array {
  const start = reader.pos;
  if (length > reader.end - start) reader.failEnd(length);
  reader.pos = start + length;
  return reader.uint8.slice(start, start + length);
}
