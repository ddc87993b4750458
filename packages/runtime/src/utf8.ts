/**
 * UTF-8 fast paths. Short strings are handled by hand because the platform codecs cost a fixed
 * call overhead that dominates below a few dozen characters; long ones go to the platform (Node's
 * `Buffer` utf8Write / utf8Slice where there is one, else TextEncoder / TextDecoder).
 * Thresholds: see `bench/src/utf8-threshold.bench.ts`.
 */

const textEncoder = new TextEncoder();
// `ignoreBOM: true`: a leading U+FEFF is data, not a marker to strip. `fatal: true`: invalid
// UTF-8 is an error, never U+FFFD.
const textDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Strings with more UTF-16 units than this go to the platform encoder: `pnpm --filter
 * @binschema/bench run utf8` (Node 20, shared 2-core machine, noisy) puts the crossover at 28
 * units for ASCII and 32 for non-ASCII text, the lone-surrogate check included.
 */
export const UTF8_ENCODE_THRESHOLD = 32;
/**
 * ASCII byte runs longer than this are decoded by the platform: the same bench, which counts
 * flattening the hand loop's rope, puts the crossover at 20 bytes; up to 15 bytes `shortAscii`
 * builds one flat string and wins.
 */
export const UTF8_DECODE_THRESHOLD = 24;
/**
 * Text that does not start with ASCII is decoded from this many bytes on into a UTF-16 buffer
 * and made a string once per chunk (`readUtf8Units`, `unitsText`): a flat string, where the
 * shorter-text loop builds a rope the engine flattens on first use. Counting that flattening,
 * the buffer beats the rope from ~20 bytes (Cyrillic 20 bytes 75 -> 56 ns, 27 bytes 146 -> 75,
 * CJK 27 bytes 76 -> 65; even at 16) and Node's `utf8Slice` + U+FFFD check by 1.2-3x at every
 * length on Cyrillic, Georgian and emoji text (.tmp measurements on Node 20, noisy); text that
 * starts with ASCII still goes to the platform, which wins there.
 */
export const UTF8_UNITS_MIN = 20;
/** UTF-16 units per string made from the buffer (`fromCharCode.apply` pushes them on the stack). */
const UNITS_CHUNK = 8192;
const units = new Uint16Array(UNITS_CHUNK + 1);
const unitBytes = new Uint8Array(units.buffer);

type Ucs2Slice = (this: Uint8Array, start: number, end: number) => string;

/**
 * Node's `Buffer.prototype.ucs2Slice` (UTF-16LE bytes to a string, one copy), where the
 * platform stores a `Uint16Array` little-endian; else `fromCharCode.apply`.
 */
const nodeUcs2Slice: Ucs2Slice | undefined = (() => {
  const slice = (globalThis as { Buffer?: { prototype?: { ucs2Slice?: unknown } } }).Buffer?.prototype?.ucs2Slice;
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  return typeof slice === 'function' && littleEndian ? (slice as Ucs2Slice) : undefined;
})();

/**
 * The first `count` units of the buffer as a string. `fromCharCode.apply` over a typed array
 * builds its argument list element by element; `ucs2Slice` copies the bytes and decoded
 * long-strings' Cyrillic and Georgian text and string-ladder's emoji and 'ø' text 1.6-2x as
 * fast in all (.tmp measurements on Node 20, noisy).
 */
function unitsText(count: number): string {
  return nodeUcs2Slice !== undefined
    ? nodeUcs2Slice.call(unitBytes, 0, count * 2)
    : fromCharCode.apply(null, units.subarray(0, count) as unknown as number[]);
}

type Utf8Write = (this: Uint8Array, text: string, offset: number, length: number) => number;

/**
 * Node's `Buffer.prototype.utf8Write` writes straight into any `Uint8Array` without the
 * `subarray` view `encodeInto` needs; elsewhere (browsers, Deno without Buffer) it is undefined
 * and `TextEncoder.encodeInto` does the job.
 */
const nodeUtf8Write: Utf8Write | undefined = (() => {
  const write = (globalThis as { Buffer?: { prototype?: { utf8Write?: unknown } } }).Buffer?.prototype?.utf8Write;
  return typeof write === 'function' ? (write as Utf8Write) : undefined;
})();

const nativeIsWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

/**
 * True when `text` is well-formed UTF-16 (no lone surrogate), i.e. has a UTF-8 form (RFC 3629
 * §3). `String.prototype.isWellFormed` (ES2024, Node 20) where there is one, else a scan.
 */
export function isWellFormedText(text: string): boolean {
  if (nativeIsWellFormed !== undefined) return nativeIsWellFormed.call(text);
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if ((code & 0xf800) !== 0xd800) continue;
    if (code > 0xdbff || index + 1 === length || (text.charCodeAt(index + 1) & 0xfc00) !== 0xdc00) return false;
    index++;
  }
  return true;
}

/** What an encoder says when it refuses text `writeUtf8` returns -1 for (RFC 3629 §3: no UTF-8 form). */
export const LONE_SURROGATE = 'text is not well-formed Unicode (lone surrogate)';

/** Upper bound of the UTF-8 length of `text` (3 bytes per UTF-16 unit). */
export function maxUtf8Length(text: string): number {
  return text.length * 3;
}

/**
 * Writes `text` as UTF-8 at `pos` and returns the position after it, or -1 when `text` holds a
 * lone surrogate: it has no UTF-8 form (RFC 3629 §3), so the caller refuses the value rather
 * than change it to U+FFFD (the bytes written past `pos` are then garbage). The caller
 * guarantees `maxUtf8Length(text)` bytes of room, and owns the byte before `pos` (a header byte
 * in every codec): the lone-surrogate check of long text borrows it for a moment as a sentinel
 * (see `writtenWellFormed`), which is why `Writer.utf8` never writes text at an output's first byte.
 * The same holds for `writeUtf8Platform` and `writeUtf8Bounded`.
 */
export function writeUtf8(target: Uint8Array, pos: number, text: string): number {
  const length = text.length;
  if (length > UTF8_ENCODE_THRESHOLD) return writeUtf8Platform(target, pos, text);
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
    } else if ((code & 0xf800) === 0xd800) {
      const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      if (code > 0xdbff || (next & 0xfc00) !== 0xdc00) return -1;
      index++;
      code = 0x10000 + ((code & 0x3ff) << 10) + (next & 0x3ff);
      target[pos++] = 0xf0 | (code >> 18);
      target[pos++] = 0x80 | ((code >> 12) & 0x3f);
      target[pos++] = 0x80 | ((code >> 6) & 0x3f);
      target[pos++] = 0x80 | (code & 0x3f);
    } else {
      target[pos++] = 0xe0 | (code >> 12);
      target[pos++] = 0x80 | ((code >> 6) & 0x3f);
      target[pos++] = 0x80 | (code & 0x3f);
    }
  }
  return pos;
}

/**
 * The platform path of `writeUtf8`, for a caller that knows the text is longer than
 * `UTF8_ENCODE_THRESHOLD`: the engine does not inline `writeUtf8` (its hand loop is too large),
 * this one it does. Platform encoders write a lone surrogate as U+FFFD, so a string is checked
 * unless it is all ASCII: a non-ASCII unit takes 2 or 3 bytes (a pair 4 for 2 units), so exactly
 * `length` bytes means ASCII only, and ASCII text pays no check.
 */
export function writeUtf8Platform(target: Uint8Array, pos: number, text: string): number {
  const written = platformWrite(target, pos, text, text.length * 3);
  if (written !== text.length && !writtenWellFormed(target, pos, written, text)) return -1;
  return pos + written;
}

type LastIndexOfByte = (this: Uint8Array, value: number, byteOffset: number) => number;

/**
 * Node's `Buffer.prototype.lastIndexOf`: a number is searched backwards with `memrchr`, on any
 * `Uint8Array`, from `byteOffset` down.
 */
const nodeLastIndexOf: LastIndexOfByte | undefined = nodeUtf8Write === undefined ? undefined : (() => {
  const lastIndexOf = (globalThis as { Buffer?: { prototype?: { lastIndexOf?: unknown } } }).Buffer?.prototype?.lastIndexOf;
  return typeof lastIndexOf === 'function' ? (lastIndexOf as LastIndexOfByte) : undefined;
})();

/** After this many EF bytes that do not start EF BF BD, `writtenWellFormed` asks `isWellFormed`. */
const EF_SEARCH_LIMIT = 4;

/**
 * Whether the `written` bytes `utf8Write` put at `pos` came from well-formed `text`. Node
 * writes a lone surrogate as U+FFFD (EF BF BD), so bytes without that sequence came from a
 * well-formed string (EF leads only U+F000..U+FFFF). The search runs backwards over the whole
 * buffer, bounded by an EF put in the byte before the text for the call (and put back): no view
 * to allocate. It costs a fixed ~10 ns where a bounded view and `indexOf` cost ~30 ns and
 * `isWellFormed` 14-146 ns on the two-byte strings of long-strings and string-ladder (.tmp
 * measurements on Node 20, noisy). A hit (a real U+FFFD too), many EF bytes (fullwidth
 * forms) or no byte before the text go to the exact check.
 */
function writtenWellFormed(target: Uint8Array, pos: number, written: number, text: string): boolean {
  if (nodeLastIndexOf === undefined || pos === 0) return isWellFormedText(text);
  const before = pos - 1;
  const saved = target[before];
  target[before] = 0xef;
  let at = nodeLastIndexOf.call(target, 0xef, pos + written - 1);
  let hits = 0;
  // A byte after the text may be stale; reading it can only send the text to the exact check.
  while (at !== before && hits < EF_SEARCH_LIMIT && !(target[at + 1] === 0xbf && target[at + 2] === 0xbd)) {
    at = nodeLastIndexOf.call(target, 0xef, at - 1);
    hits++;
  }
  target[before] = saved;
  return at === before || isWellFormedText(text);
}

/**
 * Bytes the platform encoder wrote in the `room` bytes at `pos`; it stops before a character
 * that does not fit. Passing a `room` the caller knows rather than `target.length - pos` saved
 * ~3 ns a call (.tmp measurements on Node 20, noisy).
 */
function platformWrite(target: Uint8Array, pos: number, text: string, room: number): number {
  return nodeUtf8Write !== undefined
    ? nodeUtf8Write.call(target, text, pos, room)
    : textEncoder.encodeInto(text, target.subarray(pos, pos + room)).written;
}

/** `writeUtf8Bounded`: the text did not fit in the room after `pos`. */
export const UTF8_NO_ROOM = -2;

/**
 * `writeUtf8` for a caller that reserved room for ASCII only (`text.length` bytes): returns
 * `UTF8_NO_ROOM` when the text needs more, and the caller then reserves `maxUtf8Length(text)`
 * and calls again. On success at least 4 bytes of room are left after the text, so a length
 * head written before it can still widen and move the text right (shortest heads). Reserving 3 bytes a unit up front makes a `Writer` grow (allocate and
 * copy) well before its buffer is full on long ASCII text: 14% of the long-strings encode
 * profile (.tmp measurements, noisy).
 */
export function writeUtf8Bounded(target: Uint8Array, pos: number, text: string): number {
  const length = text.length;
  const room = target.length - pos;
  if (room >= length * 3 + 4) return writeUtf8(target, pos, text);
  if (length <= UTF8_ENCODE_THRESHOLD) return UTF8_NO_ROOM;
  const written = platformWrite(target, pos, text, room);
  // No character takes more than 4 bytes: with 4 left over, nothing was cut off.
  if (room - written < 4) return UTF8_NO_ROOM;
  if (written !== length && !writtenWellFormed(target, pos, written, text)) return -1;
  return pos + written;
}

/** Exact UTF-8 length of `text` (a lone surrogate counts 3 bytes, the size of U+FFFD). */
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
  // A small dispatcher the engine inlines into its callers; the loops are functions of their own
  // (one large function was never inlined: ~15 ns a call of 62 on 75 ASCII bytes, .tmp
  // measurements on Node 20, noisy).
  if (length <= SHORT_ASCII_MAX) return shortAscii(source, start, length) ?? readUtf8Loop(source, start, start + length);
  // The platform decoder costs a fixed ~50 ns a call but then runs fastest on ASCII. So: long
  // text that starts with ASCII → the platform; other text from UTF8_UNITS_MIN bytes → the
  // UTF-16 buffer; the rest → the loop. Only the first 16 bytes are looked at, to keep the
  // choice cheap.
  if (length > UTF8_DECODE_THRESHOLD && startsWithAscii(source, start)) return readUtf8Platform(source, start, start + length);
  if (length >= UTF8_UNITS_MIN) return readUtf8Units(source, start, start + length);
  return readUtf8Loop(source, start, start + length);
}

/** Whether the 16 bytes at `start` (the caller has more than 24) are ASCII: one test of them all, no branch a byte. */
function startsWithAscii(s: Uint8Array, p: number): boolean {
  const high = s[p] | s[p + 1] | s[p + 2] | s[p + 3] | s[p + 4] | s[p + 5] | s[p + 6] | s[p + 7];
  return (high | s[p + 8] | s[p + 9] | s[p + 10] | s[p + 11] | s[p + 12] | s[p + 13] | s[p + 14] | s[p + 15]) < 0x80;
}

/** `readUtf8` by hand, for short text; builds the string piece by piece. */
function readUtf8Loop(source: Uint8Array, start: number, end: number): string | undefined {
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

type Utf8Slice = (this: Uint8Array, start: number, end: number) => string;

/** Node's `Buffer.prototype.utf8Slice`: a direct binding, without TextDecoder's JS wrapper. */
const nodeUtf8Slice: Utf8Slice | undefined = (() => {
  const slice = (globalThis as { Buffer?: { prototype?: { utf8Slice?: unknown } } }).Buffer?.prototype?.utf8Slice;
  return typeof slice === 'function' ? (slice as Utf8Slice) : undefined;
})();

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

/** Longest text `shortAscii` builds in one call. */
const SHORT_ASCII_MAX = 15;
const fromCharCode = String.fromCharCode;

/**
 * Up to 15 ASCII bytes as one flat string from one `fromCharCode` call with exactly that many
 * arguments (as cbor-x does); `undefined` when a byte is not ASCII. Building the string piece by
 * piece cost a new string per piece (short-strings decode profile).
 */
function shortAscii(s: Uint8Array, p: number, length: number): string | undefined {
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
  }
  return undefined;
}
