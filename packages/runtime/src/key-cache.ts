import { readUtf8 } from './utf8-decode.js';

/**
 * Longest key (in bytes) that is interned; longer keys are decoded every time. 48, not 24:
 * names such as very-large-object's 265 test names of 25-48 bytes are decoded once, for at most
 * 4096 x 48 bytes of copies.
 */
export const KEY_CACHE_MAX_LENGTH = 48;
export const KEY_CACHE_SLOTS = 4096;

/**
 * Interns short map keys by their bytes, so decoding the same keys again (records in an array,
 * repeated messages) costs a hash and a compare instead of a UTF-8 decode and a new string.
 * Direct-mapped: a colliding key simply replaces the slot. Only valid UTF-8 is ever cached.
 */
export class KeyCache {
  private readonly bytes: (Uint8Array | undefined)[] = new Array(KEY_CACHE_SLOTS);
  private readonly strings: (string | undefined)[] = new Array(KEY_CACHE_SLOTS);

  /** The key at `source[start..start+length)`, or `undefined` when it is not valid UTF-8. */
  get(source: Uint8Array, start: number, length: number): string | undefined {
    if (length > KEY_CACHE_MAX_LENGTH) return readUtf8(source, start, length);
    if (length === 0) return '';
    const slot = slotOf(source, start, length);
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

/** Keys up to this many bytes are hashed from three of their bytes, longer ones from all. */
const SAMPLED_HASH_MAX = 24;

/**
 * The cache slot of a key. Short keys hash their length and first, middle and last bytes (the
 * compare checks every byte anyway; cbor-x hashes the length and two bytes). Longer keys are
 * often names that share a start, a middle and an end ("ref schema - ref to type definition, ok"
 * and "..., fail"): sampled bytes sent 156 of very-large-object's 2465 keys a decode to slots taken
 * by another key (each miss a decode and a copy), FNV-1a over every byte of those 27 (counted by
 * .tmp/keyhash.mjs).
 */
export function slotOf(source: Uint8Array, start: number, length: number): number {
  let hash: number;
  if (length <= SAMPLED_HASH_MAX) {
    hash = (length << 24) ^ (source[start] << 16) ^ (source[start + (length >> 1)] << 8) ^ source[start + length - 1];
    hash ^= (hash >>> 13) ^ (hash >>> 21);
  } else {
    hash = 0x811c9dc5;
    for (let index = start; index < start + length; index++) hash = Math.imul(hash ^ source[index], 0x01000193);
    hash ^= hash >>> 15;
  }
  return hash & (KEY_CACHE_SLOTS - 1);
}
