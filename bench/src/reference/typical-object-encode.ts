/**
 * A hand-written CBOR encoder for typical-object (issue 24, the "Limit" bar): what an expert
 * writes for this one schema when speed matters. Its own byte buffer and position in module
 * variables, named property reads, pre-encoded keys, inline heads; no generic dispatch and no
 * runtime. It makes exactly the checks the schema asks for and writes what our generated module
 * writes: keys in schema order, RFC 8949 §4.2.1 shortest heads, integers as major 0/1 when safe
 * (not -0) and every other number as a float64, lone surrogates refused.
 */
import { HandWrittenCodecError } from './typical-object-types.js';

/** Outputs are carved from one buffer (as cbor-x and our Writer do); a new one every ~256 KiB of output. */
const CAPACITY = 256 * 1024;
/** Text longer than this (UTF-16 units) goes to Node's `utf8Write`, shorter text through the loop (our runtime's UTF8_ENCODE_THRESHOLD). */
const PLATFORM_TEXT = 32;

let buffer = new Uint8Array(CAPACITY);
let view = new DataView(buffer.buffer);
let capacity = CAPACITY;
let pos = 0;
let start = 0;

type Utf8Write = (this: Uint8Array, text: string, offset: number, length: number) => number;
const utf8Write = (Buffer.prototype as unknown as { utf8Write: Utf8Write }).utf8Write;

/** Pre-encoded constant runs: map heads, keys, enum texts (RFC 8949 §3.1: 0xa0|n map, 0x60|n text). */
const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => { const utf8 = new TextEncoder().encode(value); return bytes(0x60 | utf8.length, ...utf8); };
const MAP3_OP = bytes(0xa3, ...text('op'));
const MAP2_OP = bytes(0xa2, ...text('op'));
const KEY_PATH = text('path');
const KEY_VALUE = text('value');
const KEY_FROM = text('from');
const OP_TEXT: Record<string, Uint8Array> = { add: text('add'), replace: text('replace'), test: text('test'), move: text('move'), copy: text('copy'), remove: text('remove') };
const MAP2_NAME = bytes(0xa2, ...text('name'));
const KEY_JSON = text('json');
const KEY_HANDLE = text('handle');
const MAP11_ID = bytes(0xab, ...text('id'));
const KEY_AUTHOR = text('author');
const KEY_LAST_SEEN = text('lastSeen');
const KEY_TAGS = text('tags');
const KEY_PINS = text('pins');
const KEY_MARKS = text('marks');
const KEY_HAS_RETWEETS = text('hasRetweets');
const KEY_APPROVED = text('approved');
const KEY_MEDIUM_STRING = text('mediumString');
const KEY_LONG_STRING = text('longString');
const KEY_THUMBS = text('👍');
const MAP1_ID = bytes(0xa1, ...text('id'));
const MAP4_X = bytes(0xa4, ...text('x'));
const KEY_Y = text('y');
const KEY_W = text('w');
const KEY_H = text('h');

export function encode(value: unknown): Uint8Array {
  try {
    writeOperations(value);
  } catch (error) {
    pos = start;
    throw error;
  }
  const out = new Uint8Array(buffer.buffer, start, pos - start);
  const next = (pos + 7) & ~7;
  if (capacity - next < capacity / 8) newBuffer(CAPACITY, 0);
  else start = pos = next;
  return out;
}

function fail(what: string): never {
  throw new HandWrittenCodecError('schema-violation', `cbor encode: ${what}`);
}

/** A new buffer of `size` bytes, with the output in progress (`kept` bytes from `start`) moved to its front. */
function newBuffer(size: number, kept: number): void {
  const next = new Uint8Array(size);
  next.set(buffer.subarray(start, start + kept));
  buffer = next;
  view = new DataView(next.buffer);
  capacity = size;
  start = 0;
  pos = kept;
}

function ensure(extra: number): void {
  if (pos + extra > capacity) newBuffer(Math.max(CAPACITY, (pos - start + extra) * 2), pos - start);
}

function raw(run: Uint8Array): void {
  const length = run.length;
  ensure(length);
  for (let index = 0; index < length; index++) buffer[pos + index] = run[index];
  pos += length;
}

/** A head of `major` with the shortest argument (RFC 8949 §4.2.1); `argument` ≤ 2^53 - 1. */
function head(major: number, argument: number): void {
  ensure(9);
  const type = major << 5;
  if (argument < 24) {
    buffer[pos++] = type | argument;
  } else if (argument < 0x100) {
    buffer[pos++] = type | 24;
    buffer[pos++] = argument;
  } else if (argument < 0x1_0000) {
    buffer[pos++] = type | 25;
    buffer[pos++] = argument >>> 8;
    buffer[pos++] = argument;
  } else if (argument < 0x1_0000_0000) {
    buffer[pos++] = type | 26;
    view.setUint32(pos, argument);
    pos += 4;
  } else {
    buffer[pos++] = type | 27;
    view.setUint32(pos, Math.floor(argument / 0x1_0000_0000));
    view.setUint32(pos + 4, argument >>> 0);
    pos += 8;
  }
}

/** A number as our encoders write it: a safe integer (not -0) as major 0/1, anything else as float64. */
function number(value: number): void {
  if (Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0)) {
    if (value >= 0) head(0, value);
    else head(1, -1 - value);
    return;
  }
  ensure(9);
  buffer[pos++] = 0xfb;
  view.setFloat64(pos, value);
  pos += 8;
}

function integer(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(`${name} must be an integer`);
  number(value);
}

function finite(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${name} must be a finite number`);
  number(value);
}

function string(value: unknown, name: string): void {
  if (typeof value !== 'string') fail(`${name} must be a string`);
  writeText(value);
}

/** Major 3 with the shortest head; UTF-8 written once, moved right when the head guessed from the UTF-16 length was short. */
function writeText(value: string): void {
  const length = value.length;
  ensure(length * 3 + 9);
  const guess = length < 24 ? 1 : length < 0x100 ? 2 : length < 0x1_0000 ? 3 : 5;
  const begin = pos + guess;
  let end: number;
  if (length > PLATFORM_TEXT) {
    end = begin + utf8Write.call(buffer, value, begin, length * 3);
    // Node writes U+FFFD for a lone surrogate: only text longer in UTF-8 than in UTF-16 can hold one.
    if (end - begin !== length && !(value as unknown as { isWellFormed(): boolean }).isWellFormed()) fail('text has a lone surrogate');
  } else {
    end = utf8Loop(value, begin);
  }
  const size = end - begin;
  const actual = size < 24 ? 1 : size < 0x100 ? 2 : size < 0x1_0000 ? 3 : 5;
  if (actual !== guess) buffer.copyWithin(pos + actual, begin, end);
  head(3, size);
  pos += size;
}

/** UTF-8 of `value` at `at` (RFC 3629); returns the end. A lone surrogate has no UTF-8 form: refused. */
function utf8Loop(value: string, at: number): number {
  const length = value.length;
  for (let index = 0; index < length; index++) {
    let code = value.charCodeAt(index);
    if (code < 0x80) {
      buffer[at++] = code;
    } else if (code < 0x800) {
      buffer[at++] = 0xc0 | (code >> 6);
      buffer[at++] = 0x80 | (code & 0x3f);
    } else if ((code & 0xf800) === 0xd800) {
      const low = index + 1 < length ? value.charCodeAt(index + 1) : 0;
      if (code > 0xdbff || (low & 0xfc00) !== 0xdc00) fail('text has a lone surrogate');
      index++;
      code = 0x10000 + ((code & 0x3ff) << 10) + (low & 0x3ff);
      buffer[at++] = 0xf0 | (code >> 18);
      buffer[at++] = 0x80 | ((code >> 12) & 0x3f);
      buffer[at++] = 0x80 | ((code >> 6) & 0x3f);
      buffer[at++] = 0x80 | (code & 0x3f);
    } else {
      buffer[at++] = 0xe0 | (code >> 12);
      buffer[at++] = 0x80 | ((code >> 6) & 0x3f);
      buffer[at++] = 0x80 | (code & 0x3f);
    }
  }
  return at;
}

/** A JSON object: plain or null-prototype (the same test as our runtime's `isPlainObject`). */
function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if ((value as { constructor?: unknown }).constructor === Object) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * With every declared property read and present, no other may be there (additionalProperties:
 * false): the object has exactly `declared` own enumerable keys.
 */
function exactKeys(value: Record<string, unknown>, declared: number, name: string): void {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) count++;
  if (count !== declared) fail(`${name} has a property not allowed`);
}

function writeOperations(value: unknown): void {
  if (!Array.isArray(value)) fail('expected an array of operations');
  const length = value.length;
  head(4, length);
  for (let index = 0; index < length; index++) writeOperation(value[index]);
}

function writeOperation(value: unknown): void {
  if (!isObject(value)) fail('operation must be an object');
  const op = value.op;
  const path = value.path;
  switch (op) {
    case 'add':
    case 'replace':
    case 'test': {
      const inner = value.value;
      if (path === undefined || inner === undefined) fail('missing required property of a value operation');
      exactKeys(value, 3, 'value operation');
      raw(MAP3_OP);
      raw(OP_TEXT[op]);
      raw(KEY_PATH);
      string(path, 'path');
      raw(KEY_VALUE);
      writeValue(inner);
      return;
    }
    case 'move':
    case 'copy': {
      const from = value.from;
      if (path === undefined || from === undefined) fail('missing required property of a from operation');
      exactKeys(value, 3, 'from operation');
      raw(MAP3_OP);
      raw(OP_TEXT[op]);
      raw(KEY_PATH);
      string(path, 'path');
      raw(KEY_FROM);
      string(from, 'from');
      return;
    }
    case 'remove':
      if (path === undefined) fail('missing required property "path"');
      exactKeys(value, 2, 'remove operation');
      raw(MAP2_OP);
      raw(OP_TEXT.remove);
      raw(KEY_PATH);
      string(path, 'path');
      return;
  }
  fail(op === undefined ? 'missing required property "op"' : 'no operation has this op');
}

/** `value`: oneOf integer, string, document (disjoint types, so the first that fits). */
function writeValue(value: unknown): void {
  if (typeof value === 'number') integer(value, 'value');
  else if (typeof value === 'string') writeText(value);
  else if (isObject(value)) writeDocument(value);
  else fail('value must be an integer, a string or a document');
}

function writeDocument(value: Record<string, unknown>): void {
  const name = value.name;
  const json = value.json;
  if (name === undefined || json === undefined) fail('missing required property of a document');
  exactKeys(value, 2, 'document');
  raw(MAP2_NAME);
  string(name, 'name');
  raw(KEY_JSON);
  writeDocumentJson(json);
}

function writeDocumentJson(value: unknown): void {
  if (!isObject(value)) fail('json must be an object');
  const { id, author, lastSeen, tags, pins, marks, hasRetweets, approved, mediumString, longString } = value;
  const thumbs = value['👍'];
  if (id === undefined || author === undefined || lastSeen === undefined || tags === undefined || pins === undefined || marks === undefined
    || hasRetweets === undefined || approved === undefined || mediumString === undefined || longString === undefined || thumbs === undefined) {
    fail('missing required property of json');
  }
  exactKeys(value, 11, 'json');
  raw(MAP11_ID);
  string(id, 'id');
  raw(KEY_AUTHOR);
  writeAuthor(author);
  raw(KEY_LAST_SEEN);
  integer(lastSeen, 'lastSeen');
  raw(KEY_TAGS);
  writeTags(tags);
  raw(KEY_PINS);
  writePins(pins);
  raw(KEY_MARKS);
  writeMarks(marks);
  raw(KEY_HAS_RETWEETS);
  boolean(hasRetweets, 'hasRetweets');
  raw(KEY_APPROVED);
  boolean(approved, 'approved');
  raw(KEY_MEDIUM_STRING);
  string(mediumString, 'mediumString');
  raw(KEY_LONG_STRING);
  string(longString, 'longString');
  raw(KEY_THUMBS);
  integer(thumbs, '👍');
}

function boolean(value: unknown, name: string): void {
  if (typeof value !== 'boolean') fail(`${name} must be a boolean`);
  ensure(1);
  buffer[pos++] = value ? 0xf5 : 0xf4;
}

function writeAuthor(value: unknown): void {
  if (!isObject(value)) fail('author must be an object');
  const name = value.name;
  const handle = value.handle;
  if (name === undefined || handle === undefined) fail('missing required property of author');
  exactKeys(value, 2, 'author');
  raw(MAP2_NAME);
  string(name, 'name');
  raw(KEY_HANDLE);
  string(handle, 'handle');
}

function writeTags(value: unknown): void {
  if (!Array.isArray(value)) fail('tags must be an array');
  const length = value.length;
  head(4, length);
  for (let index = 0; index < length; index++) {
    const item = value[index];
    if (typeof item === 'string') {
      writeText(item);
    } else if (item === null) {
      ensure(1);
      buffer[pos++] = 0xf6;
    } else {
      fail('a tag must be a string or null');
    }
  }
}

function writePins(value: unknown): void {
  if (!Array.isArray(value)) fail('pins must be an array');
  const length = value.length;
  head(4, length);
  for (let index = 0; index < length; index++) {
    const item = value[index];
    if (!isObject(item)) fail('a pin must be an object');
    const id = item.id;
    if (id === undefined) fail('missing required property "id" of a pin');
    exactKeys(item, 1, 'pin');
    raw(MAP1_ID);
    integer(id, 'id');
  }
}

function writeMarks(value: unknown): void {
  if (!Array.isArray(value)) fail('marks must be an array');
  const length = value.length;
  head(4, length);
  for (let index = 0; index < length; index++) {
    const item = value[index];
    if (!isObject(item)) fail('a mark must be an object');
    const { x, y, w, h } = item;
    if (x === undefined || y === undefined || w === undefined || h === undefined) fail('missing required property of a mark');
    exactKeys(item, 4, 'mark');
    raw(MAP4_X);
    finite(x, 'x');
    raw(KEY_Y);
    finite(y, 'y');
    raw(KEY_W);
    finite(w, 'w');
    raw(KEY_H);
    finite(h, 'h');
  }
}
