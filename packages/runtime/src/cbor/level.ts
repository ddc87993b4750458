/**
 * Decoding part of a CBOR item: `decodeLevel` builds only the top container, `decodeAt` only the
 * item at a JSON Pointer (RFC 6901). Both step over everything else with `skipAny`, which checks
 * what it skips as the decoder would, but builds nothing.
 *
 * Repeated keys: `decode` keeps the last, but finding the last means skipping every map on the
 * path to its end, which measured about twice the cost of a whole decode on very-large-object
 * (bench/src/decode-at.bench.ts). So `decodeAt` takes the first occurrence; with
 * `duplicateKeys: 'reject'` it reads each map on the path to its end and refuses a repeat of the
 * key, so that no input decodes differently through `decode` and `decodeAt`.
 */

import { Reader } from '../reader.js';
import { DUPLICATE_KEY } from '../errors.js';
import { parsePointer } from '../pointer.js';
import { setOwn } from '../object-entries.js';
import { RawItem, arrayIndex, pathNotFound } from '../partial-decode.js';
import { Major, InitialByte, KnownTag } from './constants.js';
import { readArgument } from './head.js';
import { readItem } from './decode.js';
import { tooDeep } from './decode-scalars.js';
import { skipAny } from './skip.js';
import { decode } from './codec.js';
import { decodeSettings, type CborDecodeOptions, type DecodeSettings } from './options.js';

/**
 * The top item with one level decoded: an array or map becomes an array, object (text keys) or
 * `Map` (other keys) whose nested arrays and maps are `RawItem`s; every other element, and a top
 * item that is not a container, is decoded whole (as json-pack's `CborDecoder.readLevel`).
 * Tag 55799 around the top item is transparent. Options as `decode` (`mapKeys` aside).
 */
export function decodeLevel(bytes: Uint8Array, options?: CborDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('cbor decodeLevel: input must be a Uint8Array');
  const settings = decodeSettings(options);
  const reader = new Reader('cbor', bytes);
  skipSelfDescribed(reader);
  const offset = reader.pos;
  const major = reader.peek() >> 5;
  if (major !== Major.Array && major !== Major.Map) return decode(bytes, options);
  if (settings.maxDepth === 0) tooDeep(reader, settings, offset);
  const initial = reader.u8();
  const count = readArgument(reader, initial & 0x1f, offset);
  const child = (bytes: Uint8Array) => decode(bytes, options);
  const value = major === Major.Array ? levelArray(reader, count, settings, child) : levelMap(reader, count, settings, child);
  if (settings.rejectTrailing) reader.expectEnd();
  return value;
}

/** A nested array or map as a `RawItem`; anything else decoded. */
function levelElement(reader: Reader, settings: DecodeSettings, child: (bytes: Uint8Array) => unknown): unknown {
  const start = reader.pos;
  const major = reader.peek() >> 5;
  if (major !== Major.Array && major !== Major.Map) return readItem(reader, settings.maxDepth - 1, settings);
  skipAny(reader, settings.maxDepth - 1);
  return new RawItem(reader.uint8.subarray(start, reader.pos), start, child);
}

function levelArray(reader: Reader, count: number, settings: DecodeSettings, child: (bytes: Uint8Array) => unknown): unknown[] {
  const array: unknown[] = [];
  for (let index = 0; count === -1 ? !atBreak(reader) : index < count; index++) array.push(levelElement(reader, settings, child));
  return array;
}

function levelMap(reader: Reader, count: number, settings: DecodeSettings, child: (bytes: Uint8Array) => unknown): unknown {
  const entries = new Map<unknown, unknown>();
  let textKeys = true;
  for (let index = 0; count === -1 ? !atBreak(reader) : index < count; index++) {
    const keyOffset = reader.pos;
    const key = readItem(reader, settings.maxDepth - 1, settings);
    if (settings.rejectDuplicates && entries.has(key)) reader.fail(DUPLICATE_KEY, 'duplicate map key', keyOffset);
    if (typeof key !== 'string') textKeys = false;
    entries.set(key, levelElement(reader, settings, child));
  }
  if (!textKeys) return entries;
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) setOwn(object, key as string, value);
  return object;
}

/** At the break of an indefinite-length container: consumes it and says so. */
function atBreak(reader: Reader): boolean {
  if (reader.peek() !== InitialByte.Break) return false;
  reader.pos++;
  return true;
}

/** Steps over tag 55799 (RFC 8949 §3.4.6), which `decode` treats as transparent. */
function skipSelfDescribed(reader: Reader): void {
  const uint8 = reader.uint8;
  while (reader.end - reader.pos >= 3 && uint8[reader.pos] === 0xd9 && ((uint8[reader.pos + 1] << 8) | uint8[reader.pos + 2]) === KnownTag.SelfDescribed) {
    reader.pos += 3;
  }
}

/**
 * The item at JSON Pointer `pointer` (`''` is the whole item), decoded as `decode` would decode
 * it there; the bytes before it are walked with `skipAny` and those after it are not read. Tokens
 * match text map keys (the last of repeated keys, as `decode` keeps it) and array indexes. A
 * pointer that does not resolve is `path-not-found` at the offset of the item it could not enter;
 * a pointer that does not start with `/` is a `SyntaxError`.
 */
export function decodeAt(bytes: Uint8Array, pointer: string, options?: CborDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('cbor decodeAt: input must be a Uint8Array');
  const settings = decodeSettings(options);
  const tokens = parsePointer(pointer);
  const reader = new Reader('cbor', bytes);
  let depth = settings.maxDepth;
  for (let step = 0; step < tokens.length; step++, depth--) {
    skipSelfDescribed(reader);
    const offset = reader.pos;
    if (depth === 0) tooDeep(reader, settings, offset);
    const initial = reader.u8();
    const major = initial >> 5;
    const found = major === Major.Array || major === Major.Map
      ? enter(reader, major, readArgument(reader, initial & 0x1f, offset), tokens[step], depth - 1, settings)
      : -1;
    if (found === -1) throw pathNotFound('cbor', tokens, step, offset);
    reader.pos = found;
  }
  return readItem(reader, depth, settings);
}

/** Offset of the element `token` names in the container whose head was just read, or -1. */
function enter(reader: Reader, major: number, count: number, token: string, depth: number, settings: DecodeSettings): number {
  if (major === Major.Array) {
    const index = arrayIndex(token);
    if (index === -1 || (count !== -1 && index >= count)) return -1;
    for (let skipped = 0; skipped < index; skipped++) {
      if (count === -1 && atBreak(reader)) return -1;
      skipAny(reader, depth);
    }
    return count === -1 && reader.peek() === InitialByte.Break ? -1 : reader.pos;
  }
  let found = -1;
  for (let index = 0; count === -1 ? !atBreak(reader) : index < count; index++) {
    const keyOffset = reader.pos;
    const key = readItem(reader, depth, settings);
    if (key === token) {
      if (found !== -1) reader.fail(DUPLICATE_KEY, 'duplicate map key', keyOffset);
      if (!settings.rejectDuplicates) return reader.pos;
      found = reader.pos;
    }
    skipAny(reader, depth);
  }
  return found;
}
