import { readUtf8 } from './utf8-decode.js';

/**
 * Longest key (in bytes) that is interned; longer keys are decoded every time. 48, not 24:
 * names such as very-large-object's 265 test names of 25-48 bytes decode 3-7% faster
 * (the real bench, 3 alternating runs per side), for at most 4096 x 48 bytes of copies.
 */
export const KEY_CACHE_MAX_LENGTH = 48;
const SLOTS = 4096;

/**
 * Interns short map keys by their bytes, so decoding the same keys again (records in an array,
 * repeated messages) costs a hash and a compare instead of a UTF-8 decode and a new string.
 * Direct-mapped: a colliding key simply replaces the slot. Only valid UTF-8 is ever cached.
 */
export class KeyCache {
  private readonly bytes: (Uint8Array | undefined)[] = new Array(SLOTS);
  private readonly strings: (string | undefined)[] = new Array(SLOTS);

  /** The key at `source[start..start+length)`, or `undefined` when it is not valid UTF-8. */
  get(source: Uint8Array, start: number, length: number): string | undefined {
    if (length > KEY_CACHE_MAX_LENGTH) return readUtf8(source, start, length);
    if (length === 0) return '';
    // The slot comes from the length and three bytes (first, middle, last), not every byte: the
    // compare below checks them all anyway, and keys that differ only elsewhere are rare enough
    // (cbor-x hashes the length and two bytes).
    const last = start + length - 1;
    const hash = (length << 24) ^ (source[start] << 16) ^ (source[start + (length >> 1)] << 8) ^ source[last];
    const slot = (hash ^ (hash >>> 13) ^ (hash >>> 21)) & (SLOTS - 1);
    const cached = this.bytes[slot];
    if (cached !== undefined && cached.length === length) {
      let same = true;
      for (let index = 0; index < length; index++) {
        if (cached[index] !== source[start + index]) {
          same = false;
          break;
        }
      }
      if (same) return this.strings[slot];
    }
    const text = readUtf8(source, start, length);
    if (text !== undefined) {
      this.bytes[slot] = source.slice(start, start + length);
      this.strings[slot] = text;
    }
    return text;
  }
}
