import type { Writer } from '../writer.js';
import { CIRCULAR_VALUE, describeValue, EncodeError, type Format, TOO_DEEP, UNSUPPORTED_VALUE } from '../errors.js';
import { LONE_SURROGATE } from '../utf8.js';
import { joinPointer } from '../pointer.js';
import { dateTime, isUint8Array, mapSize } from '../brand-checks.js';
import { Major, Info, InitialByte, KnownTag } from './constants.js';
import { writeHeadAt } from './head.js';
import { putText, writeInt32, writeInteger, writeNumber } from './encode-scalars.js';
import { Tag, Simple } from './values.js';
import { coreEncodeSettings, type CborEncodeOptions, type EncodeSettings } from './options.js';
import { writeSortedEntries } from './encode-sorted.js';

const TWO_64 = 0x1_0000_0000_0000_0000n; // 2^64, a literal: a bundler keeps a computed one even unused

/**
 * A failure deep in a value. Each container frame on the way up records its key, so the path is
 * built only on the failure path; `toEncodeError` turns it into the public `EncodeError`.
 */
export class EncodeFailure {
  readonly code: string;
  readonly what: string;
  /** Keys from the failing value up to the root (innermost first), with the value at each. */
  readonly keys: (string | number)[] = [];
  readonly values: unknown[] = [];
  constructor(code: string, what: string) {
    this.code = code;
    this.what = what;
  }
}

/** Adds one path step to a failure passing through a container (other errors pass unchanged). */
export function addStep(error: unknown, key: string | number, value: unknown): unknown {
  if (error instanceof EncodeFailure) {
    error.keys.push(key);
    error.values.push(value);
  }
  return error;
}

/**
 * The generic encoder writing into an existing Writer (generated code uses it for `{}` schemas
 * and extra properties). An `EncodeError` path starts with `path`; on failure the writer keeps
 * whatever was written, so the caller resets it. Core options only: typed arrays, structured
 * clone and extensions are for `encode` and `CborEncoder`.
 */
export function writeAny(writer: Writer, value: unknown, path = '', options?: CborEncodeOptions | EncodeSettings): void {
  const settings = coreEncodeSettings(options);
  settings.hooks?.references?.begin(value);
  try {
    writeItem(writer, value, settings.maxDepth, settings);
  } catch (error) {
    throw toEncodeError(error, value, path);
  } finally {
    settings.hooks?.references?.end();
  }
}

/**
 * Turns an internal failure (or an engine stack overflow) into the public `EncodeError` of
 * `format` (the MessagePack encoder reports its failures the same way).
 */
export function toEncodeError(error: unknown, root: unknown, path: string, format: Format = 'cbor'): unknown {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new EncodeError(format, TOO_DEEP, 'value nested too deeply for the engine stack', path);
  }
  if (!(error instanceof EncodeFailure)) return error;
  let code = error.code;
  let what = error.what;
  let depth = error.keys.length;
  if (code === TOO_DEEP) {
    // A cycle always runs into the depth limit; report it at the first repeated container.
    const repeat = firstRepeat(root, error.values);
    if (repeat !== -1) {
      code = CIRCULAR_VALUE;
      what = 'circular reference';
      depth = repeat;
    }
  }
  for (let index = error.keys.length - 1; index >= error.keys.length - depth; index--) path = joinPointer(path, error.keys[index]);
  return new EncodeError(format, code, what, path);
}

/** Index (counted from the root) of the first value on the path that is one of its ancestors. */
function firstRepeat(root: unknown, values: unknown[]): number {
  const seen = new Set<unknown>([root]);
  for (let step = 1; step <= values.length; step++) {
    const value = values[values.length - step];
    if (typeof value === 'object' && value !== null && seen.has(value)) return step;
    seen.add(value);
  }
  return -1;
}

/** One item; `depth` is the number of nesting levels still allowed. */
export function writeItem(writer: Writer, value: unknown, depth: number, settings: EncodeSettings): void {
  switch (typeof value) {
    case 'string':
      if (!putText(writer, value)) throw new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
      return;
    case 'number':
      if (Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0)) writeInteger(writer, value);
      else writeNumber(writer, value, settings.shortestFloat);
      return;
    case 'boolean':
      writer.u8(value ? InitialByte.True : InitialByte.False);
      return;
    case 'object':
      if (value === null) writer.u8(InitialByte.Null);
      else writeObject(writer, value, depth, settings);
      return;
    case 'undefined':
      writer.u8(InitialByte.Undefined);
      return;
    case 'bigint':
      writeBigInt(writer, value);
      return;
    default:
      throw new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode a ${typeof value}`);
  }
}

function writeObject(writer: Writer, value: object, depth: number, settings: EncodeSettings): void {
  if (depth === 0) throw new EncodeFailure(TOO_DEEP, `nesting deeper than ${settings.maxDepth}`);
  // Extensions, typed arrays and structured clone (`encode-hooks.ts`): one test when none is set.
  if (settings.hooks !== undefined && settings.hooks.write(writer, value, depth, settings)) return;
  // The constructor check is the cheap common case (as in json-pack); anything else (a null
  // prototype, a `constructor` own property) goes through the exact prototype checks below.
  // Arrays by `Array.isArray` alone: `Object.create(Array.prototype)` has the constructor too.
  const constructor = (value as { constructor?: unknown }).constructor;
  if (constructor === Object) return writeRecord(writer, value as Record<string, unknown>, depth - 1, settings);
  if (Array.isArray(value)) return writeArray(writer, value, depth - 1, settings);
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return writeRecord(writer, value as Record<string, unknown>, depth - 1, settings);
  // `instanceof` for the cheap filter, then the brand check a fake prototype cannot pass.
  if (value instanceof Uint8Array && isUint8Array(value)) return writeBytes(writer, value);
  if (value instanceof Map) {
    const size = mapSize(value);
    if (size !== -1) return writeMap(writer, value, size, depth - 1, settings);
  }
  if (value instanceof Date) {
    const time = dateTime(value);
    if (time !== undefined) return writeDate(writer, time, settings);
  }
  if (value instanceof Tag) return writeTag(writer, value, depth - 1, settings);
  if (value instanceof Simple) return writeSimple(writer, value.value);
  throw new EncodeFailure(UNSUPPORTED_VALUE, `cannot encode a ${value.constructor?.name ?? 'class'} instance`);
}

function writeArray(writer: Writer, value: unknown[], depth: number, settings: EncodeSettings): void {
  const length = value.length;
  writer.ensure(9);
  // Short arrays (the common case) with their one-byte head inline (RFC 8949 §3: argument < 24).
  if (length < 24) writer.uint8[writer.pos++] = (Major.Array << 5) | length;
  else writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Array, length);
  let index = 0;
  try {
    for (; index < length; index++) {
      const item = value[index];
      // int32 numbers (not -0) straight to writeInt32: once the encoder has seen every type,
      // the engine inlines neither writeItem nor writeInteger here (numbers profile).
      if (typeof item === 'number' && (item | 0) === item && (item !== 0 || 1 / item > 0)) writeInt32(writer, item);
      else if (typeof item === 'string') {
        if (!putText(writer, item)) throw new EncodeFailure(UNSUPPORTED_VALUE, LONE_SURROGATE);
      } else writeItem(writer, item, depth, settings);
    }
  } catch (error) {
    throw addStep(error, index, value[index]);
  }
}

function writeRecord(writer: Writer, value: Record<string, unknown>, depth: number, settings: EncodeSettings): void {
  const keys = Object.keys(value);
  const length = keys.length;
  if (settings.deterministic) return writeSortedEntries(writer, keys, (key) => value[key as string], depth, settings);
  writer.ensure(9);
  if (length < 24) writer.uint8[writer.pos++] = (Major.Map << 5) | length;
  else writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Map, length);
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
  if (settings.deterministic) return writeSortedEntries(writer, [...value.keys()], (key) => value.get(key), depth, settings);
  writer.ensure(9);
  writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Map, size);
  for (const [key, item] of value) {
    try {
      writeItem(writer, key, depth, settings);
      writeItem(writer, item, depth, settings);
    } catch (error) {
      throw addStep(error, mapKeyToken(key), item);
    }
  }
}

/** A path token for a Map key: text as is, anything else through `String`. */
export function mapKeyToken(key: unknown): string {
  return typeof key === 'string' ? key : typeof key === 'object' && key !== null ? describeValue(key) : String(key);
}

function writeBytes(writer: Writer, value: Uint8Array): void {
  writer.ensure(9 + value.length);
  writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Bytes, value.length);
  writer.uint8.set(value, writer.pos);
  writer.pos += value.length;
}

/**
 * RFC 8949 §3.4.2: tag 1 with epoch seconds. Whole seconds are an integer; other times a float
 * of milliseconds / 1000 (the decoder rounds back to the nearest millisecond, so every Date
 * survives a round trip).
 */
function writeDate(writer: Writer, time: number, settings: EncodeSettings): void {
  if (Number.isNaN(time)) throw new EncodeFailure(UNSUPPORTED_VALUE, 'cannot encode an invalid Date');
  writer.ensure(2);
  writer.uint8[writer.pos++] = (Major.Tag << 5) | KnownTag.EpochDate;
  writeNumber(writer, time / 1000, settings.shortestFloat);
}

function writeTag(writer: Writer, value: Tag, depth: number, settings: EncodeSettings): void {
  const tag = value.tag;
  if (typeof tag === 'number' && Number.isSafeInteger(tag) && tag >= 0) {
    writer.ensure(9);
    writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Tag, tag);
  } else if (typeof tag === 'bigint' && tag >= 0n && tag < TWO_64) {
    writeBigHead(writer, Major.Tag, tag);
  } else {
    throw new EncodeFailure(UNSUPPORTED_VALUE, `tag number ${String(tag)} is not an integer in 0..2^64-1`);
  }
  if (typeof tag === 'number' && tag <= KnownTag.NegativeBignum && !validTagContent(tag, value.content)) {
    // Never write what our own decoder refuses as `invalid-tag`; use Date or bigint instead.
    throw new EncodeFailure(UNSUPPORTED_VALUE, `tag ${tag} with content the tag does not allow`);
  }
  try {
    writeItem(writer, value.content, depth, settings);
  } catch (error) {
    throw addStep(error, 'content', value.content);
  }
}

/** RFC 8949 §3.4.1-§3.4.3 content types (tag 0 also needs a valid date-time; the decoder checks). */
function validTagContent(tag: number, content: unknown): boolean {
  if (tag === KnownTag.DateString) return typeof content === 'string';
  if (tag === KnownTag.EpochDate) return typeof content === 'number' && Number.isFinite(content);
  return content instanceof Uint8Array && isUint8Array(content);
}

/** RFC 8949 §3.3: simple values 0..19 in the initial byte, 32..255 in one extra byte. */
function writeSimple(writer: Writer, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 255 || (value >= 24 && value < 32)) {
    throw new EncodeFailure(UNSUPPORTED_VALUE, `simple value ${value} is not in 0..23 or 32..255`);
  }
  writer.ensure(2);
  if (value < 24) writer.uint8[writer.pos++] = 0xe0 | value;
  else {
    writer.uint8[writer.pos++] = InitialByte.SimpleOneByte;
    writer.uint8[writer.pos++] = value;
  }
}

/** A head with a 64-bit bigint argument, shortest form. */
function writeBigHead(writer: Writer, major: number, argument: bigint): void {
  writer.ensure(9);
  if (argument <= BigInt(Number.MAX_SAFE_INTEGER)) {
    writer.pos = writeHeadAt(writer.uint8, writer.pos, major, Number(argument));
  } else {
    writer.uint8[writer.pos++] = (major << 5) | 27;
    writer.view.setBigUint64(writer.pos, argument);
    writer.pos += 8;
  }
}

/** RFC 8949 §3.4.3: an integer when it fits 64 bits, else a bignum (tag 2/3) without leading zeros. */
function writeBigInt(writer: Writer, value: bigint): void {
  if (value >= 0n) {
    if (value < TWO_64) return writeBigHead(writer, Major.Unsigned, value);
  } else if (value >= -TWO_64) {
    return writeBigHead(writer, Major.Negative, -1n - value);
  }
  const magnitude = value >= 0n ? value : -1n - value;
  let hex = magnitude.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  const length = hex.length / 2;
  writer.ensure(10 + length);
  const uint8 = writer.uint8;
  uint8[writer.pos++] = (Major.Tag << 5) | (value >= 0n ? KnownTag.PositiveBignum : KnownTag.NegativeBignum);
  writer.pos = writeHeadAt(uint8, writer.pos, Major.Bytes, length);
  for (let index = 0; index < length; index++) uint8[writer.pos++] = parseInt(hex.substr(index * 2, 2), 16);
}
