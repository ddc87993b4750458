import { readUtf8 } from './utf8.js';

/** Longest key (in bytes) that is interned; longer keys are decoded every time. */
export const KEY_CACHE_MAX_LENGTH = 24;
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
    let hash = length;
    for (let index = 0; index < length; index++) hash = (Math.imul(hash, 31) + source[start + index]) | 0;
    const slot = (hash ^ (hash >>> 12)) & (SLOTS - 1);
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
