/**
 * UTF-8 decoding fast paths. Short text is decoded by hand because the platform decoders cost a
 * fixed call overhead that dominates below a few dozen bytes; long text goes to the platform
 * (Node's `Buffer` utf8Slice where there is one, else TextDecoder). Encoding is in `utf8.ts`.
 * Thresholds: see `bench/src/utf8-threshold.bench.ts`.
 */

// `ignoreBOM: true`: a leading U+FEFF is data, not a marker to strip. `fatal: true`: invalid
// UTF-8 is an error, never U+FFFD.
const textDecoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Text up to this many bytes is decoded by hand (`shortAscii`, one `fromCharCode` call, when it is
 * ASCII), longer ASCII text by the platform. `pnpm --filter @binschema/bench run utf8`, which
 * counts flattening ropes: at 24 ASCII bytes one call took 99 ns and `utf8Slice` 119 on Node 26,
 * 91 and 102 on Node 24; past 24 the hand loop's 8-byte pieces took 2-3x as long as `utf8Slice`
 * (bench/results/utf8-threshold*.md, shared 2-core machine, noisy).
 */
export const UTF8_DECODE_THRESHOLD = 24;
/**
 * Text that does not start with ASCII is decoded from this many bytes on into a UTF-16 buffer
 * and made a string once per chunk (`readUtf8Units`, `unitsText`): a flat string, where the
 * shorter-text loop builds a rope the engine flattens on first use. Counting that flattening,
 * the buffer beats the rope from 20-24 bytes of two- and four-byte characters on Node 26 and 24
 * (22 bytes 270 -> 188 ns on Node 26); three-byte text is even at 22 and gains from 34 (same
 * bench). From `UTF8_PLATFORM_MIN` bytes on the platform takes over.
 */
export const UTF8_UNITS_MIN = 20;
/**
 * Text of this many bytes or more goes to the platform whatever it starts with. Node's
 * `utf8Slice` (simdutf since Node 22) took 240-290 ns on 22-29 bytes of non-ASCII text and
 * 115-135 ns from 32 bytes on, and the UTF-16 buffer lost from 32-36 bytes on Node 26 and 24
 * alike, by 3-4x on long text (Cyrillic and Latin-1 471 bytes 1,556 -> 411 ns, Georgian
 * 708 bytes 2,105 -> 515, emoji 500 bytes 1,530 -> 481 on Node 26; same bench). json-pack also
 * decodes with `utf8Slice` from 32 bytes. Without `Buffer` TextDecoder's crossover is the same
 * within the noise (32-36 bytes; measured on Node with `Buffer` hidden, not in a browser).
 */
export const UTF8_PLATFORM_MIN = 32;

type Utf8Slice = (this: Uint8Array, start: number, end: number) => string;

/** Node's `Buffer.prototype.utf8Slice`: a direct binding, without TextDecoder's JS wrapper. */
const nodeUtf8Slice: Utf8Slice | undefined = /* @__PURE__ */ (() => {
  const slice = (globalThis as { Buffer?: { prototype?: { utf8Slice?: unknown } } }).Buffer?.prototype?.utf8Slice;
  return typeof slice === 'function' ? (slice as Utf8Slice) : undefined;
})();

/** UTF-16 units per string made from the buffer (`fromCharCode.apply` pushes them on the stack). */
const UNITS_CHUNK = 8192;
const units = /* @__PURE__ */ new Uint16Array(UNITS_CHUNK + 1);
const unitBytes = /* @__PURE__ */ (() => new Uint8Array(units.buffer))();

type Ucs2Slice = (this: Uint8Array, start: number, end: number) => string;

/**
 * Node's `Buffer.prototype.ucs2Slice` (UTF-16LE bytes to a string, one copy), where the
 * platform stores a `Uint16Array` little-endian; else `fromCharCode.apply`.
 */
const nodeUcs2Slice: Ucs2Slice | undefined = /* @__PURE__ */ (() => {
  const slice = (globalThis as { Buffer?: { prototype?: { ucs2Slice?: unknown } } }).Buffer?.prototype?.ucs2Slice;
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  return typeof slice === 'function' && littleEndian ? (slice as Ucs2Slice) : undefined;
})();

/**
 * The first `count` units of the buffer as a string. `fromCharCode.apply` over a typed array
 * builds its argument list element by element; `ucs2Slice` copies the bytes: the buffer path
 * took 188 ns on 22 bytes of Cyrillic and Latin-1 with it and 232 without `Buffer`, 203 and 273
 * on 29 bytes (Node 26, bench/results/utf8-threshold.md, noisy).
 */
function unitsText(count: number): string {
  return nodeUcs2Slice !== undefined
    ? nodeUcs2Slice.call(unitBytes, 0, count * 2)
    : fromCharCode.apply(null, units.subarray(0, count) as unknown as number[]);
}

/**
 * Decodes `length` bytes at `start` as strict UTF-8 (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF). Returns `undefined` for invalid input so the caller can throw a
 * `DecodeError` with its own offset.
 */
export function readUtf8(source: Uint8Array, start: number, length: number): string | undefined {
  // A small dispatcher the engine inlines into its callers; the loops are functions of their own
  // (one large function was never inlined: ~15 ns a call of 62 on 75 ASCII bytes, .tmp
  // measurements on Node 20, noisy).
  if (length <= UTF8_DECODE_THRESHOLD) return shortAscii(source, start, length) ?? readUtf8Loop(source, start, start + length);
  // The platform decoder costs a fixed overhead a call but then runs fastest: from 32 bytes on
  // (simdutf), and on ASCII below that. So: text from UTF8_PLATFORM_MIN bytes, and shorter text
  // that starts with ASCII → the platform; other text → the UTF-16 buffer. Only the first 16
  // bytes are looked at, to keep the choice cheap.
  if (length >= UTF8_PLATFORM_MIN || startsWithAscii(source, start)) return readUtf8Platform(source, start, start + length);
  return readUtf8Units(source, start, start + length);
}

/** Whether the 16 bytes at `start` (the caller has more than 24) are ASCII: one test of them all, no branch a byte. */
function startsWithAscii(s: Uint8Array, p: number): boolean {
  const high = s[p] | s[p + 1] | s[p + 2] | s[p + 3] | s[p + 4] | s[p + 5] | s[p + 6] | s[p + 7];
  return (high | s[p + 8] | s[p + 9] | s[p + 10] | s[p + 11] | s[p + 12] | s[p + 13] | s[p + 14] | s[p + 15]) < 0x80;
}

/** `readUtf8` by hand, for short text that is not all ASCII; builds the string piece by piece (from UTF8_UNITS_MIN bytes: readUtf8Units). */
function readUtf8Loop(source: Uint8Array, start: number, end: number): string | undefined {
  // Here rather than in readUtf8, which stays small enough to inline.
  if (end - start >= UTF8_UNITS_MIN) return readUtf8Units(source, start, end);
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

/**
 * `readUtf8` through the module's UTF-16 buffer, with the same strict checks as its loop
 * (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
 */
function readUtf8Units(source: Uint8Array, start: number, end: number): string | undefined {
  let out = '';
  let count = 0;
  let pos = start;
  while (pos < end) {
    if (count >= UNITS_CHUNK - 1) {
      out += unitsText(count);
      count = 0;
    }
    const byte = source[pos++];
    if (byte < 0x80) {
      units[count++] = byte;
      continue;
    }
    if (byte >= 0xc2 && byte <= 0xdf) {
      if (pos >= end) return undefined;
      const b1 = source[pos++];
      if ((b1 & 0xc0) !== 0x80) return undefined;
      units[count++] = ((byte & 0x1f) << 6) | (b1 & 0x3f);
    } else if (byte >= 0xe0 && byte <= 0xef) {
      if (pos + 1 >= end) return undefined;
      const b1 = source[pos++];
      const b2 = source[pos++];
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return undefined;
      const code = ((byte & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff)) return undefined;
      units[count++] = code;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      if (pos + 2 >= end) return undefined;
      const b1 = source[pos++];
      const b2 = source[pos++];
      const b3 = source[pos++];
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return undefined;
      const code = (((byte & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f)) - 0x10000;
      if (code < 0 || code > 0xfffff) return undefined;
      units[count++] = 0xd800 | (code >> 10);
      units[count++] = 0xdc00 | (code & 0x3ff);
    } else {
      return undefined;
    }
  }
  return out + unitsText(count);
}

/**
 * Strict decoding on the platform. Node's `utf8Slice` turns every invalid sequence into U+FFFD
 * (the WHATWG decoder, as TextDecoder without `fatal`), so text without U+FFFD was valid, and
 * that check is free on ASCII-only text (a one-byte string cannot hold U+FFFD). Text with a
 * U+FFFD, valid or not, is decided by the fatal TextDecoder. TextDecoder's wrapper made it
 * ~half of the long-strings decode profile.
 */
function readUtf8Platform(source: Uint8Array, start: number, end: number): string | undefined {
  if (nodeUtf8Slice !== undefined) {
    const text = nodeUtf8Slice.call(source, start, end);
    if (text.indexOf('\ufffd') === -1) return text;
  }
  try {
    return textDecoder.decode(source.subarray(start, end));
  } catch {
    return undefined;
  }
}

const fromCharCode = String.fromCharCode;

/**
 * Up to 24 ASCII bytes as one flat string from one `fromCharCode` call with exactly that many
 * arguments (as cbor-x does below 16); `undefined` when a byte is not ASCII. Building the string
 * piece by piece cost a new string per piece (short-strings decode profile); one call took
 * 61-99 ns on 16-24 bytes and `utf8Slice` 97-157 on Node 26 and 24 (`UTF8_DECODE_THRESHOLD`).
 */
function shortAscii(s: Uint8Array, p: number, length: number): string | undefined {
  // Length 24 at most (UTF8_DECODE_THRESHOLD); beyond that the switch has no case.
  let bits = 0;
  for (let index = 0; index < length; index++) bits |= s[p + index];
  if (bits >= 0x80) return undefined;
  switch (length) {
    case 0: return '';
    case 1: return fromCharCode(s[p]);
    case 2: return fromCharCode(s[p], s[p + 1]);
    case 3: return fromCharCode(s[p], s[p + 1], s[p + 2]);
    case 4: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3]);
    case 5: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4]);
    case 6: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5]);
    case 7: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6]);
    case 8: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7]);
    case 9:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8]);
    case 10:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9]);
    case 11:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10]);
    case 12:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11]);
    case 13:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12]);
    case 14:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13]);
    case 15:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14]);
    case 16:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15]);
    case 17:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16]);
    case 18:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17]);
    case 19:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17], s[p + 18]);
    case 20:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17], s[p + 18], s[p + 19]);
    case 21:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17], s[p + 18], s[p + 19], s[p + 20]);
    case 22:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17], s[p + 18], s[p + 19], s[p + 20], s[p + 21]);
    case 23:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17], s[p + 18], s[p + 19], s[p + 20], s[p + 21], s[p + 22]);
    case 24:
      return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15], s[p + 16], s[p + 17], s[p + 18], s[p + 19], s[p + 20], s[p + 21], s[p + 22], s[p + 23]);
  }
  return undefined;
}
