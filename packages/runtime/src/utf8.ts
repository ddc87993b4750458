/**
 * UTF-8 encoding fast paths. Short strings are handled by hand because the platform encoders cost
 * a fixed call overhead that dominates below a few dozen characters; long ones go to the platform
 * (Node's `Buffer` utf8Write where there is one, else TextEncoder). Decoding is in `utf8-decode.ts`.
 * Thresholds: see `bench/src/utf8-threshold.bench.ts`.
 */

// The length alone is what decoders and format checks need: its own file, so their bundles carry no encoder.
export { utf8Length } from './utf8-length.js';

const textEncoder = /* @__PURE__ */ new TextEncoder();

/**
 * Strings with more UTF-16 units than this go to the platform encoder. `pnpm --filter
 * @binschema/bench run utf8` (bench/results/utf8-threshold*.md, shared 2-core machine, noisy)
 * puts the crossover at 16 units for ASCII on Node 26 and 24 (24 units: 82 -> 43 ns on Node 26),
 * but at 40-80 for non-ASCII text on Node 26 and 112-128 on Node 24, the lone-surrogate check
 * included: `utf8Write` costs ~100 ns more on a two-byte string, however short. 32 is between
 * the two; the codecs write short ASCII text inline before they get here.
 */
export const UTF8_ENCODE_THRESHOLD = 32;
type Utf8Write = (this: Uint8Array, text: string, offset: number, length: number) => number;

/**
 * Node's `Buffer.prototype.utf8Write` writes straight into any `Uint8Array` without the
 * `subarray` view `encodeInto` needs; elsewhere (browsers, Deno without Buffer) it is undefined
 * and `TextEncoder.encodeInto` does the job.
 */
const nodeUtf8Write: Utf8Write | undefined = /* @__PURE__ */ (() => {
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
 * to allocate. It costs ~45 ns a string on Node 24 and 26; `isWellFormed` costs ~0.75 ns a
 * unit on Node 24 (~300 ns for long-strings' 423 Georgian units) and ~0.2 on Node 26. Encoding
 * long-strings with `isWellFormed` here was 7-10% faster on Node 26 and 9-12% slower on Node
 * 24 (scratch A/B of the generic CBOR and MessagePack encoders, interleaved, noisy), so the
 * search stays. A hit (a real U+FFFD too), many EF bytes (fullwidth forms) or no byte before
 * the text go to the exact check.
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
