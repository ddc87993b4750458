/**
 * Mutations of valid encodings for the fuzz suite: truncations, random damage (checks.ts
 * `corrupt`), declared lengths raised to 2^32-1 and 2^64-1, counts injected into UBJSON
 * containers, a nesting step repeated 100,000 deep, keys renamed to `__proto__`/`constructor`,
 * and schema-independent nesting bombs. Each mutant says what it is, so a failure replays by name.
 */
import type { Format } from '@binschema/runtime';
import { corrupt } from './checks.js';
import type { Random } from './random.js';
import { walkCbor, walkMsgpack, walkUbjson, type Item } from './fuzz-walk.js';

export interface Mutant {
  what: string;
  bytes: Uint8Array;
  /** Declares far more than it holds, or nests very deep: watch time and memory closely. */
  heavy: boolean;
}

/** Nesting depth of the deep mutants: far beyond every decoder's limit (512) and the engine's stack. */
export const DEEP = 100_000;
/** Seeds up to this size are cut at every offset; larger ones at every item start and a sample. */
export const FULL_TRUNCATION_BYTES = 8192;

export function walk(format: Format, bytes: Uint8Array): Item[] {
  return format === 'cbor' ? walkCbor(bytes) : format === 'msgpack' ? walkMsgpack(bytes) : walkUbjson(bytes);
}

function splice(bytes: Uint8Array, start: number, end: number, insert: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(bytes.length - (end - start) + insert.length);
  out.set(bytes.subarray(0, start));
  out.set(insert, start);
  out.set(bytes.subarray(end), start + insert.length);
  return out;
}

/** Every prefix (or, for a large seed, the prefixes ending at item starts plus `sample` random ones). */
export function truncations(seed: Uint8Array, items: readonly Item[], random: Random, sample: number): Mutant[] {
  let cuts: number[];
  if (seed.length <= FULL_TRUNCATION_BYTES) cuts = Array.from({ length: seed.length }, (_, index) => index);
  else cuts = [...new Set([...items.map((item) => item.offset), ...Array.from({ length: sample }, () => random.int(0, seed.length - 1))])];
  return cuts.map((cut) => ({ what: `cut to ${cut} of ${seed.length} bytes`, bytes: seed.subarray(0, cut), heavy: false }));
}

export function corruptions(seed: Uint8Array, random: Random, count: number): Mutant[] {
  return Array.from({ length: count }, (_, index) => ({ what: `corruption ${index}`, bytes: corrupt(seed, random), heavy: false }));
}

const FF4 = [0xff, 0xff, 0xff, 0xff];

/** MessagePack's 32-bit form of each kind of sized item (spec.md: str32, bin32, array32, map32). */
const MSGPACK_WIDEST: Partial<Record<Item['kind'], number>> = { text: 0xdb, bytes: 0xc6, array: 0xdd, map: 0xdf };

/** Length fields that claim 2^32-1 or 2^64-1 (UBJSON, signed: also 2^31-1 and 2^63-1; MessagePack: lengths stop at 2^32-1). */
function bigLengths(format: Format, major: number, kind: Item['kind']): { label: string; field: number[] }[] {
  if (format === 'msgpack') return MSGPACK_WIDEST[kind] === undefined ? [] : [{ label: '2^32-1', field: [MSGPACK_WIDEST[kind]!, ...FF4] }];
  if (format === 'cbor') {
    // RFC 8949 §3: additional information 26/27 = 4/8-byte argument.
    return [
      { label: '2^32-1', field: [(major << 5) | 26, ...FF4] },
      { label: '2^64-1', field: [(major << 5) | 27, ...FF4, ...FF4] },
    ];
  }
  // UBJSON lengths are signed (`l` int32, `L` int64, big-endian): 2^64-1 reads as -1.
  return [
    { label: '2^31-1', field: [0x6c, 0x7f, ...FF4.slice(1)] },
    { label: '2^32-1', field: [0x4c, 0, 0, 0, 0, ...FF4] },
    { label: '2^63-1', field: [0x4c, 0x7f, 0xff, 0xff, 0xff, ...FF4] },
    { label: '2^64-1', field: [0x4c, ...FF4, ...FF4] },
  ];
}

/** Each length field (up to `limit`, sampled) raised to each big value. */
export function raisedLengths(format: Format, seed: Uint8Array, items: readonly Item[], random: Random, limit: number): Mutant[] {
  const withLength = items.filter((item) => item.length !== undefined);
  const picked = withLength.length <= limit ? withLength : random.shuffle(withLength).slice(0, limit);
  return picked.flatMap((item) => {
    const { offset, end } = item.length!;
    // An ext keeps its type byte after the raised length (bin32 in its place would not): skipped.
    if (format === 'msgpack' && seed[offset] >= 0xc7 && seed[offset] <= 0xc9) return [];
    return bigLengths(format, seed[offset] >> 5, item.kind).map(({ label, field }) => ({
      what: `${item.isKey ? 'key' : item.kind} length at ${offset} raised to ${label}`,
      bytes: splice(seed, offset, end, field),
      heavy: true,
    }));
  });
}

/**
 * UBJSON only (container-types.html#optimized): an uncounted `[`/`{` given a huge `#` count, or a
 * `$Z` type with one, which needs no payload bytes per element: only a count budget stops it.
 */
export function injectedCounts(format: Format, seed: Uint8Array, items: readonly Item[], random: Random, limit: number): Mutant[] {
  if (format !== 'ubjson') return [];
  const open = items.filter((item) => (item.kind === 'array' || item.kind === 'map') && item.length === undefined);
  const picked = open.length <= limit ? open : random.shuffle(open).slice(0, limit);
  const headers = [
    { label: '#2^32-1', bytes: [0x23, 0x4c, 0, 0, 0, 0, ...FF4] },
    { label: '$Z#2^31-1', bytes: [0x24, 0x5a, 0x23, 0x6c, 0x7f, ...FF4.slice(1)] },
    { label: '$T#2^32-1', bytes: [0x24, 0x54, 0x23, 0x4c, 0, 0, 0, 0, ...FF4] },
  ];
  return picked.flatMap((item) =>
    headers.map((header) => ({ what: `${item.kind} at ${item.offset} given ${header.label}`, bytes: splice(seed, item.offset + 1, item.offset + 1, header.bytes), heavy: true })),
  );
}

/** `prefix + step×depth + core + suffix×depth + rest`, built in one allocation. */
function repeatStep(seed: Uint8Array, outer: Item, inner: Item, depth: number): Uint8Array {
  const step = seed.subarray(outer.offset, inner.offset);
  const suffix = seed.subarray(inner.end, outer.end);
  const out = new Uint8Array(seed.length + (depth - 1) * (step.length + suffix.length));
  let pos = 0;
  const put = (part: Uint8Array) => {
    out.set(part, pos);
    pos += part.length;
  };
  put(seed.subarray(0, outer.offset));
  for (let level = 0; level < depth; level++) put(step);
  put(seed.subarray(inner.offset, inner.end));
  for (let level = 0; level < depth; level++) put(suffix);
  put(seed.subarray(outer.end));
  return out;
}

/** Distinct steps judged per seed when looking for schema-valid nestings (keeps large seeds cheap). */
const STEPS_JUDGED = 48;

/**
 * The bytes from a container to a descendant (and from that descendant's end back out), repeated
 * `depth` times: the same shape nested ever deeper. Steps of at most 96 bytes; those whose 4-deep
 * repetition `schemaValid` accepts come first (they reach deep into a recursive schema instead of
 * failing on the first level), then same-kind pairs, shortest first; up to `limit` distinct steps.
 */
export function deepNestings(seed: Uint8Array, items: readonly Item[], limit: number, schemaValid: (bytes: Uint8Array) => boolean, depth = DEEP): Mutant[] {
  const candidates: { outer: Item; inner: Item; size: number; sameKind: boolean }[] = [];
  for (const inner of items) {
    if (inner.isKey) continue;
    // Going outwards the step and the suffix only grow, so stop at the first that is too long.
    for (let parent = inner.parent; parent !== -1; parent = items[parent].parent) {
      const outer = items[parent];
      const size = inner.offset - outer.offset + (outer.end - inner.end);
      if (size > 96) break;
      candidates.push({ outer, inner, size, sameKind: inner.kind === outer.kind });
    }
  }
  candidates.sort((left, right) => Number(right.sameKind) - Number(left.sameKind) || left.size - right.size);
  const distinct = new Map<string, { outer: Item; inner: Item }>();
  for (const { outer, inner } of candidates) {
    const key = Buffer.from(seed.subarray(outer.offset, inner.offset)).toString('hex');
    if (!distinct.has(key)) distinct.set(key, { outer, inner });
  }
  const judged = [...distinct.values()].slice(0, STEPS_JUDGED).map((pair) => ({ ...pair, valid: schemaValid(repeatStep(seed, pair.outer, pair.inner, 4)) }));
  const ordered = [...judged.filter((pair) => pair.valid), ...judged.filter((pair) => !pair.valid)].slice(0, limit);
  return ordered.map(({ outer, inner, valid }) => ({
    what: `bytes ${outer.offset}..${inner.offset} repeated ${depth} deep (${valid ? 'schema-valid' : 'schema-invalid'} when 4 deep)`,
    bytes: repeatStep(seed, outer, inner, depth),
    heavy: true,
  }));
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype'];

function keyBytes(format: Format, key: string): number[] {
  const text = [...Buffer.from(key, 'utf8')];
  // CBOR: text head 0x60 + length (RFC 8949 §3.1); MessagePack: fixstr 0xa0 + length; UBJSON: a key is a `U` length then the bytes.
  if (format === 'msgpack') return [0xa0 + text.length, ...text];
  return format === 'cbor' ? [0x60 + text.length, ...text] : [0x55, text.length, ...text];
}

/** Map keys (up to `limit`, sampled) renamed to `__proto__`, `constructor` and `prototype`. */
export function hostileKeys(format: Format, seed: Uint8Array, items: readonly Item[], random: Random, limit: number): Mutant[] {
  const keys = items.filter((item) => item.isKey && item.kind === 'text');
  const picked = keys.length <= limit ? keys : random.shuffle(keys).slice(0, limit);
  return picked.flatMap((item) =>
    HOSTILE_KEYS.map((key) => ({ what: `key at ${item.offset} renamed ${key}`, bytes: splice(seed, item.offset, item.end, keyBytes(format, key)), heavy: false })),
  );
}

function repeated(parts: { times: number; bytes: number[] }[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.times * part.bytes.length, 0));
  let pos = 0;
  for (const part of parts) {
    for (let time = 0; time < part.times; time++) {
      out.set(part.bytes, pos);
      pos += part.bytes.length;
    }
  }
  return out;
}

/** Schema-independent bombs: arrays, maps, tags and counted containers nested `depth` deep. */
export function nestingBombs(format: Format, depth = DEEP): Mutant[] {
  const bomb = (what: string, parts: { times: number; bytes: number[] }[]): Mutant => ({ what: `${what} ${depth} deep`, bytes: repeated(parts), heavy: true });
  if (format === 'msgpack') {
    return [
      bomb('one-element fixarrays', [{ times: depth, bytes: [0x91] }, { times: 1, bytes: [0xc0] }]),
      bomb('one-element array32s', [{ times: depth, bytes: [0xdd, 0, 0, 0, 1] }, { times: 1, bytes: [0xc0] }]),
      bomb('one-entry maps', [{ times: depth, bytes: [0x81, 0xa1, 0x61] }, { times: 1, bytes: [0xc0] }]),
    ];
  }
  if (format === 'cbor') {
    return [
      bomb('one-element arrays', [{ times: depth, bytes: [0x81] }, { times: 1, bytes: [0xf6] }]),
      bomb('indefinite arrays', [{ times: depth, bytes: [0x9f] }, { times: depth, bytes: [0xff] }]),
      bomb('one-entry maps', [{ times: depth, bytes: [0xa1, 0x61, 0x61] }, { times: 1, bytes: [0xf6] }]),
      bomb('tags', [{ times: depth, bytes: [0xc6] }, { times: 1, bytes: [0xf6] }]),
    ];
  }
  return [
    bomb('arrays', [{ times: depth, bytes: [0x5b] }, { times: depth, bytes: [0x5d] }]),
    bomb('counted one-element arrays', [{ times: depth, bytes: [0x5b, 0x23, 0x55, 0x01] }, { times: 1, bytes: [0x5a] }]),
    bomb('one-member objects', [{ times: depth, bytes: [0x7b, 0x55, 0x01, 0x61] }, { times: 1, bytes: [0x5a] }, { times: depth, bytes: [0x7d] }]),
  ];
}
