// The key tables of generated readers find a declared key met out of order, with tables of any
// size (an enum of many strings is a table too).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Reader } from '../src/reader.js';
import { encode as encodeCbor } from '../src/cbor/index.js';
import { encode as encodeMsgpack } from '../src/msgpack/index.js';
import { encode as encodeUbjson } from '../src/ubjson/index.js';
import { keyTable as cborTable, matchKey as cborMatch } from '../src/cbor/key-table.js';
import { keyTable as msgpackTable, matchKey as msgpackMatch } from '../src/msgpack/key-table.js';
import { keyTable as ubjsonTable, matchKey as ubjsonMatch } from '../src/ubjson/key-table.js';

const test = suite('key tables');

// More names than a spread call may pass as arguments.
const NAMES = Array.from({ length: 300_000 }, (_, index) => `k${index}`);
const LAST = NAMES.length - 1;

test('CBOR: the last of 300,000 keys, expected first', () => {
  const bytes = encodeCbor(NAMES[LAST]);
  const reader = new Reader('cbor', bytes);
  assert.is(cborMatch(reader, cborTable(NAMES), 0), LAST);
  assert.is(reader.pos, bytes.length);
});

test('MessagePack: the last of 300,000 keys, expected first', () => {
  const bytes = encodeMsgpack(NAMES[LAST]);
  const reader = new Reader('msgpack', bytes);
  assert.is(msgpackMatch(reader, msgpackTable(NAMES), 0), LAST);
  assert.is(reader.pos, bytes.length);
});

test('UBJSON: the last of 300,000 keys, expected first (after the string marker)', () => {
  const bytes = encodeUbjson(NAMES[LAST]);
  assert.is(bytes[0], 0x53); // S
  const reader = new Reader('ubjson', bytes);
  reader.pos = 1;
  assert.is(ubjsonMatch(reader, ubjsonTable(NAMES), 0), LAST);
  assert.is(reader.pos, bytes.length);
});

test('an undeclared key of a declared key\'s first byte or length: -1, nothing consumed', () => {
  const names = ['alpha', 'beta'];
  for (const [format, bytes, match] of [
    ['cbor', encodeCbor('alphx'), (reader: Reader) => cborMatch(reader, cborTable(names), 1)],
    ['msgpack', encodeMsgpack('alphx'), (reader: Reader) => msgpackMatch(reader, msgpackTable(names), 1)],
  ] as const) {
    const reader = new Reader(format, bytes);
    assert.is(match(reader), -1, format);
    assert.is(reader.pos, 0, format);
  }
  const reader = new Reader('ubjson', encodeUbjson('alphx'));
  reader.pos = 1;
  assert.is(ubjsonMatch(reader, ubjsonTable(names), 1), -1, 'ubjson');
  assert.is(reader.pos, 1, 'ubjson');
});

test.run();
