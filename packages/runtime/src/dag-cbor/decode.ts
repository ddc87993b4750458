/**
 * Strict DAG-CBOR decoding: accepts exactly the bytes a DAG-CBOR encoder may write (DAG-CBOR
 * spec, "Strictness") and refuses everything else with a `DecodeError` at the offending byte:
 * `non-canonical` for a longer head than needed or keys out of length-first order;
 * `profile-violation` for indefinite lengths, f16/f32, NaN/±Infinity, undefined, other simple
 * values, non-text keys, tags other than 42 and tag 42 without its 0x00-prefixed bytes;
 * `duplicate-key`, `trailing-bytes`, `invalid-utf8`, `too-deep` and `unexpected-end` as the
 * generic decoder. Integers beyond ±(2^53-1) are bigints, as `@ipld/dag-cbor` gives them.
 */

import { Reader, float64At } from '../reader.js';
import { DUPLICATE_KEY, INVALID_TAG, NON_CANONICAL, NOT_WELL_FORMED, PROFILE_VIOLATION, TOO_DEEP } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { setOwn } from '../object-entries.js';
import { Major, InitialByte } from '../cbor/constants.js';
import { tooDeep } from '../cbor/decode-scalars.js';
import { CID_TAG, Cid } from './cid.js';

export interface DagCborDecodeOptions {
  /** Maximum nesting of arrays, maps and links (default 512); deeper input fails with `too-deep`. */
  maxDepth?: number;
  /** Builds the value of a link from the binary CID (e.g. `CID.decode` of `multiformats`); default `new Cid(bytes)`. */
  cid?: (bytes: Uint8Array) => unknown;
}

/** Smallest argument each head width may carry in canonical form (RFC 8949 §4.2.1). */
const MIN_ARGUMENT = [24, 0x100, 0x1_0000, 0x1_0000_0000];

class DagDecoder {
  readonly reader = new Reader('cbor');
  readonly maxDepth: number;
  readonly cid: (bytes: Uint8Array) => unknown;
  constructor(options: DagCborDecodeOptions = {}) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.cid = options.cid ?? ((bytes) => new Cid(bytes));
  }

  decode(bytes: Uint8Array): unknown {
    const reader = this.reader;
    reader.reset(bytes);
    let value: unknown;
    try {
      value = this.item(this.maxDepth);
    } catch (error) {
      if (error instanceof RangeError) reader.fail(TOO_DEEP, 'nesting too deep for the engine stack');
      throw error;
    }
    reader.expectEnd();
    return value;
  }

  item(depth: number): unknown {
    const reader = this.reader;
    const offset = reader.pos;
    const initial = reader.u8();
    const major = initial >> 5;
    const info = initial & 0x1f;
    if (major === Major.Simple) return this.simple(info, offset);
    const argument = this.argument(major, info, offset);
    switch (major) {
      case Major.Unsigned:
        return argument;
      case Major.Negative:
        // -(2^53) and below are bigints, as the generic decoder and @ipld/dag-cbor give them.
        return typeof argument === 'bigint' || argument >= Number.MAX_SAFE_INTEGER ? -1n - BigInt(argument) : -1 - argument;
      case Major.Bytes:
        return reader.bytes(Number(argument)).slice();
      case Major.Text:
        return reader.utf8(Number(argument));
      case Major.Array:
        return this.array(Number(argument), offset, depth);
      case Major.Map:
        return this.map(Number(argument), offset, depth);
      default:
        return this.link(argument, offset, depth);
    }
  }

  /** The head's argument, refusing indefinite lengths and heads longer than needed. */
  argument(major: number, info: number, offset: number): number | bigint {
    const reader = this.reader;
    if (info < 24) return info;
    if (info === 31) this.violation(`indefinite length on major type ${major}`, offset);
    if (info > 27) reader.fail(NOT_WELL_FORMED, `reserved additional information ${info}`, offset);
    let argument: number | bigint;
    if (info === 24) argument = reader.u8();
    else if (info === 25) argument = reader.u16();
    else if (info === 26) argument = reader.u32();
    else argument = reader.u64();
    if (argument < MIN_ARGUMENT[info - 24]) {
      reader.fail(NON_CANONICAL, `argument ${argument} in a longer head than needed`, offset);
    }
    return argument;
  }

  /** Major type 7: false, true, null and float64 only (DAG-CBOR spec, "Floats", "Strictness"). */
  simple(info: number, offset: number): unknown {
    const reader = this.reader;
    switch (info) {
      case 20:
        return false;
      case 21:
        return true;
      case 22:
        return null;
      case 27: {
        reader.need(8);
        const value = float64At(reader.uint8, reader.pos);
        if (!Number.isFinite(value)) this.violation(`${value} is not allowed`, offset);
        reader.pos += 8;
        return value;
      }
      case 25:
      case 26:
        return this.violation('floats must be 64-bit', offset);
      case 31:
        return reader.fail(NOT_WELL_FORMED, 'break outside an indefinite-length item', offset);
      default:
        if (info >= 28) return reader.fail(NOT_WELL_FORMED, `reserved additional information ${info}`, offset);
        return this.violation(info === 23 ? 'undefined is not allowed' : 'simple values other than false, true and null are not allowed', offset);
    }
  }

  array(count: number, offset: number, depth: number): unknown[] {
    const reader = this.reader;
    if (depth === 0) tooDeep(reader, this, offset);
    // Every element takes at least one byte: a larger count is truncated input, not an allocation.
    if (count > reader.end - reader.pos) reader.failEnd(count);
    const array: unknown[] = new Array(count);
    for (let index = 0; index < count; index++) array[index] = this.item(depth - 1);
    return array;
  }

  /** Text keys only, each strictly after the previous one in length-first bytewise order. */
  map(count: number, offset: number, depth: number): Record<string, unknown> {
    const reader = this.reader;
    if (depth === 0) tooDeep(reader, this, offset);
    if (count > (reader.end - reader.pos) / 2) reader.failEnd(count * 2);
    const object: Record<string, unknown> = {};
    let previousStart = 0;
    let previousLength = -1;
    for (let index = 0; index < count; index++) {
      const keyOffset = reader.pos;
      const initial = reader.u8();
      if (initial >> 5 !== Major.Text) this.violation('map keys must be text', keyOffset);
      const length = Number(this.argument(Major.Text, initial & 0x1f, keyOffset));
      const start = reader.pos;
      const key = reader.utf8(length);
      const order = compareKeys(reader.uint8, previousStart, previousLength, start, length);
      if (order === 0) reader.fail(DUPLICATE_KEY, `duplicate key ${JSON.stringify(key)}`, keyOffset);
      if (order > 0) reader.fail(NON_CANONICAL, `key ${JSON.stringify(key)} out of length-first order`, keyOffset);
      previousStart = start;
      previousLength = length;
      setOwn(object, key, this.item(depth - 1));
    }
    return object;
  }

  /** Tag 42 around a byte string of 0x00 and the binary CID. */
  link(tag: number | bigint, offset: number, depth: number): unknown {
    const reader = this.reader;
    if (tag !== CID_TAG) this.violation(`tag ${tag} is not allowed (only 42)`, offset);
    if (depth === 0) tooDeep(reader, this, offset);
    const contentOffset = reader.pos;
    const content = this.item(depth - 1);
    if (!(content instanceof Uint8Array) || content.length < 2 || content[0] !== 0x00) {
      reader.fail(INVALID_TAG, 'tag 42 needs a byte string of 0x00 and a CID', contentOffset);
    }
    return this.cid((content as Uint8Array).subarray(1));
  }

  violation(what: string, offset: number): never {
    return this.reader.fail(PROFILE_VIOLATION, what, offset);
  }
}

/** Length first, then bytewise; a negative previous length means "no previous key". */
function compareKeys(uint8: Uint8Array, leftStart: number, leftLength: number, rightStart: number, rightLength: number): number {
  if (leftLength < 0) return -1;
  if (leftLength !== rightLength) return leftLength - rightLength;
  for (let index = 0; index < leftLength; index++) {
    const difference = uint8[leftStart + index] - uint8[rightStart + index];
    if (difference !== 0) return difference;
  }
  return 0;
}

const decoders = /* @__PURE__ */ new WeakMap<object, DagDecoder>();
let defaultDecoder: DagDecoder | undefined;

/** Decodes exactly one DAG-CBOR item; anything the profile forbids is a `DecodeError`. */
export function decode(bytes: Uint8Array, options?: DagCborDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('dag-cbor decode: input must be a Uint8Array');
  if (options === undefined) return (defaultDecoder ??= new DagDecoder()).decode(bytes);
  let decoder = decoders.get(options);
  if (decoder === undefined) decoders.set(options, (decoder = new DagDecoder(options)));
  return decoder.decode(bytes);
}

