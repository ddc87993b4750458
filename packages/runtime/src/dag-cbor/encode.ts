/**
 * DAG-CBOR encoding (the IPLD profile of RFC 8949; spec: ipld.io/specs/codecs/dag-cbor/spec):
 * the IPLD data model only, in its one canonical form, byte-equal with `@ipld/dag-cbor`.
 */

import { idleWriter, Writer } from '../writer.js';
import { isUint8Array } from '../brand-checks.js';
import { writeBytes } from '../generated-support.js';
import { isEncodeError, TOO_DEEP, UNSUPPORTED_VALUE } from '../errors.js';
import { EncodeFailure as GeneratedFailure } from '../generated-support.js';
import { LONE_SURROGATE } from '../utf8.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Major, InitialByte } from '../cbor/constants.js';
import { writeHead } from '../cbor/head.js';
import { putText, writeInteger } from '../cbor/encode-scalars.js';
import { EncodeFailure, addStep, toEncodeError } from '../cbor/encode.js';
import { CID_TAG, cidBytes } from './cid.js';
import { sortKeys } from './key-order.js';

export interface DagCborEncodeOptions {
  /** Maximum nesting of arrays, maps and links (default 512); deeper values fail with `too-deep`. */
  maxDepth?: number;
}

const TWO_64 = 0x1_0000_0000_0000_0000n; // 2^64, a literal: a bundler keeps a computed one even unused
const sharedWriter = /* @__PURE__ */ new Writer();

/**
 * The DAG-CBOR bytes of `value`. Failures are `EncodeError`s with the JSON Pointer of the value:
 * `unsupported-value` for `undefined`, NaN, ±Infinity, integers beyond 64 bits, Map, Date and
 * any other class instance; `circular-value` for cycles; `too-deep` beyond `maxDepth`.
 */
export function encode(value: unknown, options?: DagCborEncodeOptions): Uint8Array {
  return encodeInto(sharedWriter, value, options?.maxDepth ?? DEFAULT_MAX_DEPTH);
}

/** `encode` with its own `Writer` (for a stream or a long-lived encoder). */
export function encodeInto(shared: Writer, value: unknown, maxDepth: number): Uint8Array {
  // A getter of the value may encode again while this call writes.
  const writer = idleWriter(shared);
  try {
    writeDag(writer, value, maxDepth);
  } catch (error) {
    writer.reset();
    throw toEncodeError(error, value, '');
  }
  return writer.finish();
}

/** One value with `depth` nesting levels left. */
export function writeDag(writer: Writer, value: unknown, depth: number): void {
  switch (typeof value) {
    case 'string':
      if (!putText(writer, value)) throw new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
      return;
    case 'number':
      return writeDagNumber(writer, value);
    case 'boolean':
      return writer.u8(value ? InitialByte.True : InitialByte.False);
    case 'bigint':
      return writeDagBigInt(writer, value);
    case 'object':
      if (value === null) return writer.u8(InitialByte.Null);
      return writeDagObject(writer, value, depth);
    default:
      throw new EncodeFailure(UNSUPPORTED_VALUE, `${typeof value} is not in the IPLD data model`);
  }
}

/**
 * `writeDag` for generated `--dag-cbor` encoders (values of unknown shape), with at most
 * `maxDepth` nesting levels. Fails with the generated code's `EncodeFailure`, its path (under
 * `path`) already complete, so the generated module only prefixes the tokens above it (the
 * generic `writeAny` instead is run again by the module to find its path).
 */
export function writeDagAny(writer: Writer, value: unknown, path: string, maxDepth: number): void {
  try {
    writeDag(writer, value, maxDepth);
  } catch (error) {
    const failure = toEncodeError(error, value, path);
    if (!isEncodeError(failure)) throw failure;
    throw new GeneratedFailure(failure.code, failure.detail, failure.path, undefined);
  }
}

/**
 * Safe integers (-0 too, as 0) as integers with the shortest head; every other number as
 * float64, finite only (generated `--dag-cbor` encoders check finiteness before calling).
 */
export function writeDagNumber(writer: Writer, value: number): void {
  if (Number.isSafeInteger(value)) return writeInteger(writer, value);
  if (!Number.isFinite(value)) throw new EncodeFailure(UNSUPPORTED_VALUE, `${value} is not allowed in DAG-CBOR`);
  writer.u8(InitialByte.Float64);
  writer.f64(value);
}

/** An integer within the 64-bit CBOR range; DAG-CBOR has no bignums (tags 2/3 are not allowed). */
function writeDagBigInt(writer: Writer, value: bigint): void {
  if (value >= -BigInt(Number.MAX_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) {
    return writeInteger(writer, Number(value));
  }
  if (value >= TWO_64 || value < -TWO_64) throw new EncodeFailure(UNSUPPORTED_VALUE, 'integer beyond 64 bits');
  const negative = value < 0n;
  writer.u8(((negative ? Major.Negative : Major.Unsigned) << 5) | 27);
  writer.ensure(8);
  writer.view.setBigUint64(writer.pos, negative ? -1n - value : value);
  writer.pos += 8;
}

function writeDagObject(writer: Writer, value: object, depth: number): void {
  if (value instanceof Uint8Array && isUint8Array(value)) {
    writeHead(writer, Major.Bytes, value.length);
    return writeBytes(writer, value);
  }
  if (depth === 0) throw new EncodeFailure(TOO_DEEP, 'nesting deeper than maxDepth');
  if (Array.isArray(value)) return writeDagArray(writer, value, depth - 1);
  const cid = cidBytes(value);
  if (cid !== undefined) return writeLink(writer, cid);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new EncodeFailure(UNSUPPORTED_VALUE, `${prototype?.constructor?.name ?? 'object'} is not in the IPLD data model`);
  }
  writeDagMap(writer, value as Record<string, unknown>, depth - 1);
}

function writeDagArray(writer: Writer, array: readonly unknown[], depth: number): void {
  writeHead(writer, Major.Array, array.length);
  for (let index = 0; index < array.length; index++) {
    try {
      writeDag(writer, array[index], depth);
    } catch (error) {
      throw addStep(error, index, array[index]);
    }
  }
}

function writeDagMap(writer: Writer, object: Record<string, unknown>, depth: number): void {
  const keys = sortKeys(Object.keys(object));
  writeHead(writer, Major.Map, keys.length);
  for (const key of keys) {
    const item = object[key];
    try {
      if (!putText(writer, key)) throw new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
      writeDag(writer, item, depth);
    } catch (error) {
      throw addStep(error, key, item);
    }
  }
}

/** Tag 42 and a byte string of 0x00 then the binary CID (DAG-CBOR spec, "Links"). */
function writeLink(writer: Writer, cid: Uint8Array): void {
  writeHead(writer, Major.Tag, CID_TAG);
  writeHead(writer, Major.Bytes, cid.length + 1);
  writer.u8(0x00);
  writeBytes(writer, cid);
}
