/**
 * UTF-8 fast paths. Short strings are handled by hand because the platform codecs cost a fixed
 * call overhead that dominates below a few dozen characters; long ones go to TextEncoder /
 * TextDecoder. Thresholds: see `bench/src/utf8-threshold.bench.ts`.
 */

const textEncoder = new TextEncoder();
// `ignoreBOM: true`: a leading U+FEFF is data, not a marker to strip. `fatal: true`: invalid
// UTF-8 is an error, never U+FFFD.
const textDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strings with more UTF-16 units than this are encoded with `TextEncoder.encodeInto`. */
export const UTF8_ENCODE_THRESHOLD = 64;
/** ASCII byte runs longer than this are decoded with `TextDecoder`. */
export const UTF8_DECODE_THRESHOLD = 48;
/** Non-ASCII byte runs longer than this are decoded with `TextDecoder` too. */
export const UTF8_LOOP_LIMIT = 1024;

function isAscii(source: Uint8Array, start: number, end: number): boolean {
  for (let pos = start; pos < end; pos++) if (source[pos] >= 0x80) return false;
  return true;
}

/** Upper bound of the UTF-8 length of `text` (3 bytes per UTF-16 unit). */
export function maxUtf8Length(text: string): number {
  return text.length * 3;
}

/**
 * Writes `text` as UTF-8 at `pos` and returns the position after it. The caller guarantees
 * `maxUtf8Length(text)` bytes of room. Lone surrogates become U+FFFD, as `TextEncoder` does,
 * so the output is always valid UTF-8 whichever path ran.
 */
export function writeUtf8(target: Uint8Array, pos: number, text: string): number {
  const length = text.length;
  if (length > UTF8_ENCODE_THRESHOLD) {
    return pos + textEncoder.encodeInto(text, target.subarray(pos)).written;
  }
  let index = 0;
  // A tight loop over the leading ASCII run first: most keys and many values are pure ASCII,
  // and this loop runs 1.5-2x faster than the general one below (.tmp measurements, noisy).
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) break;
    target[pos++] = code;
  }
  for (; index < length; index++) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      target[pos++] = code;
    } else if (code < 0x800) {
      target[pos++] = 0xc0 | (code >> 6);
      target[pos++] = 0x80 | (code & 0x3f);
    } else {
      if ((code & 0xf800) === 0xd800) {
        const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
        if (code <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          index++;
          code = 0x10000 + ((code & 0x3ff) << 10) + (next & 0x3ff);
          target[pos++] = 0xf0 | (code >> 18);
          target[pos++] = 0x80 | ((code >> 12) & 0x3f);
          target[pos++] = 0x80 | ((code >> 6) & 0x3f);
          target[pos++] = 0x80 | (code & 0x3f);
          continue;
        }
        code = 0xfffd;
      }
      target[pos++] = 0xe0 | (code >> 12);
      target[pos++] = 0x80 | ((code >> 6) & 0x3f);
      target[pos++] = 0x80 | (code & 0x3f);
    }
  }
  return pos;
}

/** Exact UTF-8 length of `text` (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  const length = text.length;
  let bytes = length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if ((code & 0xfc00) === 0xd800 && index + 1 < length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // the pair is 2 units and 4 bytes
      index++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

/**
 * Decodes `length` bytes at `start` as strict UTF-8 (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF). Returns `undefined` for invalid input so the caller can throw a
 * `DecodeError` with its own offset.
 */
export function readUtf8(source: Uint8Array, start: number, length: number): string | undefined {
  const end = start + length;
  // The platform decoder costs a fixed ~70 ns a call but then runs fastest on ASCII; on other
  // text its fatal mode is slower than the loop below up to about 1 KB (.tmp measurements on
  // Node 20, noisy). So: long text that starts with ASCII, or very long text → TextDecoder;
  // the rest → the loop. Only the first 16 bytes are looked at, to keep the choice cheap.
  if (length > UTF8_DECODE_THRESHOLD && (length > UTF8_LOOP_LIMIT || isAscii(source, start, start + 16))) {
    try {
      return textDecoder.decode(source.subarray(start, end));
    } catch {
      return undefined;
    }
  }
  let pos = start;
  let out = '';
  while (pos < end) {
    const byte = source[pos++];
    if (byte < 0x80) {
      // Eight ASCII bytes through one fromCharCode call: ~4x faster than one at a time.
      if (pos + 7 <= end) {
        const b1 = source[pos];
        const b2 = source[pos + 1];
        const b3 = source[pos + 2];
        const b4 = source[pos + 3];
        const b5 = source[pos + 4];
        const b6 = source[pos + 5];
        const b7 = source[pos + 6];
        if ((b1 | b2 | b3 | b4 | b5 | b6 | b7) < 0x80) {
          out += String.fromCharCode(byte, b1, b2, b3, b4, b5, b6, b7);
          pos += 7;
          continue;
        }
      }
      out += String.fromCharCode(byte);
      continue;
    }
    let code: number;
    if (byte >= 0xc2 && byte <= 0xdf) {
      if (pos >= end) return undefined;
      const b1 = source[pos++];
      if ((b1 & 0xc0) !== 0x80) return undefined;
      code = ((byte & 0x1f) << 6) | (b1 & 0x3f);
    } else if (byte >= 0xe0 && byte <= 0xef) {
      if (pos + 1 >= end) return undefined;
      const b1 = source[pos++];
      const b2 = source[pos++];
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return undefined;
      code = ((byte & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      if (pos + 2 >= end) return undefined;
      const b1 = source[pos++];
      const b2 = source[pos++];
      const b3 = source[pos++];
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return undefined;
      code = ((byte & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
      if (code < 0x10000 || code > 0x10ffff) return undefined;
      code -= 0x10000;
      out += String.fromCharCode(0xd800 | (code >> 10), 0xdc00 | (code & 0x3ff));
      continue;
    } else {
      return undefined;
    }
    out += String.fromCharCode(code);
  }
  return out;
}
