// The head readers and writers generated MessagePack code will call (generated-support.ts, head.ts):
// the same bytes as the generic encoder, the same checks and offsets as the generic decoder.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  encode, readArrayHead, readMapHead, readStrHead, readString, readBytes, strKeyLength, readNumberItem, readBooleanItem, readNullItem,
  writeArrayHead, writeMapHead, writeStrHead, writeBinHead, writeExtHead,
} from '../src/msgpack/index.js';
import { Reader } from '../src/reader.js';
import { Writer } from '../src/writer.js';
import { toHex } from './cbor-fixtures.js';
import { bytesOf, failure } from './msgpack-fixtures.js';

const support = suite('msgpack helpers for generated code');

support('head writers write the generic encoder\'s heads at every size boundary', () => {
  for (const length of [0, 15, 16, 31, 32, 255, 256, 65535, 65536]) {
    const heads: [(writer: Writer) => void, Uint8Array][] = [
      [(writer) => writeArrayHead(writer, length), encode(new Array(length).fill(0)).subarray(0, -length || undefined)],
      [(writer) => writeMapHead(writer, length), encode(Object.fromEntries(Array.from({ length }, (_, index) => [`${index}`, 0])))],
      [(writer) => writeStrHead(writer, length), encode('a'.repeat(length))],
      [(writer) => writeBinHead(writer, length), encode(new Uint8Array(length))],
    ];
    for (const [write, generic] of heads) {
      const writer = new Writer();
      write(writer);
      const head = writer.finish();
      assert.is(toHex(head), toHex(generic.subarray(0, head.length)), `length ${length}`);
    }
  }
  const ext = new Writer();
  for (const length of [1, 2, 3, 4, 8, 16, 17, 256, 65536]) writeExtHead(ext, -1, length);
  assert.is(toHex(ext.finish()), 'd4ff' + 'd5ff' + 'c703ff' + 'd6ff' + 'd7ff' + 'd8ff' + 'c711ff' + 'c80100ff' + 'c900010000ff');
});

support('head readers return lengths and counts of every width and leave the reader after the head', () => {
  const reader = new Reader('msgpack', bytesOf('93 dc0002 dd00000001 81 de0001 df00000001 a3 d901 da0001 db00000001 61'));
  const reads = [readArrayHead, readArrayHead, readArrayHead, readMapHead, readMapHead, readMapHead, readStrHead, readStrHead, readStrHead, readStrHead];
  // The counts are checked against the bytes left, which the later heads provide.
  const values = reads.map((read) => read(reader, '#'));
  assert.equal(values, [3, 2, 1, 1, 1, 1, 3, 1, 1, 1]);
  assert.is(reader.pos, reader.end - 1);
});

support('head readers refuse another type with unexpected-type and a count past the input with unexpected-end', () => {
  const wrongType = failure(() => readArrayHead(new Reader('msgpack', bytesOf('81 a161 01')), '#/items'));
  assert.is(wrongType.code, 'unexpected-type');
  assert.is(wrongType.offset, 0);
  assert.is(wrongType.schemaPath, '#/items');
  for (const [hex, read] of [['dd ffffffff 00', readArrayHead], ['de 0002 a161 01', readMapHead], ['db 00000005 6162', readStrHead]] as const) {
    const error = failure(() => read(new Reader('msgpack', bytesOf(hex)), '#'));
    assert.is(error.code, 'unexpected-end', hex);
    assert.is(error.offset, bytesOf(hex).length, hex);
  }
});

support('scalar readers take every form of their type and refuse the others', () => {
  const reader = new Reader('msgpack', bytesOf('a161 d90162 c40101 c3 c2 c0 05 e0 cd012c d3fffffffffffffffe ca3fc00000 cb4340000000000001'));
  assert.is(readString(reader, '#'), 'a');
  assert.is(readString(reader, '#'), 'b');
  assert.equal([...readBytes(reader, '#')], [1]);
  assert.is(readBooleanItem(reader, '#'), true);
  assert.is(readBooleanItem(reader, '#'), false);
  assert.is(readNullItem(reader, '#'), null);
  assert.equal([5, -32, 300, -2, 1.5].map(() => readNumberItem(reader, '#')), [5, -32, 300, -2, 1.5]);
  // 2^53 + 2 as a float64 (0x4340000000000001) is a number; as a uint64 it is exact, and 2^53 + 1 is refused.
  assert.is(readNumberItem(reader, '#'), 2 ** 53 + 2);
  const inexact = failure(() => readNumberItem(new Reader('msgpack', bytesOf('cf0020000000000001')), '#/n'));
  assert.is(inexact.code, 'unsupported-value');
  assert.is(readNumberItem(new Reader('msgpack', bytesOf('cf0020000000000002')), '#'), 2 ** 53 + 2);
  for (const [read, hex] of [[readString, 'c0'], [readBytes, 'a0'], [readBooleanItem, '01'], [readNullItem, 'c2'], [readNumberItem, 'a0']] as const) {
    const error = failure(() => read(new Reader('msgpack', bytesOf(hex)), '#'));
    assert.is(error.code, 'unexpected-type', hex);
    assert.is(error.offset, 0, hex);
  }
});

support('strKeyLength consumes a str head of any width, and nothing for another key type', () => {
  const reader = new Reader('msgpack', bytesOf('d90161 01'));
  assert.is(strKeyLength(reader), 1);
  assert.is(reader.pos, 2);
  reader.pos = 3;
  assert.is(strKeyLength(reader), -1);
  assert.is(reader.pos, 3);
  assert.is(failure(() => strKeyLength(new Reader('msgpack', bytesOf('a5 61')))).code, 'unexpected-end');
});

support.run();
