import { KeyCache } from '../key-cache.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { DEFAULT_MAX_BIGNUM_BYTES } from './bignum.js';
import { checkExtension, contentReader, type CborExtension, type TagReader } from './extensions.js';
import { EncodeHooks } from './encode-hooks.js';
import { typedArrayReaders, writeTypedArray } from './typed-arrays.js';
import { cloneReaders, CloneWriter, writeCloneType, type CloneReferences } from './structured-clone.js';

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
  /** RFC 8746 typed arrays (`Uint8Array` excepted: a byte string) as their little-endian tags 68-86. */
  typedArrays?: boolean;
  /**
   * Structured clone (as cbor-x's `structuredClone`): shared and cyclic objects through tags 28/29,
   * Set (258), Map (259), RegExp and Error (27), typed arrays (RFC 8746); not with `deterministic`.
   */
  structuredClone?: boolean;
  /** Starts the encoding with tag 55799 (self-described CBOR, RFC 8949 §3.4.6: d9d9f7). */
  selfDescribe?: boolean;
  /** Tag extensions for this encoder (`CborEncoder.addExtension` adds more). */
  extensions?: readonly CborExtension[];
}

export interface CborDecodeOptions {
  /** Maximum nesting of arrays, maps and tags (default 512); deeper input fails with `too-deep`. */
  maxDepth?: number;
  /**
   * Maps whose keys are all text become plain objects. A map with any other key becomes a `Map`
   * under `'map'` (default, lossless). Under `'stringify'` it becomes a plain object too: integer,
   * bigint, boolean, null and undefined keys become `String(key)` (so `1` and `"1"` are then the
   * same key, see `duplicateKeys`); any other key fails with `unexpected-type`, a float too (even
   * 2.0: only major types 0 and 1 are integer keys).
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
  /** RFC 8746 typed-array tags 64-87 (either byte order) become typed arrays. */
  typedArrays?: boolean;
  /**
   * Structured clone: tags 28/29 (shared and cyclic values), 258 → Set, 259 → Map, 27 → RegExp
   * or Error, typed arrays. A reference to a value not yet complete, or to no value, fails with
   * `invalid-reference`.
   */
  structuredClone?: boolean;
  /** Tag extensions for this decoder (`CborDecoder.addExtension` adds more). */
  extensions?: readonly CborExtension[];
}

/**
 * Resolved encode options: one fixed shape so the hot path stays monomorphic. The constructor
 * reads the core options only; the opt-in features (typed arrays, structured clone, extensions)
 * are added by `withEncodeFeatures`, so code that never asks for them (generated modules, which
 * build their own settings) does not carry them into a bundle.
 */
export class EncodeSettings {
  readonly shortestFloat: boolean;
  readonly deterministic: boolean;
  readonly maxDepth: number;
  readonly selfDescribe: boolean;
  /** Extensions, typed arrays, structured clone; `undefined` (nothing to ask) by default. */
  hooks: EncodeHooks | undefined;
  constructor(options: CborEncodeOptions = {}) {
    this.deterministic = options.deterministic === true;
    this.shortestFloat = this.deterministic || options.float === 'shortest';
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.selfDescribe = options.selfDescribe === true;
  }

  addExtension(extension: CborExtension): void {
    (this.hooks ??= new EncodeHooks()).addExtension(extension);
  }
}

/** Resolved decode options plus the key cache the decoder interns map keys in (core options only, as `EncodeSettings`). */
export class DecodeSettings {
  readonly maxDepth: number;
  readonly stringifyKeys: boolean;
  readonly rejectDuplicates: boolean;
  readonly rejectTrailing: boolean;
  readonly maxBignumBytes: number;
  readonly keys: KeyCache;
  /** Readers of tags that extensions, typed arrays or structured clone handle; `undefined` by default. */
  tagReaders: Map<number, TagReader> | undefined;
  /** Structured clone's shared values of the current item. */
  references: CloneReferences | undefined;
  constructor(options: CborDecodeOptions = {}, keys: KeyCache = new KeyCache()) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.stringifyKeys = options.mapKeys === 'stringify';
    this.rejectDuplicates = options.duplicateKeys === 'reject';
    this.rejectTrailing = options.trailing !== 'ignore';
    this.maxBignumBytes = options.maxBignumBytes ?? DEFAULT_MAX_BIGNUM_BYTES;
    this.keys = keys;
  }

  addExtension(extension: CborExtension): void {
    checkExtension(extension, false);
    if (extension.decode !== undefined) (this.tagReaders ??= new Map()).set(extension.tag, contentReader(extension));
  }
}

// Pure, so an encode-only bundle drops the decoder's key cache (and the UTF-8 decoder behind it).
const sharedKeys = /* @__PURE__ */ new KeyCache();
export const DEFAULT_ENCODE = /* @__PURE__ */ new EncodeSettings();
export const DEFAULT_DECODE = /* @__PURE__ */ new DecodeSettings({}, sharedKeys);

/** `settings` with the opt-in features `options` asks for: typed arrays, structured clone, extensions. */
export function withEncodeFeatures(settings: EncodeSettings, options: CborEncodeOptions = {}): EncodeSettings {
  if (options.structuredClone === true) {
    // Sorting entries by their bytes would reorder the tag-28 ids the references count on.
    if (settings.deterministic) throw new TypeError('cbor encode: structuredClone cannot be deterministic');
    settings.hooks = new EncodeHooks();
    settings.hooks.references = new CloneWriter();
    settings.hooks.addWriter(writeCloneType);
  }
  if (options.typedArrays === true || options.structuredClone === true) (settings.hooks ??= new EncodeHooks()).addWriter(writeTypedArray);
  for (const extension of options.extensions ?? []) settings.addExtension(extension);
  return settings;
}

/** `settings` with the opt-in features `options` asks for (see `withEncodeFeatures`). */
export function withDecodeFeatures(settings: DecodeSettings, options: CborDecodeOptions = {}): DecodeSettings {
  if (options.typedArrays === true || options.structuredClone === true) settings.tagReaders = new Map(typedArrayReaders());
  if (options.structuredClone === true) {
    settings.references = [];
    for (const [tag, read] of cloneReaders()) settings.tagReaders!.set(tag, read);
  }
  for (const extension of options.extensions ?? []) settings.addExtension(extension);
  return settings;
}

/**
 * Settings from the core options alone, for the generic fallback inside generated code
 * (`readAny`/`writeAny`): schema'd values never need typed arrays, structured clone or tag
 * extensions, and leaving them out keeps those modules out of generated bundles.
 */
export function coreEncodeSettings(options: CborEncodeOptions | EncodeSettings | undefined): EncodeSettings {
  if (options === undefined) return DEFAULT_ENCODE;
  return options instanceof EncodeSettings ? options : new EncodeSettings(options);
}

export function coreDecodeSettings(options: CborDecodeOptions | DecodeSettings | undefined): DecodeSettings {
  if (options === undefined) return DEFAULT_DECODE;
  return options instanceof DecodeSettings ? options : new DecodeSettings(options, sharedKeys);
}

/** Settings for a one-off call; options objects share the module's key cache. */
export function encodeSettings(options: CborEncodeOptions | EncodeSettings | undefined): EncodeSettings {
  if (options === undefined) return DEFAULT_ENCODE;
  return options instanceof EncodeSettings ? options : withEncodeFeatures(new EncodeSettings(options), options);
}

export function decodeSettings(options: CborDecodeOptions | DecodeSettings | undefined): DecodeSettings {
  if (options === undefined) return DEFAULT_DECODE;
  return options instanceof DecodeSettings ? options : withDecodeFeatures(new DecodeSettings(options, sharedKeys), options);
}
