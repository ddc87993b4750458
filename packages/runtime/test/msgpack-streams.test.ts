import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PackrStream, UnpackrStream } from 'msgpackr';
import { encode, Ext } from '../src/msgpack/index.js';
import { msgpackDecoderStream, msgpackEncoderStream, msgpackSequenceDecoder } from '../src/streams/index.js';
import { MsgpackDecoderStream, MsgpackEncoderStream, NULL_ITEM } from '../src/streams/node.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual } from './cbor-fixtures.js';
import { jsonValues } from './json-values.js';
import { rejection, run, splits } from './stream-helpers.js';
import { bigintsAsNumbers, bytesOf } from './msgpack-fixtures.js';

const streams = suite('msgpack streams');

// MessagePack items one after another, written by hand (spec.md "Formats"), with their values.
const SEQUENCE = bytesOf(
  '00' + // 0
    'd1fc18' + // -1000 as int16
    'c0' + // nil
    'cb3ff199999999999a' + // 1.1
    'd909' + '73747265616d696e67' + // "streaming" as str8
    '93 01 920203 dc0002 0405' + // [1, [2, 3], [4, 5]] (array16 inside)
    '82 a161 01 a162 920203' + // {"a": 1, "b": [2, 3]}
    'd6ff5a4af6a5' + // timestamp 32
    'c50005 0102030405' + // bin16
    'c70006' + // ext8, type 6, no data
    '80' + '90' + 'a0', // {}, [], ""
);
const VALUES: unknown[] = [
  0, -1000, null, 1.1, 'streaming', [1, [2, 3], [4, 5]], { a: 1, b: [2, 3] }, new Date('2018-01-02T03:04:05Z'),
  new Uint8Array([1, 2, 3, 4, 5]), new Ext(6, new Uint8Array(0)), {}, [], '',
];

streams('decodes a hand-written sequence cut at every byte, and fed one byte at a time', async () => {
  for (const chunks of splits(SEQUENCE)) {
    const items = await run(msgpackDecoderStream(), chunks);
    assert.ok(deepEqual(items, VALUES), `cut ${chunks[0].length}`);
  }
});

streams('decodes 300 seeded random values encoded one after another, cut at every 97th byte', async () => {
  const random = jsonValues(0x5eef);
  const values = Array.from({ length: 300 }, () => random(3));
  const whole = Buffer.concat(values.map((value) => encode(value)));
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < whole.length; start += 97) chunks.push(whole.subarray(start, start + 97));
  assert.ok(deepEqual(await run(msgpackDecoderStream(), chunks), values));
});

streams('round-trips values through the encoder and decoder streams', async () => {
  const values = [{ a: [1, 2] }, 'x', null, 2n ** 60n, new Date(1)];
  const items: unknown[] = [];
  await ReadableStream.from(values)
    .pipeThrough(msgpackEncoderStream())
    .pipeThrough(msgpackDecoderStream())
    .pipeTo(new WritableStream({ write: (item) => void items.push(item) }));
  assert.ok(deepEqual(items, values));
});

streams('refuses an item longer than maxItemBytes from its head, before buffering it', async () => {
  // 0, then a bin32 declaring 2^32-1 bytes: refused at its offset (1) with 6 bytes received.
  const error = await rejection(run(msgpackDecoderStream({ maxItemBytes: 1024 }), [bytesOf('00 c6ffffffff 00')]));
  assert.is(error.code, 'length-limit');
  assert.is(error.offset, 1);
  const array = await rejection(run(msgpackDecoderStream({ maxItemBytes: 1024 }), [bytesOf('dd00100000')]));
  assert.is(array.code, 'length-limit');
  const grown = await rejection(run(msgpackDecoderStream({ maxItemBytes: 64 }), Array.from({ length: 100 }, () => bytesOf('91'))));
  assert.is(grown.code, 'length-limit');
});

streams('passes an item of exactly maxItemBytes and refuses one byte more', async () => {
  const payload = new Uint8Array(3 * 1024 * 1024 - 5).fill(7);
  const item = encode(payload).slice(); // 5-byte bin32 head + payload: exactly 3 MiB
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < item.length; start += 1024) chunks.push(item.subarray(start, start + 1024));
  const [value] = await run(msgpackDecoderStream({ maxItemBytes: item.length }), [...chunks, bytesOf('00')]);
  assert.equal(value, payload);
  const error = await rejection(run(msgpackDecoderStream({ maxItemBytes: item.length - 1 }), chunks));
  assert.is(error.code, 'length-limit');
  assert.is(error.offset, 0);
});

streams('reports stream offsets: 0xc1, invalid UTF-8 and input ending inside an item', async () => {
  const reserved = await rejection(run(msgpackDecoderStream(), [bytesOf('0102'), bytesOf('92c1'), bytesOf('00')]));
  assert.is(reserved.code, 'not-well-formed');
  assert.is(reserved.offset, 3);
  // The framer finds 0xc1 where it is however the bytes come, before the bytes after it arrive.
  const early = await rejection(run(msgpackDecoderStream(), [bytesOf('0102'), bytesOf('93c1')]));
  assert.is(early.code, 'not-well-formed');
  assert.is(early.offset, 3);
  const utf8 = await rejection(run(msgpackDecoderStream(), [bytesOf('00'), bytesOf('a2c3'), bytesOf('28')]));
  assert.is(utf8.code, 'invalid-utf8');
  assert.is(utf8.offset, 2);
  const truncated = await rejection(run(msgpackDecoderStream(), [bytesOf('00 920102 9301')]));
  assert.is(truncated.code, 'unexpected-end');
  assert.is(truncated.offset, 6);
});

streams('stops a nesting bomb at maxDepth with too-deep', async () => {
  const error = await rejection(run(msgpackDecoderStream(), [new Uint8Array(100_000).fill(0x91)]));
  assert.is(error.code, 'too-deep');
});

streams('hands out every item a chunk completes at once without a stream (msgpackSequenceDecoder)', () => {
  const sequence = msgpackSequenceDecoder();
  const batches: unknown[][] = [];
  for (const chunk of [bytesOf('01 02 92'), bytesOf('03'), bytesOf('04 a1'), bytesOf('61')]) {
    const batch: unknown[] = [];
    sequence.write(chunk, (value) => batch.push(value));
    batches.push(batch);
  }
  sequence.end();
  assert.equal(batches, [[1, 2], [], [[3, 4]], ['a']]);
  const unfinished = msgpackSequenceDecoder();
  unfinished.write(bytesOf('01 92 01'), () => {});
  try {
    unfinished.end();
    assert.unreachable('ended');
  } catch (error) {
    assert.is((error as DecodeError).code, 'unexpected-end');
    assert.is((error as DecodeError).offset, 3);
  }
});

/** Runs values through Node stream stages and collects what comes out. */
async function through(values: unknown[], ...stages: NodeJS.ReadWriteStream[]): Promise<unknown[]> {
  const items: unknown[] = [];
  const sink = new Writable({ objectMode: true, write: (item, _encoding, callback) => (items.push(item), callback()) });
  await pipeline([Readable.from(values, { objectMode: true }), ...stages, sink] as unknown as Parameters<typeof pipeline>);
  return items;
}

streams('Node Transform classes carry null as NULL_ITEM both ways', async () => {
  assert.equal(await through([1, NULL_ITEM, 'a'], new MsgpackEncoderStream(), new MsgpackDecoderStream()), [1, NULL_ITEM, 'a']);
});

streams('interoperates with msgpackr streams both ways on 200 seeded random values', async () => {
  const random = jsonValues(0xc0c);
  const values = Array.from({ length: 200 }, () => random(3)).filter((value) => value !== null);
  assert.ok(deepEqual(await through(values, new PackrStream({ useRecords: false }), new MsgpackDecoderStream()), values));
  const back = await through(values, new MsgpackEncoderStream(), new UnpackrStream({ useRecords: false }));
  // msgpackr reads every uint64 as a bigint (2^40 here): compared as numbers.
  assert.ok(deepEqual(back.map(bigintsAsNumbers), values));
});

streams('throw only DecodeError on 2,000 mutated sequences cut at random points', async () => {
  const random = jsonValues(0xf023);
  let seed = 11;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let round = 0; round < 2000; round++) {
    const bytes = new Uint8Array(Buffer.concat([encode(random(3)), encode(random(2))]));
    for (let flips = 1 + Math.floor(next() * 3); flips > 0; flips--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    const cut = Math.floor(next() * bytes.length);
    try {
      await run(msgpackDecoderStream(), [bytes.subarray(0, cut), bytes.subarray(cut)]);
    } catch (error) {
      assert.instance(error, DecodeError, `round ${round}: ${String(error)}`);
    }
  }
});

streams.run();
