import { KeyCache } from '../key-cache.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { ExtensionWriters, checkExtension, type MsgpackExtension } from './extensions.js';

export interface MsgpackEncodeOptions {
  /**
   * How non-integral numbers (and -0, NaN, ±Infinity, integers beyond 2^53) are written:
   * `'f64'` (default) always as float64, `'shortest'` as float32 when it holds the value exactly.
   */
  float?: 'f64' | 'shortest';
  /**
   * Integers past 32 bits (from 2^32 up, below -2^31), which the default writes as uint64/int64
   * (the smallest exact form, as the spec asks): `'float64'` writes them as floats instead, as
   * msgpackr does, for readers that cannot take 64-bit heads (msgpackr by default reads them as
   * bigints). Exact for safe integers; float32 under `float: 'shortest'` when it holds the value.
   * A bigint keeps its 64-bit form.
   */
  largeIntegers?: 'float64';
  /** Maximum nesting of arrays and maps (default 512); deeper values fail with `too-deep`. */
  maxDepth?: number;
  /** Extension types for this encoder (`MsgpackEncoder.addExtension` adds more). */
  extensions?: readonly MsgpackExtension[];
}

export interface MsgpackDecodeOptions {
  /** Maximum nesting of arrays and maps (default 512); deeper input fails with `too-deep`. */
  maxDepth?: number;
  /**
   * Maps whose keys are all strings become plain objects. A map with any other key becomes a
   * `Map` under `'map'` (default, lossless). Under `'stringify'` it becomes a plain object too:
   * integer, bigint, boolean and nil keys become `String(key)` (so `1` and `"1"` are then the same
   * key, see `duplicateKeys`); any other key fails with `unexpected-type`, a float32/float64 too
   * (even 2.0: only int formats are integer keys).
   */
  mapKeys?: 'map' | 'stringify';
  /**
   * A key repeated in one map: `'last'` (default) keeps the last value, `'reject'` fails with
   * `duplicate-key` at the repeated key. Keys compare as decoded values; bin, array, map and ext
   * keys compare by their encoded bytes.
   */
  duplicateKeys?: 'last' | 'reject';
  /** Bytes after the item: `'reject'` (default) fails with `trailing-bytes`, `'ignore'` drops them. */
  trailing?: 'reject' | 'ignore';
  /** uint64/int64: `'auto'` (default) a number when it is a safe integer, else a bigint; `'bigint'` always a bigint. */
  int64?: 'auto' | 'bigint';
  /**
   * Timestamps (extension type -1): `'date'` (default) a `Date`, rounded down to the millisecond
   * (one outside the `Date` range fails with `invalid-tag`); `'object'` a `Timestamp` with the
   * exact seconds and nanoseconds.
   */
  timestamp?: 'date' | 'object';
  /** Extension types for this decoder (`MsgpackDecoder.addExtension` adds more). */
  extensions?: readonly MsgpackExtension[];
}

/** Resolved encode options: one fixed shape so the hot path stays monomorphic. */
export class EncodeSettings {
  readonly shortestFloat: boolean;
  /** `largeIntegers: 'float64'`: integers past 32 bits are floats. */
  readonly largeIntegersAsFloat: boolean;
  readonly maxDepth: number;
  /** Writers of extension types; `undefined` (nothing to ask) by default. */
  extensions: ExtensionWriters | undefined;
  constructor(options: MsgpackEncodeOptions = {}) {
    this.shortestFloat = options.float === 'shortest';
    this.largeIntegersAsFloat = options.largeIntegers === 'float64';
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    for (const extension of options.extensions ?? []) this.addExtension(extension);
  }

  addExtension(extension: MsgpackExtension): void {
    (this.extensions ??= new ExtensionWriters()).add(extension);
  }
}

/** Resolved decode options plus the key cache the decoder interns map keys in. */
export class DecodeSettings {
  readonly maxDepth: number;
  readonly stringifyKeys: boolean;
  readonly rejectDuplicates: boolean;
  readonly rejectTrailing: boolean;
  readonly int64Bigint: boolean;
  readonly timestampObject: boolean;
  readonly keys: KeyCache;
  /** Readers of extension types; `undefined` by default. */
  extReaders: Map<number, (data: Uint8Array) => unknown> | undefined;
  constructor(options: MsgpackDecodeOptions = {}, keys: KeyCache = new KeyCache()) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.stringifyKeys = options.mapKeys === 'stringify';
    this.rejectDuplicates = options.duplicateKeys === 'reject';
    this.rejectTrailing = options.trailing !== 'ignore';
    this.int64Bigint = options.int64 === 'bigint';
    this.timestampObject = options.timestamp === 'object';
    this.keys = keys;
    for (const extension of options.extensions ?? []) this.addExtension(extension);
  }

  addExtension(extension: MsgpackExtension): void {
    checkExtension(extension, false);
    if (extension.decode !== undefined) (this.extReaders ??= new Map()).set(extension.type, extension.decode.bind(extension));
  }

  /** True when decoding needs the values (a policy or an extension), so `skipAny` cannot stand in. */
  get needsValues(): boolean {
    return this.rejectDuplicates || this.stringifyKeys || this.extReaders !== undefined || this.timestampObject;
  }
}

// Pure, so an encode-only bundle drops the decoder's key cache (and the UTF-8 decoder behind it).
const sharedKeys = /* @__PURE__ */ new KeyCache();
export const DEFAULT_ENCODE = /* @__PURE__ */ new EncodeSettings();
export const DEFAULT_DECODE = /* @__PURE__ */ new DecodeSettings({}, sharedKeys);

/** Settings for a one-off call; options objects share the module's key cache. */
export function encodeSettings(options: MsgpackEncodeOptions | EncodeSettings | undefined): EncodeSettings {
  if (options === undefined) return DEFAULT_ENCODE;
  return options instanceof EncodeSettings ? options : new EncodeSettings(options);
}

export function decodeSettings(options: MsgpackDecodeOptions | DecodeSettings | undefined): DecodeSettings {
  if (options === undefined) return DEFAULT_DECODE;
  return options instanceof DecodeSettings ? options : new DecodeSettings(options, sharedKeys);
}
