// readScalar (cbor/skip.ts, msgpack/skip.ts, ubjson/skip.ts): what generated decoders read a
// discriminator's value with (and skip UBJSON entries with, and the CBOR skipper reads tags 0..3's
// content with) instead of the generic decoder (issue 39: so a decode-only bundle carries none). On
// scalars it must give the generic decoder's value, on any other item the generic decoder's error
// or NOT_SCALAR, and on every input the same error code and offset and the same end position. Hex
// tables (RFC 8949 §3, the MessagePack spec's formats, UBJSON Draft 12 markers), then every cut and
// one-byte mutation of encoded values.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode as encodeCbor, readAny as readAnyCbor, Tag } from '../src/cbor/index.js';
import { NOT_SCALAR as CBOR_NOT_SCALAR, readScalar as readCborScalar } from '../src/cbor/skip.js';
import { encode as encodeMsgpack, readAny as readAnyMsgpack } from '../src/msgpack/index.js';
import { NOT_SCALAR as MSGPACK_NOT_SCALAR, readScalar as readMsgpackScalar } from '../src/msgpack/skip.js';
import { DEFAULT_MAX_COUNT, encode as encodeUbjson } from '../src/ubjson/index.js';
import { BUDGET, readAnyValue } from '../src/ubjson/generated-support.js';
import { NOT_SCALAR as UBJSON_NOT_SCALAR, readScalar as readUbjsonScalar } from '../src/ubjson/skip.js';
import { DEFAULT_MAX_DEPTH } from '../src/limits.js';
import { Reader } from '../src/reader.js';
import { fromHex, seededRandom, toHex } from './cbor-fixtures.js';
import { jsonValues } from './json-values.js';

type Format = 'cbor' | 'msgpack' | 'ubjson';
type Outcome = { value: unknown; end: number } | { code: string; offset: number };

/** Runs `read` on `bytes` from offset 0: its value and end position, or its error's code and offset. */
function outcome(format: Format, bytes: Uint8Array, read: (reader: Reader, depth: number) => unknown): Outcome {
  const reader = new Reader(format, bytes);
  try {
    return { value: read(reader, DEFAULT_MAX_DEPTH), end: reader.pos };
  } catch (error) {
    const { code, offset } = error as { code?: string; offset?: number };
    if (code === undefined) throw error;
    return { code, offset: offset! };
  }
}

/**
 * Whether the generic decoder's value is one readScalar must give as it is: JSON scalars and
 * integers beyond 2^53 - 1 (bigints), and in CBOR undefined and bytes; not what a tag gave (a
 * bignum's bigint, a Date), which readScalar only checks.
 */
function isScalar(format: Format, value: unknown, bytes: Uint8Array): boolean {
  if (typeof value === 'bigint') return !(format === 'cbor' && isTagged(bytes));
  if (value === null || ['boolean', 'number', 'string'].includes(typeof value)) return true;
  return format === 'cbor' && (value === undefined || value instanceof Uint8Array);
}

/** Whether a CBOR item is a tag other than 55799 (self-described, RFC 8949 §3.4.6), which is transparent. */
function isTagged(bytes: Uint8Array): boolean {
  let at = 0;
  while (bytes[at] === 0xd9 && bytes[at + 1] === 0xd9 && bytes[at + 2] === 0xf7) at += 3;
  return bytes[at] >> 5 === 6;
}

/** readScalar's outcome is the generic decoder's, NOT_SCALAR standing for a value that is not a scalar. */
function agrees(format: Format, bytes: Uint8Array): void {
  const [readAny, readScalar, notScalar] = READERS[format];
  const generic = outcome(format, bytes, readAny);
  const scalar = outcome(format, bytes, readScalar);
  const hex = toHex(bytes);
  if ('code' in generic) {
    assert.equal(scalar, generic, `${format} ${hex}: the generic decoder's error`);
    return;
  }
  assert.ok('value' in scalar, `${format} ${hex}: no error where the generic decoder has none (${'code' in scalar ? scalar.code : ''})`);
  assert.is(scalar.end, generic.end, `${format} ${hex}: the same end`);
  const expected = isScalar(format, generic.value, bytes) ? generic.value : notScalar;
  // NaN compares by Object.is.
  if (expected instanceof Uint8Array) assert.equal(scalar.value, expected, `${format} ${hex}`);
  else assert.ok(Object.is(scalar.value, expected), `${format} ${hex}: ${String(scalar.value)} for ${String(expected)}`);
}

/** UBJSON: the marker first (consumed), the payload from the next byte, the decode's budget fresh each time. */
function afterMarker(read: (reader: Reader, marker: number, depth: number) => unknown) {
  return (reader: Reader, depth: number): unknown => {
    if (reader.pos >= reader.end) reader.failEnd(1);
    BUDGET.left = DEFAULT_MAX_COUNT;
    return read(reader, reader.uint8[reader.pos++], depth);
  };
}

/** Per format: the generic decoder, readScalar, and its NOT_SCALAR. */
const READERS: Record<Format, [(reader: Reader, depth: number) => unknown, (reader: Reader, depth: number) => unknown, symbol]> = {
  cbor: [(reader, depth) => readAnyCbor(reader, depth), readCborScalar, CBOR_NOT_SCALAR],
  msgpack: [(reader, depth) => readAnyMsgpack(reader, depth), readMsgpackScalar, MSGPACK_NOT_SCALAR],
  ubjson: [afterMarker(readAnyValue), afterMarker(readUbjsonScalar), UBJSON_NOT_SCALAR],
};

const CBOR_ITEMS = [
  // Integers in every head width, shortest or not, to 2^64 - 1 and -2^64.
  '00', '17', '1818', '190100', '1a00010000', '1b0000000000000005', '1b001fffffffffffff', '1b0020000000000000', '1bffffffffffffffff',
  '20', '3818', '3b001ffffffffffffe', '3b001fffffffffffff', '3bffffffffffffffff',
  // Floats, simple values and their errors.
  'f90000', 'f97e00', 'f93c00', 'fa47c35000', 'fb3ff199999999999a', 'f4', 'f5', 'f6', 'f7', 'f0', 'f820', 'f81f', 'fc', 'ff',
  // Text and bytes, definite and indefinite, valid and not.
  '60', '6161', '62c3a9', '62c328', '7f616161ff', '7f6161', '7f4161ff', '40', '4401020304', '5f4101ff',
  // Containers, tags and their checks: 55799 is transparent, 0..3 interpreted, others skipped.
  '80', '83010203', 'a16161f5', '9f01ff', 'bf6161f5ff', 'd9d9f76161', 'd9d9f701', 'c074323031332d30332d32315432303a30343a30305a', 'c06161', 'c11a514b67b0',
  'c1f5', 'c249010000000000000000', 'c201', 'c3420100', 'd82a4100', 'db00200000000000000001', 'c5820102', '1c', '5c', 'df', 'c0',
  // Cut short.
  '', '19', '1b00', 'fb3ff1', '62c3', '8301', 'a161',
];

const MSGPACK_ITEMS = [
  '00', '7f', 'e0', 'ff', 'cc80', 'cd0100', 'ce00010000', 'cf0000000000000005', 'cf0020000000000000', 'cfffffffffffffffff',
  'd080', 'd18000', 'd280000000', 'd3fffffffffffffffe', 'd38000000000000000', 'ca3f800000', 'cb3ff199999999999a',
  'c0', 'c2', 'c3', 'c1', 'a0', 'a161', 'a2c3a9', 'a2c328', 'd90161', 'da000161', 'db0000000161', 'c40101', 'c50001ff', 'c6000000020102',
  '90', '93010203', '81a161c3', 'dc000101', 'de0001a161c3', 'd6ff00000001', 'd6ff', 'd40105', 'c70101ff',
  '', 'cd01', 'cb3ff1', 'a261', 'd901', '9301', '81a161',
];

/** UBJSON as bytes: markers are ASCII (written as themselves), payload bytes as two hex digits after `~` each. */
const UBJSON_ITEMS = [
  'U~05', 'i~80', 'I~01~00', 'l~00~00~00~01', 'L~00~00~00~00~00~00~00~05', 'L~00~20~00~00~00~00~00~00', 'L~80~00~00~00~00~00~00~00',
  'd~3f~80~00~00', 'D~3f~f1~99~99~99~99~99~9a', 'SU~03abc', 'Si~03abc', 'SU~02~c3~28', 'SI~00~01a', 'Si~ff', 'Sx', 'Ca', 'C~80',
  'HU~041234', 'HU~031.5', 'HU~0212', 'HU~02x1', 'HU~1099999999999999999', 'Z', 'T', 'F', 'N', 'x', '[]', '[N]', '[U~01i~02]', '[$U#U~03~01~02~03',
  '[$Z#U~05', '[$Z#L~7f~ff~ff~ff~ff~ff~ff~ff', '[$Z#l~00~0f~42~41', '[#U~03[$Z#l~00~07~a1~20[$Z#l~00~07~a1~20[$T#U~01', '[#U~02[$Z#l~00~07~a1~20[$F#l~00~07~a1~20', '[$N#U~01', '[$i#U~02~01', '[$S#U~01U~01a', '[#U~02U~01NU~02', '[#U~05U~01', '{}', '{U~01aT}',
  '{NU~01aZ}', '{U~01~ffT}', '{#U~01U~01aZ}', '{$T#U~02U~01aU~01b', '{$Z#U~01U~01a', '{U~01a[', '[{[{', '[', '{U~01a', 'S', 'L~00',
  // Typed arrays of typed containers: each element's header must not replace the array's count.
  '[${#U~01$S#U~02U~01aU~01xU~01bU~01y', '[${#U~02$i#U~01U~01a~05$i#U~01U~01b~06', '[$[#U~01$i#U~02~01~02', '[$[#U~02$[#U~01$i#U~01~07$[#U~01$i#U~01~08',
];

/** A UBJSON table item's bytes. */
function ubjsonBytes(item: string): Uint8Array {
  const bytes: number[] = [];
  for (let index = 0; index < item.length; index++) {
    if (item[index] === '~') {
      bytes.push(parseInt(item.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(item.charCodeAt(index));
  }
  return Uint8Array.from(bytes);
}

const cbor = suite('cbor readScalar');

cbor('reads each table item as the generic decoder does, or skips it to NOT_SCALAR', () => {
  for (const hex of CBOR_ITEMS) agrees('cbor', fromHex(hex));
});

cbor('agrees on every cut and one-byte change of encoded values', () => {
  const random = seededRandom(39);
  const values = jsonValues(39);
  const items = [...CBOR_ITEMS.map(fromHex), ...Array.from({ length: 60 }, () => encodeCbor(values(3))), encodeCbor(new Tag(1, 1.5)), encodeCbor(-(2n ** 64n))];
  for (const bytes of items) {
    for (let length = 0; length < bytes.length; length++) agrees('cbor', bytes.subarray(0, length));
    for (let change = 0; change < 8 && bytes.length > 0; change++) {
      const changed = bytes.slice();
      changed[Math.floor(random() * changed.length)] = Math.floor(random() * 256);
      agrees('cbor', changed);
    }
  }
});

cbor.run();

const msgpack = suite('msgpack readScalar');

msgpack('reads each table item as the generic decoder does, or skips it to NOT_SCALAR', () => {
  for (const hex of MSGPACK_ITEMS) agrees('msgpack', fromHex(hex));
});

msgpack('agrees on every cut and one-byte change of encoded values', () => {
  const random = seededRandom(39);
  const values = jsonValues(39);
  const items = [...MSGPACK_ITEMS.map(fromHex), ...Array.from({ length: 60 }, () => encodeMsgpack(values(3)))];
  for (const bytes of items) {
    for (let length = 0; length < bytes.length; length++) agrees('msgpack', bytes.subarray(0, length));
    for (let change = 0; change < 8 && bytes.length > 0; change++) {
      const changed = bytes.slice();
      changed[Math.floor(random() * changed.length)] = Math.floor(random() * 256);
      agrees('msgpack', changed);
    }
  }
});

msgpack.run();

const ubjson = suite('ubjson readScalar');

ubjson('reads each table value as the generic decoder does, or skips it to NOT_SCALAR', () => {
  for (const item of UBJSON_ITEMS) agrees('ubjson', ubjsonBytes(item));
});

ubjson('agrees on every cut and one-byte change of encoded values', () => {
  const random = seededRandom(39);
  const values = jsonValues(39);
  const items = [...UBJSON_ITEMS.map(ubjsonBytes), ...Array.from({ length: 60 }, () => encodeUbjson(values(3)))];
  for (const bytes of items) {
    for (let length = 0; length < bytes.length; length++) agrees('ubjson', bytes.subarray(0, length));
    for (let change = 0; change < 8 && bytes.length > 0; change++) {
      const changed = bytes.slice();
      changed[Math.floor(random() * changed.length)] = Math.floor(random() * 256);
      agrees('ubjson', changed);
    }
  }
});

ubjson.run();
