import { KeyCache } from '../key-cache.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { DEFAULT_MAX_BIGNUM_BYTES } from './bignum.js';

export interface CborEncodeOptions {
  /**
   * How non-integral numbers are written: `'f64'` (default) always as float64, `'shortest'` as
   * the shortest of f16/f32/f64 that keeps the value exactly (RFC 8949 §4.2.2); NaN is then f97e00.
   */
  float?: 'f64' | 'shortest';
  /**
   * RFC 8949 §4.2.1 core deterministic encoding: shortest floats and map keys sorted by the
   * bytewise order of their encodings (lengths are always definite, heads always shortest).
   */
  deterministic?: boolean;
  /** Maximum nesting of arrays, maps and tags (default 512); deeper values fail with `too-deep`. */
  maxDepth?: number;
}

export interface CborDecodeOptions {
  /** Maximum nesting of arrays, maps and tags (default 512); deeper input fails with `too-deep`. */
  maxDepth?: number;
  /**
   * Maps whose keys are all text become plain objects. A map with any other key becomes a `Map`
   * under `'map'` (default, lossless). Under `'stringify'` it becomes a plain object too: integer,
   * bigint, boolean, null and undefined keys become `String(key)` (so `1` and `"1"` are then the
   * same key, see `duplicateKeys`); any other key fails with `unexpected-type`.
   */
  mapKeys?: 'map' | 'stringify';
  /**
   * A key repeated in one map: `'last'` (default) keeps the last value, `'reject'` fails with
   * `duplicate-key` at the repeated key. Keys compare as decoded JavaScript values; arrays, maps,
   * byte strings and tags used as keys compare by their encoded bytes under `'reject'`.
   */
  duplicateKeys?: 'last' | 'reject';
  /** Bytes after the item: `'reject'` (default) fails with `trailing-bytes`, `'ignore'` drops them. */
  trailing?: 'reject' | 'ignore';
  /**
   * Longest bignum magnitude (tag 2/3 content) in bytes, default 65,536 (524,288 bits); a longer
   * one fails with `length-limit` at the tag. Conversion is linear, but arithmetic on huge
   * bigints is not: the limit keeps a small input from handing the caller a slow number.
   */
  maxBignumBytes?: number;
}

/** Resolved encode options: one fixed shape so the hot path stays monomorphic. */
export class EncodeSettings {
  readonly shortestFloat: boolean;
  readonly deterministic: boolean;
  readonly maxDepth: number;
  constructor(options: CborEncodeOptions = {}) {
    this.deterministic = options.deterministic === true;
    this.shortestFloat = this.deterministic || options.float === 'shortest';
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  }
}

/** Resolved decode options plus the key cache the decoder interns map keys in. */
export class DecodeSettings {
  readonly maxDepth: number;
  readonly stringifyKeys: boolean;
  readonly rejectDuplicates: boolean;
  readonly rejectTrailing: boolean;
  readonly maxBignumBytes: number;
  readonly keys: KeyCache;
  constructor(options: CborDecodeOptions = {}, keys: KeyCache = new KeyCache()) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.stringifyKeys = options.mapKeys === 'stringify';
    this.rejectDuplicates = options.duplicateKeys === 'reject';
    this.rejectTrailing = options.trailing !== 'ignore';
    this.maxBignumBytes = options.maxBignumBytes ?? DEFAULT_MAX_BIGNUM_BYTES;
    this.keys = keys;
  }
}

const sharedKeys = new KeyCache();
export const DEFAULT_ENCODE = new EncodeSettings();
export const DEFAULT_DECODE = new DecodeSettings({}, sharedKeys);

/** Settings for a one-off call; options objects share the module's key cache. */
export function encodeSettings(options: CborEncodeOptions | EncodeSettings | undefined): EncodeSettings {
  if (options === undefined) return DEFAULT_ENCODE;
  return options instanceof EncodeSettings ? options : new EncodeSettings(options);
}

export function decodeSettings(options: CborDecodeOptions | DecodeSettings | undefined): DecodeSettings {
  if (options === undefined) return DEFAULT_DECODE;
  return options instanceof DecodeSettings ? options : new DecodeSettings(options, sharedKeys);
}
