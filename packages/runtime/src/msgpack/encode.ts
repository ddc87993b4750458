/**
 * The generic MessagePack encoder. Failures deep in a value travel up as the CBOR encoder's
 * `EncodeFailure`, each container adding its key, so the JSON Pointer is built only on the
 * failure path (and a cycle is found there, from the depth limit it runs into).
 */
import type { Writer } from '../writer.js';
import { writeBytes } from '../generated-support.js';
import { TOO_DEEP, UNSUPPORTED_VALUE } from '../errors.js';
import { LONE_SURROGATE } from '../utf8.js';
import { dateTime, isUint8Array, mapSize } from '../brand-checks.js';
import { EncodeFailure, addStep, mapKeyToken, toEncodeError } from '../cbor/encode.js';
import { Byte, TIMESTAMP_TYPE } from './constants.js';
import { writeArrayHead, writeBinHead, writeExtHead, writeMapHead } from './head.js';
import { isIntegerForm, putBigInt, putText, writeInteger, writeFloat } from './encode-scalars.js';
import { dateParts, isTimestampData, timestampProblem, writeTimestamp } from './timestamp.js';
import { Ext, Timestamp } from './values.js';
import { encodeSettings, type EncodeSettings, type MsgpackEncodeOptions } from './options.js';

const MAX_LENGTH = 0xffff_ffff;

/**
 * The generic encoder writing into an existing Writer (generated code uses it for `{}` schemas).
 * An `EncodeError` path starts with `path`; on failure the writer keeps whatever was written, so
 * the caller resets it.
 */
export function writeAny(writer: Writer, value: unknown, path = '', options?: MsgpackEncodeOptions | EncodeSettings): void {
  const settings = encodeSettings(options);
  try {
    writeItem(writer, value, settings.maxDepth, settings);
  } catch (error) {
    throw toEncodeError(error, value, path, 'msgpack');
  }
}

/** One item; `depth` is the number of nesting levels still allowed. */
export function writeItem(writer: Writer, value: unknown, depth: number, settings: EncodeSettings): void {
  switch (typeof value) {
    case 'string':
      if (!putText(writer, value)) throw new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
      return;
    case 'number':
      if (isIntegerForm(value, settings.largeIntegersAsFloat)) writeInteger(writer, value);
      else writeFloat(writer, value, settings.shortestFloat);
      return;
    case 'boolean':
      writer.u8(value ? Byte.True : Byte.False);
      return;
    case 'object':
      if (value === null) writer.u8(Byte.Nil);
      else writeObject(writer, value, depth, settings);
      return;
    case 'undefined':
      // As msgpackr and @msgpack/msgpack: MessagePack has no undefined.
      writer.u8(Byte.Nil);
      return;
    case 'bigint':
      if (!putBigInt(writer, value)) throw new EncodeFailure(UNSUPPORTED_VALUE, `bigint ${value} is outside int64/uint64`);
      return;
    default:
      throw new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode a ${typeof value}`);
  }
}

function writeObject(writer: Writer, value: object, depth: number, settings: EncodeSettings): void {
  if (depth === 0) throw new EncodeFailure(TOO_DEEP, `nesting deeper than ${settings.maxDepth}`);
  // The constructor check is the cheap common case; a null prototype or a `constructor` own
  // property goes through the exact prototype check below.
  const constructor = (value as { constructor?: unknown }).constructor;
  if (constructor === Object) return writeRecord(writer, value as Record<string, unknown>, depth - 1, settings);
  // Arrays by `Array.isArray` (`Object.create(Array.prototype)` has the constructor but is no
  // array); only a subclass may have an extension. (`constructor === Array && Array.isArray(value)`
  // before the extensions, where `constructor === Array` was, made arrays 10% slower.)
  if (Array.isArray(value)) {
    if (constructor !== Array && settings.extensions !== undefined && writeExtension(writer, value, settings)) return;
    return writeArray(writer, value, depth - 1, settings);
  }
  if (settings.extensions !== undefined && writeExtension(writer, value, settings)) return;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return writeRecord(writer, value as Record<string, unknown>, depth - 1, settings);
  writeInstance(writer, value, depth, settings);
}

/**
 * A class instance: a built-in or stand-in MessagePack writes, else `unsupported-value`. Apart
 * from `writeObject`: with the brand checks in it, arrays encoded 15% slower.
 */
function writeInstance(writer: Writer, value: object, depth: number, settings: EncodeSettings): void {
  // `instanceof` for the cheap filter, then the brand check a fake prototype cannot pass.
  if (value instanceof Uint8Array && isUint8Array(value)) return writeBin(writer, value);
  if (value instanceof Map) {
    const size = mapSize(value);
    if (size !== -1) return writeMap(writer, value, size, depth - 1, settings);
  }
  if (value instanceof Date) {
    const time = dateTime(value);
    if (time !== undefined) return writeDate(writer, time);
  }
  if (value instanceof Timestamp) return writeTimestampValue(writer, value);
  if (value instanceof Ext) return writeExt(writer, value.type, value.data);
  throw new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode a ${value.constructor?.name ?? 'class'} instance`);
}

function writeArray(writer: Writer, value: unknown[], depth: number, settings: EncodeSettings): void {
  const length = value.length;
  writeArrayHead(writer, length);
  let index = 0;
  try {
    for (; index < length; index++) writeItem(writer, value[index], depth, settings);
  } catch (error) {
    throw addStep(error, index, value[index]);
  }
}

function writeRecord(writer: Writer, value: Record<string, unknown>, depth: number, settings: EncodeSettings): void {
  const keys = Object.keys(value);
  const length = keys.length;
  writeMapHead(writer, length);
  let index = 0;
  try {
    for (; index < length; index++) {
      if (!putText(writer, keys[index])) throw new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
      writeItem(writer, value[keys[index]], depth, settings);
    }
  } catch (error) {
    throw addStep(error, keys[index], value[keys[index]]);
  }
}

function writeMap(writer: Writer, value: Map<unknown, unknown>, size: number, depth: number, settings: EncodeSettings): void {
  writeMapHead(writer, size);
  for (const [key, item] of value) {
    try {
      writeItem(writer, key, depth, settings);
      writeItem(writer, item, depth, settings);
    } catch (error) {
      throw addStep(error, mapKeyToken(key), item);
    }
  }
}

function writeBin(writer: Writer, value: Uint8Array): void {
  if (value.length > MAX_LENGTH) throw new EncodeFailure(UNSUPPORTED_VALUE, 'bin longer than 2^32-1 bytes');
  writeBinHead(writer, value.length);
  writeBytes(writer, value);
}

/** spec.md "Timestamp extension type": a Date to the millisecond, in the smallest of the three forms. */
function writeDate(writer: Writer, time: number): void {
  if (Number.isNaN(time)) throw new EncodeFailure(UNSUPPORTED_VALUE, 'cannot encode an invalid Date');
  const [seconds, nanoseconds] = dateParts(time);
  writeTimestamp(writer, seconds, nanoseconds);
}

function writeTimestampValue(writer: Writer, value: Timestamp): void {
  const problem = timestampProblem(value);
  if (problem !== undefined) throw new EncodeFailure(UNSUPPORTED_VALUE, problem);
  const seconds = value.seconds;
  const exact = typeof seconds === 'bigint' && seconds >= -0x1f_ffff_ffff_ffffn && seconds <= 0x1f_ffff_ffff_ffffn ? Number(seconds) : seconds;
  writeTimestamp(writer, exact, value.nanoseconds);
}

/** An extension item: fixext for 1, 2, 4, 8 and 16 bytes of data, else ext8/16/32. */
function writeExt(writer: Writer, type: number, data: unknown): void {
  if (!Number.isInteger(type) || type < -128 || type > 127) throw new EncodeFailure(UNSUPPORTED_VALUE, `extension type ${String(type)} not in -128..127`);
  if (!(data instanceof Uint8Array && isUint8Array(data))) throw new EncodeFailure(UNSUPPORTED_VALUE, `extension type ${type} data is not a Uint8Array`);
  if (data.length > MAX_LENGTH) throw new EncodeFailure(UNSUPPORTED_VALUE, 'ext data longer than 2^32-1 bytes');
  // Never write what our own decoder refuses as `invalid-tag`: type -1 is the spec's timestamp.
  if (type === TIMESTAMP_TYPE && !isTimestampData(data)) throw new EncodeFailure(UNSUPPORTED_VALUE, 'extension type -1 data is not a timestamp (write a Date or a Timestamp)');
  writeExtHead(writer, type, data.length);
  writeBytes(writer, data);
}

/** Writes `value` through a registered extension and returns true, or false when none takes it. */
function writeExtension(writer: Writer, value: object, settings: EncodeSettings): boolean {
  const extension = settings.extensions!.find(value);
  if (extension === undefined) return false;
  writeExt(writer, extension.type, extension.encode!(value));
  return true;
}
