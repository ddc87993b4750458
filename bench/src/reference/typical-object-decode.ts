/**
 * A hand-written CBOR decoder for typical-object (issue 24, the "Limit" bar): the input and the
 * position in module variables, keys compared in place with their pre-encoded bytes, one reader
 * per object of the schema, no runtime. It accepts what our generated decoder accepts (any valid
 * CBOR encoding of a valid value: keys in any order, any head width, indefinite lengths, a leading
 * self-described tag; a repeated key's last value wins) and refuses the rest with an error, never
 * returning part of a value.
 */
import { HandWrittenCodecError, type Author, type Document, type DocumentJson, type Operation } from './typical-object-types.js';

let input: Uint8Array = new Uint8Array(0);
let pos = 0;
let end = 0;

type Utf8Slice = (this: Uint8Array, start: number, end: number) => string;
const utf8Slice = (Buffer.prototype as unknown as { utf8Slice: Utf8Slice }).utf8Slice;
const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const fromCharCode = String.fromCharCode;

const encoder = new TextEncoder();
/** A key or enum text as encoders write it: head (0x60 | length, RFC 8949 §3.1) and UTF-8. */
const text = (value: string) => { const utf8 = encoder.encode(value); return Uint8Array.from([0x60 | utf8.length, ...utf8]); };
const keysOf = (names: readonly string[]) => names.map(text);

const OPERATION_NAMES = ['op', 'path', 'value', 'from'] as const;
const OPERATION_KEYS = keysOf(OPERATION_NAMES);
const DOCUMENT_NAMES = ['name', 'json'] as const;
const DOCUMENT_KEYS = keysOf(DOCUMENT_NAMES);
const AUTHOR_NAMES = ['name', 'handle'] as const;
const AUTHOR_KEYS = keysOf(AUTHOR_NAMES);
const JSON_NAMES = ['id', 'author', 'lastSeen', 'tags', 'pins', 'marks', 'hasRetweets', 'approved', 'mediumString', 'longString', '👍'] as const;
const JSON_KEYS = keysOf(JSON_NAMES);
const PIN_NAMES = ['id'] as const;
const PIN_KEYS = keysOf(PIN_NAMES);
const MARK_NAMES = ['x', 'y', 'w', 'h'] as const;
const MARK_KEYS = keysOf(MARK_NAMES);
const OP_NAMES = ['add', 'replace', 'test', 'move', 'copy', 'remove'] as const;
const OP_TEXTS = keysOf(OP_NAMES);

export function decode(bytes: Uint8Array): Operation[] {
  if (!(bytes instanceof Uint8Array)) throw new HandWrittenCodecError('unexpected-type', 'cbor decode: expected a Uint8Array', 0);
  input = bytes;
  end = bytes.length;
  // RFC 8949 §3.4.6: a leading self-described CBOR tag means nothing.
  pos = end >= 3 && bytes[0] === 0xd9 && bytes[1] === 0xd9 && bytes[2] === 0xf7 ? 3 : 0;
  const value = readOperations();
  if (pos !== end) fail('trailing-bytes', `${end - pos} bytes after the item`, pos);
  return value;
}

function fail(code: string, what: string, offset: number): never {
  throw new HandWrittenCodecError(code, `cbor decode: ${what} at offset ${offset}`, offset);
}

function failEnd(): never {
  return fail('unexpected-end', 'unexpected end of input', end);
}

function expected(what: string, offset: number): never {
  return fail('unexpected-type', `expected ${what}, got 0x${input[offset].toString(16).padStart(2, '0')}`, offset);
}

/** The argument after an initial byte with additional information `info` ≥ 24 (consumed); -1 for 31 (indefinite). */
function argument(info: number, at: number): number {
  switch (info) {
    case 24:
      if (pos + 1 > end) failEnd();
      return input[pos++];
    case 25:
      if (pos + 2 > end) failEnd();
      pos += 2;
      return (input[pos - 2] << 8) | input[pos - 1];
    case 26:
      if (pos + 4 > end) failEnd();
      pos += 4;
      return input[pos - 4] * 0x100_0000 + ((input[pos - 3] << 16) | (input[pos - 2] << 8) | input[pos - 1]);
    case 27: {
      if (pos + 8 > end) failEnd();
      const high = input[pos] * 0x100_0000 + ((input[pos + 1] << 16) | (input[pos + 2] << 8) | input[pos + 3]);
      const low = input[pos + 4] * 0x100_0000 + ((input[pos + 5] << 16) | (input[pos + 6] << 8) | input[pos + 7]);
      pos += 8;
      return high * 0x1_0000_0000 + low;
    }
    case 31:
      return -1;
  }
  return fail('not-well-formed', `reserved additional information ${info}`, at);
}

/** An array (major 4) or map (major 5) head: the count, or -1 for indefinite length. */
function containerHead(major: number, what: string): number {
  if (pos >= end) failEnd();
  const at = pos;
  const initial = input[pos++];
  if (initial >> 5 !== major) expected(what, at);
  const info = initial & 0x1f;
  const count = info < 24 ? info : argument(info, at);
  // Every item takes a byte at least, a map entry two: a larger count cannot be in the input.
  if (count > (end - pos) / (major === 4 ? 1 : 2)) fail('length-limit', `declared ${count} items, more than the bytes left`, at);
  return count;
}

/** In an indefinite-length container: consumes the break (0xff) and returns true at the end. */
function atBreak(): boolean {
  if (pos >= end) failEnd();
  if (input[pos] !== 0xff) return false;
  pos++;
  return true;
}

/** Whether `run` (a pre-encoded key) is next; consumed when it is. */
function at(run: Uint8Array): boolean {
  const length = run.length;
  if (pos + length > end) return false;
  for (let index = 0; index < length; index++) if (input[pos + index] !== run[index]) return false;
  pos += length;
  return true;
}

/**
 * At a map key: its index in `names`, consumed, or -1 (a key the object does not declare). The key
 * expected at this entry first, the other declared keys in place next, and only a key in another
 * form (a wider head, indefinite length) or an undeclared one is decoded.
 */
function field(keys: readonly Uint8Array[], names: readonly string[], hint: number): number {
  if (hint < keys.length && at(keys[hint])) return hint;
  for (let index = 0; index < keys.length; index++) if (index !== hint && at(keys[index])) return index;
  if (pos >= end) failEnd();
  if (input[pos] >> 5 !== 3) expected('text key', pos);
  return names.indexOf(readText());
}

function readText(): string {
  if (pos >= end) failEnd();
  const initial = input[pos];
  if (initial >= 0x60 && initial < 0x78) {
    pos++;
    return utf8(initial - 0x60);
  }
  if (initial >> 5 !== 3) expected('text', pos);
  const start = pos++;
  const length = argument(initial & 0x1f, start);
  return length >= 0 ? utf8(length) : indefiniteText();
}

/** RFC 8949 §3.2.3: definite-length text chunks up to a break, each valid UTF-8 on its own. */
function indefiniteText(): string {
  let out = '';
  while (!atBreak()) {
    const start = pos;
    const initial = input[pos++];
    if (initial >> 5 !== 3 || (initial & 0x1f) === 31) fail('not-well-formed', 'an indefinite-length text holds a chunk that is not definite text', start);
    out += utf8(initial < 0x78 ? initial - 0x60 : argument(initial & 0x1f, start));
  }
  return out;
}

/** `length` bytes of strict UTF-8 (RFC 3629). */
function utf8(length: number): string {
  if (length > end - pos) failEnd();
  const start = pos;
  pos += length;
  if (length <= 16) {
    const ascii = shortAscii(start, length);
    if (ascii !== undefined) return ascii;
  }
  // Node writes U+FFFD for invalid UTF-8: text without one was valid; with one, the fatal decoder decides.
  const decoded = utf8Slice.call(input, start, pos);
  if (decoded.indexOf('\ufffd') === -1) return decoded;
  try {
    return fatalDecoder.decode(input.subarray(start, pos));
  } catch {
    return fail('invalid-utf8', 'invalid UTF-8 in text', start);
  }
}

/** Up to 16 ASCII bytes through one `fromCharCode` call (as cbor-x); undefined when one is not ASCII. */
function shortAscii(p: number, length: number): string | undefined {
  const s = input;
  let bits = 0;
  for (let index = 0; index < length; index++) bits |= s[p + index];
  if (bits >= 0x80) return undefined;
  switch (length) {
    case 0: return '';
    case 1: return fromCharCode(s[p]);
    case 2: return fromCharCode(s[p], s[p + 1]);
    case 3: return fromCharCode(s[p], s[p + 1], s[p + 2]);
    case 4: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3]);
    case 5: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4]);
    case 6: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5]);
    case 7: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6]);
    case 8: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7]);
    case 9: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8]);
    case 10: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9]);
    case 11: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10]);
    case 12: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11]);
    case 13: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12]);
    case 14: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13]);
    case 15: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14]);
    default: return fromCharCode(s[p], s[p + 1], s[p + 2], s[p + 3], s[p + 4], s[p + 5], s[p + 6], s[p + 7], s[p + 8], s[p + 9], s[p + 10], s[p + 11], s[p + 12], s[p + 13], s[p + 14], s[p + 15]);
  }
}

// Floats through one 8-byte scratch (the wire is big-endian; the host's typed arrays may not be).
const scratch = new Float64Array(1);
const scratch32 = new Float32Array(scratch.buffer, 0, 1);
const scratchBytes = new Uint8Array(scratch.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function float(size: 4 | 8): number {
  if (pos + size > end) failEnd();
  for (let index = 0; index < size; index++) scratchBytes[LITTLE_ENDIAN ? size - 1 - index : index] = input[pos + index];
  pos += size;
  return size === 8 ? scratch[0] : scratch32[0];
}

/** RFC 8949 Appendix D: the value of half-precision bits. */
function float16(): number {
  if (pos + 2 > end) failEnd();
  const bits = (input[pos] << 8) | input[pos + 1];
  pos += 2;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  const value = exponent === 0 ? mantissa * 2 ** -24 : exponent !== 31 ? (mantissa + 1024) * 2 ** (exponent - 25) : mantissa === 0 ? Infinity : NaN;
  return bits & 0x8000 ? -value : value;
}

/** A number: an integer of any head width (exact as a double, else refused) or an f16/f32/f64. */
function readNumber(): number {
  if (pos >= end) failEnd();
  const start = pos;
  const initial = input[pos++];
  if (initial < 0x18) return initial;
  if (initial >= 0x20 && initial < 0x38) return 0x1f - initial;
  if (initial < 0x40) {
    const info = initial & 0x1f;
    if (info === 31) fail('not-well-formed', 'indefinite length on an integer', start);
    if (info === 27) return wideInteger(initial >= 0x20, start);
    const magnitude = argument(info, start);
    return initial >= 0x20 ? -1 - magnitude : magnitude;
  }
  if (initial === 0xf9) return float16();
  if (initial === 0xfa) return float(4);
  if (initial === 0xfb) return float(8);
  return expected('number', start);
}

/** An 8-byte integer argument: the number when a double holds it exactly, else refused. */
function wideInteger(negative: boolean, start: number): number {
  if (pos + 8 > end) failEnd();
  const high = input[pos] * 0x100_0000 + ((input[pos + 1] << 16) | (input[pos + 2] << 8) | input[pos + 3]);
  const low = input[pos + 4] * 0x100_0000 + ((input[pos + 5] << 16) | (input[pos + 6] << 8) | input[pos + 7]);
  pos += 8;
  if (high < 0x20_0000) return negative ? -1 - (high * 0x1_0000_0000 + low) : high * 0x1_0000_0000 + low;
  const magnitude = (BigInt(high) << 32n) | BigInt(low);
  const exact = negative ? -1n - magnitude : magnitude;
  const value = Number(exact);
  if (BigInt(value) !== exact) fail('unsupported-value', `integer ${exact} is not exactly representable as a number`, start);
  return value;
}

function readInteger(): number {
  const start = pos;
  const value = readNumber();
  if (!Number.isInteger(value)) fail('unexpected-type', 'expected integer', start);
  return value;
}

function readFinite(): number {
  const start = pos;
  const value = readNumber();
  if (!Number.isFinite(value)) fail('unexpected-type', 'expected a finite number', start);
  return value;
}

function readBoolean(): boolean {
  if (pos >= end) failEnd();
  const initial = input[pos];
  if (initial !== 0xf4 && initial !== 0xf5) expected('boolean', pos);
  pos++;
  return initial === 0xf5;
}

function readOperations(): Operation[] {
  const count = containerHead(4, 'array');
  if (count < 0) {
    const items: Operation[] = [];
    while (!atBreak()) items.push(readOperation());
    return items;
  }
  const items: Operation[] = new Array(count);
  for (let index = 0; index < count; index++) items[index] = readOperation();
  return items;
}

/** An enum text of `op`: the known ones compared in place (picked by head and first letter), any other text decoded (and refused by the caller). */
function readOp(): string {
  if (pos + 1 < end) {
    switch ((input[pos] << 8) | input[pos + 1]) {
      case 0x6361: if (at(OP_TEXTS[0])) return 'add'; break;
      case 0x6772: if (at(OP_TEXTS[1])) return 'replace'; break;
      case 0x6474: if (at(OP_TEXTS[2])) return 'test'; break;
      case 0x646d: if (at(OP_TEXTS[3])) return 'move'; break;
      case 0x6463: if (at(OP_TEXTS[4])) return 'copy'; break;
      case 0x6672: if (at(OP_TEXTS[5])) return 'remove'; break;
    }
  }
  return readText();
}

/**
 * oneOf value, from and remove operations, told apart by `op` (their enums are disjoint). One pass
 * over the union of their keys; the first `op` picks the variant (as our decoder's discriminator
 * scan), a later one must be in that variant's enum and wins, and keys of another variant are refused.
 */
function readOperation(): Operation {
  const start = pos;
  const count = containerHead(5, 'map');
  let variant: string | undefined;
  let op: string | undefined;
  let path: string | undefined;
  let value: number | string | Document | undefined;
  let from: string | undefined;
  for (let entry = 0; count < 0 ? !atBreak() : entry < count; entry++) {
    const key = pos;
    switch (field(OPERATION_KEYS, OPERATION_NAMES, entry)) {
      case 0:
        op = readOp();
        variant ??= op;
        break;
      case 1:
        path = readText();
        break;
      case 2:
        value = readValue();
        break;
      case 3:
        from = readText();
        break;
      default:
        fail('schema-violation', 'property not allowed', key);
    }
  }
  switch (variant) {
    case 'add':
    case 'replace':
    case 'test':
      if (op !== 'add' && op !== 'replace' && op !== 'test') return fail('schema-violation', 'op must be add, replace or test', start);
      if (from !== undefined) return fail('schema-violation', 'property not allowed: from', start);
      if (path === undefined || value === undefined) return fail('schema-violation', 'missing required property', start);
      return { op, path, value };
    case 'move':
    case 'copy':
      if (op !== 'move' && op !== 'copy') return fail('schema-violation', 'op must be move or copy', start);
      if (value !== undefined) return fail('schema-violation', 'property not allowed: value', start);
      if (path === undefined || from === undefined) return fail('schema-violation', 'missing required property', start);
      return { op, path, from };
    case 'remove':
      if (op !== 'remove') return fail('schema-violation', 'op must equal remove', start);
      if (value !== undefined || from !== undefined) return fail('schema-violation', 'property not allowed', start);
      if (path === undefined) return fail('schema-violation', 'missing required property "path"', start);
      return { op, path };
  }
  return fail('schema-violation', variant === undefined ? 'missing required property "op"' : 'no variant for this op', start);
}

/** oneOf integer, string, document: told apart by the major type. */
function readValue(): number | string | Document {
  if (pos >= end) failEnd();
  const initial = input[pos];
  if (initial < 0x40 || (initial >= 0xf9 && initial <= 0xfb)) return readInteger();
  if (initial >> 5 === 3) return readText();
  if (initial >> 5 === 5) return readDocument();
  return expected('integer or object or string', pos);
}

function readDocument(): Document {
  const start = pos;
  const count = containerHead(5, 'map');
  let name: string | undefined;
  let json: DocumentJson | undefined;
  for (let entry = 0; count < 0 ? !atBreak() : entry < count; entry++) {
    const key = pos;
    switch (field(DOCUMENT_KEYS, DOCUMENT_NAMES, entry)) {
      case 0:
        name = readText();
        break;
      case 1:
        json = readDocumentJson();
        break;
      default:
        fail('schema-violation', 'property not allowed', key);
    }
  }
  if (name === undefined || json === undefined) return fail('schema-violation', 'missing required property of a document', start);
  return { name, json };
}

function readAuthor(): Author {
  const start = pos;
  const count = containerHead(5, 'map');
  let name: string | undefined;
  let handle: string | undefined;
  for (let entry = 0; count < 0 ? !atBreak() : entry < count; entry++) {
    const key = pos;
    switch (field(AUTHOR_KEYS, AUTHOR_NAMES, entry)) {
      case 0:
        name = readText();
        break;
      case 1:
        handle = readText();
        break;
      default:
        fail('schema-violation', 'property not allowed', key);
    }
  }
  if (name === undefined || handle === undefined) return fail('schema-violation', 'missing required property of author', start);
  return { name, handle };
}

function readDocumentJson(): DocumentJson {
  const start = pos;
  const count = containerHead(5, 'map');
  let id, author, lastSeen, tags, pins, marks, hasRetweets, approved, mediumString, longString, thumbs;
  for (let entry = 0; count < 0 ? !atBreak() : entry < count; entry++) {
    const key = pos;
    switch (field(JSON_KEYS, JSON_NAMES, entry)) {
      case 0: id = readText(); break;
      case 1: author = readAuthor(); break;
      case 2: lastSeen = readInteger(); break;
      case 3: tags = readTags(); break;
      case 4: pins = readPins(); break;
      case 5: marks = readMarks(); break;
      case 6: hasRetweets = readBoolean(); break;
      case 7: approved = readBoolean(); break;
      case 8: mediumString = readText(); break;
      case 9: longString = readText(); break;
      case 10: thumbs = readInteger(); break;
      default: fail('schema-violation', 'property not allowed', key);
    }
  }
  if (id === undefined || author === undefined || lastSeen === undefined || tags === undefined || pins === undefined || marks === undefined
    || hasRetweets === undefined || approved === undefined || mediumString === undefined || longString === undefined || thumbs === undefined) {
    return fail('schema-violation', 'missing required property of json', start);
  }
  return { id, author, lastSeen, tags, pins, marks, hasRetweets, approved, mediumString, longString, '👍': thumbs };
}

function readTag(): string | null {
  if (pos >= end) failEnd();
  if (input[pos] === 0xf6) {
    pos++;
    return null;
  }
  if (input[pos] >> 5 !== 3) expected('null or string', pos);
  return readText();
}

function readTags(): (string | null)[] {
  const count = containerHead(4, 'array');
  if (count < 0) {
    const items: (string | null)[] = [];
    while (!atBreak()) items.push(readTag());
    return items;
  }
  const items: (string | null)[] = new Array(count);
  for (let index = 0; index < count; index++) items[index] = readTag();
  return items;
}

function readPin(): { id: number } {
  const start = pos;
  const count = containerHead(5, 'map');
  let id: number | undefined;
  for (let entry = 0; count < 0 ? !atBreak() : entry < count; entry++) {
    const key = pos;
    if (field(PIN_KEYS, PIN_NAMES, entry) !== 0) fail('schema-violation', 'property not allowed', key);
    id = readInteger();
  }
  if (id === undefined) return fail('schema-violation', 'missing required property "id"', start);
  return { id };
}

function readPins(): { id: number }[] {
  const count = containerHead(4, 'array');
  if (count < 0) {
    const items: { id: number }[] = [];
    while (!atBreak()) items.push(readPin());
    return items;
  }
  const items: { id: number }[] = new Array(count);
  for (let index = 0; index < count; index++) items[index] = readPin();
  return items;
}

function readMark(): DocumentJson['marks'][number] {
  const start = pos;
  const count = containerHead(5, 'map');
  let x: number | undefined;
  let y: number | undefined;
  let w: number | undefined;
  let h: number | undefined;
  for (let entry = 0; count < 0 ? !atBreak() : entry < count; entry++) {
    const key = pos;
    switch (field(MARK_KEYS, MARK_NAMES, entry)) {
      case 0: x = readFinite(); break;
      case 1: y = readFinite(); break;
      case 2: w = readFinite(); break;
      case 3: h = readFinite(); break;
      default: fail('schema-violation', 'property not allowed', key);
    }
  }
  if (x === undefined || y === undefined || w === undefined || h === undefined) return fail('schema-violation', 'missing required property of a mark', start);
  return { x, y, w, h };
}

function readMarks(): DocumentJson['marks'] {
  const count = containerHead(4, 'array');
  if (count < 0) {
    const items: DocumentJson['marks'] = [];
    while (!atBreak()) items.push(readMark());
    return items;
  }
  const items: DocumentJson['marks'] = new Array(count);
  for (let index = 0; index < count; index++) items[index] = readMark();
  return items;
}
