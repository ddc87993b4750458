/**
 * Decoding part of a UBJSON value: `decodeLevel` builds only the top container, `decodeAt` only
 * the value at a JSON Pointer (RFC 6901). Values on the way are stepped over by the generic
 * decoder (UBJSON has no length prefix on containers, so skipping is reading); a strongly typed
 * container (`[$`, `{$`) on the path is decoded whole, since its elements have no markers.
 */

import { Reader } from '../reader.js';
import { TOO_DEEP } from '../errors.js';
import { parsePointer } from '../pointer.js';
import { RawItem, arrayIndex, pathNotFound } from '../partial-decode.js';
import { Marker } from './constants.js';
import { readLength } from './integer.js';
import { decode, valueDecoderFor } from './codec.js';
import type { UbjsonDecodeOptions, ValueDecoder } from './decoder.js';

/**
 * The top value with one level decoded: an untyped or counted array or object whose nested
 * arrays and objects (typed ones too) are `RawItem`s, each a whole UBJSON value; scalars, and a
 * top value that is not a container or is a typed one, are decoded whole. Options and checks as
 * `decode`.
 */
export function decodeLevel(bytes: Uint8Array, options?: UbjsonDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) return decode(bytes, options); // its input-type error
  const reader = new Reader('ubjson', bytes);
  const marker = reader.peek();
  const typed = reader.end > 1 && reader.uint8[1] === Marker.Type;
  if ((marker !== Marker.ArrayStart && marker !== Marker.ObjectStart) || typed) return decode(bytes, options);
  const values = begin(reader, options);
  if (values.maxDepth <= 0) reader.fail(TOO_DEEP, `nesting deeper than ${values.maxDepth}`, 0);
  reader.pos = 1;
  const child = (bytes: Uint8Array) => decode(bytes, options);
  const value = guard(reader, () => (marker === Marker.ArrayStart ? levelArray(values, child) : levelObject(values, child)));
  reader.expectEnd();
  return value;
}

/** The options' shared decoder, pointed at `reader` with a fresh payload-free budget. */
function begin(reader: Reader, options: UbjsonDecodeOptions | undefined): ValueDecoder {
  const values = valueDecoderFor(options);
  values.reader = reader;
  values.budget = values.maxCount;
  return values;
}

/** An engine stack overflow (only with a huge `maxDepth`) is `too-deep`, as in `decode`. */
function guard<T>(reader: Reader, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) reader.fail(TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  }
}

/** After the opening marker: the count of `#n`, or -1 for a container that ends with its marker. */
function readCount(reader: Reader, minSize: number): number {
  if (reader.peek() !== Marker.Count) return -1;
  reader.pos++;
  return readLength(reader, minSize);
}

/**
 * Whether the container is done before entry `index`; if not, steps over the no-ops allowed
 * before an element or key. A counted container ends by its count, before any trailing no-op.
 */
function atEnd(reader: Reader, count: number, index: number, end: number): boolean {
  if (count !== -1 && index >= count) return true;
  while (reader.peek() === Marker.NoOp) reader.pos++;
  if (count !== -1) return false;
  if (reader.uint8[reader.pos] !== end) return false;
  reader.pos++;
  return true;
}

/** A nested array or object as a `RawItem`, any other value decoded (at depth 1). */
function levelElement(values: ValueDecoder, child: (bytes: Uint8Array) => unknown): unknown {
  const reader = values.reader;
  const start = reader.pos;
  const marker = reader.peek();
  const value = values.readValue(1);
  if (marker !== Marker.ArrayStart && marker !== Marker.ObjectStart) return value;
  return new RawItem(reader.uint8.subarray(start, reader.pos), start, child);
}

function levelArray(values: ValueDecoder, child: (bytes: Uint8Array) => unknown): unknown[] {
  const reader = values.reader;
  const count = readCount(reader, 1);
  const array: unknown[] = [];
  for (let index = 0; !atEnd(reader, count, index, Marker.ArrayEnd); index++) array.push(levelElement(values, child));
  return array;
}

function levelObject(values: ValueDecoder, child: (bytes: Uint8Array) => unknown): Record<string, unknown> {
  const reader = values.reader;
  const count = readCount(reader, 3);
  const object: Record<string, unknown> = {};
  for (let index = 0; !atEnd(reader, count, index, Marker.ObjectEnd); index++) {
    const keyOffset = reader.pos;
    const key = values.readKey();
    values.setKey(object, key, levelElement(values, child), keyOffset);
  }
  return object;
}

/**
 * The value at JSON Pointer `pointer` (`''` is the whole value), decoded as `decode` would
 * decode it there. Containers on the way are walked entry by entry; the bytes after the value
 * are not read. An object key matches its first occurrence, or with `duplicateKeys: 'reject'`
 * its only one (see cbor/level.ts on why: the same rule in both formats). A pointer that
 * does not resolve is `path-not-found` at the offset of the value it could not enter; one that
 * does not start with `/` is a `SyntaxError`.
 */
export function decodeAt(bytes: Uint8Array, pointer: string, options?: UbjsonDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) return decode(bytes, options); // its input-type error
  const tokens = parsePointer(pointer);
  const reader = new Reader('ubjson', bytes);
  const values = begin(reader, options);
  return guard(reader, () => {
    for (let step = 0; step < tokens.length; step++) {
      const offset = reader.pos;
      const marker = reader.peek();
      if (marker !== Marker.ArrayStart && marker !== Marker.ObjectStart) throw pathNotFound('ubjson', tokens, step, offset);
      if (offset + 1 < reader.end && reader.uint8[offset + 1] === Marker.Type) return within(values.readValue(step), tokens, step, offset);
      if (step >= values.maxDepth) reader.fail(TOO_DEEP, `nesting deeper than ${values.maxDepth}`, offset);
      reader.pos++;
      const found = marker === Marker.ArrayStart ? enterArray(values, tokens[step], step) : enterObject(values, tokens[step], step);
      if (found === -1) throw pathNotFound('ubjson', tokens, step, offset);
      reader.pos = found;
    }
    return values.readValue(tokens.length);
  });
}

/** Offset of the element `token` names in an untyped array (after `[`), or -1. */
function enterArray(values: ValueDecoder, token: string, depth: number): number {
  const reader = values.reader;
  const count = readCount(reader, 1);
  const wanted = arrayIndex(token);
  if (wanted === -1) return -1;
  for (let index = 0; !atEnd(reader, count, index, Marker.ArrayEnd); index++) {
    if (index === wanted) return reader.pos;
    values.readValue(depth + 1);
  }
  return -1;
}

/**
 * Offset of the value of the `token` key in an untyped object (after `{`), or -1: the first
 * occurrence, or under `duplicateKeys: 'reject'` the only one, after reading the whole object.
 */
function enterObject(values: ValueDecoder, token: string, depth: number): number {
  const reader = values.reader;
  const count = readCount(reader, 3);
  const seen: Record<string, unknown> = {};
  let found = -1;
  for (let index = 0; !atEnd(reader, count, index, Marker.ObjectEnd); index++) {
    const keyOffset = reader.pos;
    const key = values.readKey();
    if (!values.rejectDuplicates && key === token) return reader.pos;
    if (values.rejectDuplicates) values.setKey(seen, key, true, keyOffset);
    if (key === token) found = reader.pos;
    values.readValue(depth + 1);
  }
  return found;
}

/** Resolves the rest of the pointer inside a decoded typed container. */
function within(value: unknown, tokens: string[], step: number, offset: number): unknown {
  for (let index = step; index < tokens.length; index++) {
    const token = tokens[index];
    if (Array.isArray(value) || value instanceof Uint8Array) {
      const position = arrayIndex(token);
      if (position === -1 || position >= value.length) throw pathNotFound('ubjson', tokens, index, offset);
      value = value[position];
    } else if (value !== null && typeof value === 'object' && Object.hasOwn(value, token)) {
      value = (value as Record<string, unknown>)[token];
    } else {
      throw pathNotFound('ubjson', tokens, index, offset);
    }
  }
  return value;
}
