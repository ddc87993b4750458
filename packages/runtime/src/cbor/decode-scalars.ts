/**
 * The scalar readers and failures the generic CBOR decoder (`decode.ts`) shares with the skipper
 * (`skip.ts`) and generated code (`generated-support.ts`): text of any form, a number of any
 * width, indefinite-length strings (RFC 8949 §3.2.3). Apart from the generic decoder, so a
 * bundle that reads only these carries none of it.
 */
import { type Reader } from '../reader.js';
import { hexByte, NOT_WELL_FORMED, TOO_DEEP, UNEXPECTED_TYPE } from '../errors.js';
import { decodeFloat16 } from '../float.js';
import { Major, InitialByte } from './constants.js';
import { readArgument } from './head.js';

/**
 * RFC 8949 §3.2.3: the chunks of an indefinite-length string are definite-length strings of the
 * same major type; anything else (a nested indefinite string included) is not well-formed at
 * the chunk's initial byte.
 */
function readChunkLength(reader: Reader, major: number): number {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial === InitialByte.Break) return -1;
  if (initial >> 5 !== major || (initial & 0x1f) === 31) {
    notWellFormed(reader, `chunk ${hexByte(initial)} in an indefinite-length ${major === Major.Text ? 'text' : 'byte'} string`, offset);
  }
  const length = readArgument(reader, initial & 0x1f, offset);
  if (length > reader.end - reader.pos) reader.failEnd(length);
  return length;
}

export function readIndefiniteBytes(reader: Reader): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let length = readChunkLength(reader, Major.Bytes); length !== -1; length = readChunkLength(reader, Major.Bytes)) {
    chunks.push(reader.bytes(length));
    total += length;
  }
  const out = new Uint8Array(total);
  let pos = 0;
  for (const chunk of chunks) {
    out.set(chunk, pos);
    pos += chunk.length;
  }
  return out;
}

/** Each chunk must be valid UTF-8 on its own (RFC 8949 §3.2.3: chunks never split a character). */
export function readIndefiniteText(reader: Reader): string {
  let text = '';
  for (let length = readChunkLength(reader, Major.Text); length !== -1; length = readChunkLength(reader, Major.Text)) {
    text += reader.utf8(length);
  }
  return text;
}


export function notWellFormed(reader: Reader, what: string, offset: number): never {
  return reader.fail(NOT_WELL_FORMED, what, offset);
}

export function tooDeep(reader: Reader, settings: { maxDepth: number }, offset: number): never {
  return reader.fail(TOO_DEEP, `nesting deeper than ${settings.maxDepth}`, offset);
}

/** One text string (definite or indefinite), strict UTF-8; `unexpected-type` for anything else. */
export function readText(reader: Reader): string {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial >> 5 !== Major.Text) reader.fail(UNEXPECTED_TYPE, `expected text, got ${hexByte(initial)}`, offset);
  const info = initial & 0x1f;
  if (info < 24) return reader.utf8(info);
  const length = readArgument(reader, info, offset);
  return length === -1 ? readIndefiniteText(reader) : reader.utf8(length);
}

/**
 * One number: an integer of any width (beyond 2^53 the nearest double) or an f16/f32/f64;
 * `unexpected-type` for anything else.
 */
export function readNumber(reader: Reader): number {
  const offset = reader.pos;
  const initial = reader.u8();
  const info = initial & 0x1f;
  switch (initial >> 5) {
    case Major.Unsigned:
    case Major.Negative: {
      if (info === 31) notWellFormed(reader, 'indefinite length on an integer', offset);
      const argument = info === 27 ? reader.u64() : readArgument(reader, info, offset);
      const magnitude = typeof argument === 'bigint' ? Number(argument) : argument;
      return initial >> 5 === Major.Unsigned ? magnitude : typeof argument === 'bigint' ? Number(-1n - argument) : -1 - magnitude;
    }
    case Major.Simple:
      if (info === 25) return decodeFloat16(reader.u16());
      if (info === 26) return reader.f32();
      if (info === 27) return reader.f64();
      if (info >= 28 && info <= 30) readArgument(reader, info, offset);
  }
  return reader.fail(UNEXPECTED_TYPE, `expected number, got ${hexByte(initial)}`, offset);
}
