/**
 * Decoding part of a MessagePack item: `decodeLevel` builds only the top container, `decodeAt`
 * only the item at a JSON Pointer (RFC 6901). Both step over everything else with `skipAny`,
 * which checks what it skips as the decoder would, but builds nothing. Repeated keys as in the
 * CBOR `decodeAt` (cbor/level.ts says why): the first occurrence, or with
 * `duplicateKeys: 'reject'` the only one, after reading each map on the path whole.
 */
import { Reader } from '../reader.js';
import { DUPLICATE_KEY } from '../errors.js';
import { parsePointer } from '../pointer.js';
import { setOwn } from '../object-entries.js';
import { RawItem, arrayIndex, pathNotFound } from '../partial-decode.js';
import { Kind, kindOf } from './constants.js';
import { HEAD, readHead } from './head.js';
import { readItem, tooDeep } from './decode.js';
import { skipAny } from './skip.js';
import { decode } from './codec.js';
import { decodeSettings, type DecodeSettings, type MsgpackDecodeOptions } from './options.js';

/** Whether the item at `reader.pos` is an array or a map. */
function atContainer(reader: Reader): boolean {
  const kind = kindOf(reader.peek());
  return kind === Kind.Array || kind === Kind.Map;
}

/**
 * The top item with one level decoded: an array or map becomes an array, object (string keys) or
 * `Map` (other keys) whose nested arrays and maps are `RawItem`s; every other element, and a top
 * item that is not a container, is decoded whole (as json-pack's `readLevel`). Options as `decode`.
 */
export function decodeLevel(bytes: Uint8Array, options?: MsgpackDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('msgpack decodeLevel: input must be a Uint8Array');
  const settings = decodeSettings(options);
  const reader = new Reader('msgpack', bytes);
  if (!atContainer(reader)) return decode(bytes, options);
  if (settings.maxDepth === 0) tooDeep(reader, settings, 0);
  readHead(reader);
  const isMap = HEAD.kind === Kind.Map;
  const count = HEAD.length;
  const child = (bytes: Uint8Array) => decode(bytes, options);
  const value = isMap ? levelMap(reader, count, settings, child) : levelArray(reader, count, settings, child);
  if (settings.rejectTrailing) reader.expectEnd();
  return value;
}

/** A nested array or map as a `RawItem`; anything else decoded. */
function levelElement(reader: Reader, settings: DecodeSettings, child: (bytes: Uint8Array) => unknown): unknown {
  const start = reader.pos;
  if (!atContainer(reader)) return readItem(reader, settings.maxDepth - 1, settings);
  skipAny(reader, settings.maxDepth - 1);
  return new RawItem(reader.uint8.subarray(start, reader.pos), start, child);
}

function levelArray(reader: Reader, count: number, settings: DecodeSettings, child: (bytes: Uint8Array) => unknown): unknown[] {
  const array: unknown[] = [];
  for (let index = 0; index < count; index++) array.push(levelElement(reader, settings, child));
  return array;
}

function levelMap(reader: Reader, count: number, settings: DecodeSettings, child: (bytes: Uint8Array) => unknown): unknown {
  const entries = new Map<unknown, unknown>();
  let stringKeys = true;
  for (let index = 0; index < count; index++) {
    const keyOffset = reader.pos;
    const key = readItem(reader, settings.maxDepth - 1, settings);
    if (settings.rejectDuplicates && entries.has(key)) reader.fail(DUPLICATE_KEY, 'repeated map key', keyOffset);
    if (typeof key !== 'string') stringKeys = false;
    entries.set(key, levelElement(reader, settings, child));
  }
  if (!stringKeys) return entries;
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) setOwn(object, key as string, value);
  return object;
}

/**
 * The item at JSON Pointer `pointer` (`''` is the whole item), decoded as `decode` would decode
 * it there; the bytes before it are walked with `skipAny` and those after it are not read. Tokens
 * match string map keys and array indexes. A pointer that does not resolve is `path-not-found` at
 * the offset of the item it could not enter; one that does not start with `/` is a `SyntaxError`.
 */
export function decodeAt(bytes: Uint8Array, pointer: string, options?: MsgpackDecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('msgpack decodeAt: input must be a Uint8Array');
  const settings = decodeSettings(options);
  const tokens = parsePointer(pointer);
  const reader = new Reader('msgpack', bytes);
  let depth = settings.maxDepth;
  for (let step = 0; step < tokens.length; step++, depth--) {
    const offset = reader.pos;
    if (depth === 0) tooDeep(reader, settings, offset);
    const container = atContainer(reader);
    if (container) readHead(reader);
    const found = container ? enter(reader, HEAD.kind === Kind.Map, HEAD.length, tokens[step], depth - 1, settings) : -1;
    if (found === -1) throw pathNotFound('msgpack', tokens, step, offset);
    reader.pos = found;
  }
  return readItem(reader, depth, settings);
}

/** Offset of the element `token` names in the container whose head was just read, or -1. */
function enter(reader: Reader, isMap: boolean, count: number, token: string, depth: number, settings: DecodeSettings): number {
  if (!isMap) {
    const index = arrayIndex(token);
    if (index === -1 || index >= count) return -1;
    for (let skipped = 0; skipped < index; skipped++) skipAny(reader, depth);
    return reader.pos;
  }
  let found = -1;
  for (let index = 0; index < count; index++) {
    const keyOffset = reader.pos;
    const key = readItem(reader, depth, settings);
    if (key === token) {
      if (found !== -1) reader.fail(DUPLICATE_KEY, 'repeated map key', keyOffset);
      if (!settings.rejectDuplicates) return reader.pos;
      found = reader.pos;
    }
    skipAny(reader, depth);
  }
  return found;
}
