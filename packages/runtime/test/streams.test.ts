import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { encode as encodeCbor } from '../src/cbor/index.js';
import { encode as encodeUbjson } from '../src/ubjson/index.js';
import { cborDecoderStream, cborEncoderStream, ubjsonDecoderStream, ubjsonEncoderStream } from '../src/streams/index.js';
import { CborDecoderStream, CborEncoderStream, UbjsonDecoderStream, NULL_ITEM } from '../src/streams/node.js';
import { DecodeError } from '../src/errors.js';
import { DecoderStream as CborXDecoderStream, EncoderStream as CborXEncoderStream } from 'cbor-x';
import { deepEqual, fromHex } from './cbor-fixtures.js';
import { jsonValues } from './json-values.js';
import { rejection, run, splits } from './stream-helpers.js';

const cbor = suite('cbor sequence streams');

// A CBOR sequence written by hand, with the values it holds (RFC 8949 Appendix A encodings).
const CBOR_SEQUENCE = fromHex(
  '00' + // 0
    '3903e7' + // -1000
    'f6' + // null
    'fb3ff199999999999a' + // 1.1
    '7f657374726561646d696e67ff' + // (_ "strea", "ming")
    '9f018202039f0405ffff' + // [_ 1, [2, 3], [_ 4, 5]]
    'bf61610161629f0203ffff' + // {_ "a": 1, "b": [_ 2, 3]}
    'c074323031332d30332d32315432303a30343a30305a' + // 0("2013-03-21T20:04:00Z")
    '5f42010243030405ff' + // (_ h'0102', h'030405')
    'a0' + '80' + '60', // {}, [], ""
);
const CBOR_VALUES: unknown[] = [
  0, -1000, null, 1.1, 'streaming', [1, [2, 3], [4, 5]], { a: 1, b: [2, 3] }, new Date('2013-03-21T20:04:00Z'),
  new Uint8Array([1, 2, 3, 4, 5]), {}, [], '',
];

cbor('decodes a hand-written sequence cut at every byte, and fed one byte at a time', async () => {
  for (const chunks of splits(CBOR_SEQUENCE)) {
    const items = await run(cborDecoderStream(), chunks);
    assert.ok(deepEqual(items, CBOR_VALUES), `cut ${chunks[0].length}`);
  }
});

cbor('decodes 300 seeded random values encoded one after another, cut at every 97th byte', async () => {
  const random = jsonValues(0x5eed);
  const values = Array.from({ length: 300 }, () => random(3));
  const parts = values.map((value) => encodeCbor(value).slice());
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((pos, part) => (whole.set(part, pos), pos + part.length), 0);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < whole.length; start += 97) chunks.push(whole.subarray(start, start + 97));
  assert.ok(deepEqual(await run(cborDecoderStream(), chunks), values));
});

cbor('round-trips values through the encoder and decoder streams', async () => {
  const values = [{ a: [1, 2] }, 'x', null, 2n ** 70n];
  const items: unknown[] = [];
  await ReadableStream.from(values)
    .pipeThrough(cborEncoderStream())
    .pipeThrough(cborDecoderStream())
    .pipeTo(new WritableStream({ write: (item) => void items.push(item) }));
  assert.ok(deepEqual(items, values));
});

cbor('refuses an item longer than maxItemBytes from its head, before buffering it', async () => {
  // 0, then a byte string declaring 2^32 bytes: refused at its offset (1) with 5 bytes received.
  const error = await rejection(run(cborDecoderStream({ maxItemBytes: 1024 }), [fromHex('00' + '5affffffff' + '00')]));
  assert.is(error.code, 'length-limit');
  assert.is(error.offset, 1);
  const array = await rejection(run(cborDecoderStream({ maxItemBytes: 1024 }), [fromHex('9a00100000')]));
  assert.is(array.code, 'length-limit');
  const grown = await rejection(run(cborDecoderStream({ maxItemBytes: 64 }), Array.from({ length: 100 }, () => fromHex('9f'))));
  assert.is(grown.code, 'length-limit');
});

cbor('passes an item of exactly maxItemBytes, fed in 1 KB chunks, and refuses one byte more', async () => {
  const payload = new Uint8Array(3 * 1024 * 1024 - 5).fill(7);
  const item = encodeCbor(payload).slice(); // 5-byte head + payload: exactly 3 MiB
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < item.length; start += 1024) chunks.push(item.subarray(start, start + 1024));
  const [value] = await run(cborDecoderStream({ maxItemBytes: item.length }), [...chunks, fromHex('00')]);
  assert.equal(value, payload);
  const error = await rejection(run(cborDecoderStream({ maxItemBytes: item.length - 1 }), chunks));
  assert.is(error.code, 'length-limit');
  assert.is(error.offset, 0);
});

cbor('reports stream offsets: a malformed item, a bad item, and input ending inside an item', async () => {
  const malformed = await rejection(run(cborDecoderStream(), [fromHex('0102'), fromHex('831c')]));
  assert.is(malformed.code, 'not-well-formed');
  assert.is(malformed.offset, 3);
  const utf8 = await rejection(run(cborDecoderStream(), [fromHex('00'), fromHex('62c3'), fromHex('28')]));
  assert.is(utf8.code, 'invalid-utf8');
  assert.is(utf8.offset, 2);
  const truncated = await rejection(run(cborDecoderStream(), [fromHex('00820102' + '8301')]));
  assert.is(truncated.code, 'unexpected-end');
  assert.is(truncated.offset, 6);
});

cbor('stops a nesting bomb at maxDepth with too-deep', async () => {
  const error = await rejection(run(cborDecoderStream(), [new Uint8Array(100_000).fill(0x81)]));
  assert.is(error.code, 'too-deep');
});

cbor('Node Transform classes carry null as NULL_ITEM both ways', async () => {
  const items: unknown[] = [];
  await pipeline(
    Readable.from([1, NULL_ITEM, 'a'], { objectMode: true }),
    new CborEncoderStream(),
    new CborDecoderStream(),
    new Writable({ objectMode: true, write: (item, _encoding, callback) => (items.push(item), callback()) }),
  );
  assert.equal(items, [1, NULL_ITEM, 'a']);
});

/** Runs values through Node stream stages and collects what comes out. */
async function through(values: unknown[], ...stages: NodeJS.ReadWriteStream[]): Promise<unknown[]> {
  const items: unknown[] = [];
  const sink = new Writable({ objectMode: true, write: (item, _encoding, callback) => (items.push(item), callback()) });
  await pipeline([Readable.from(values, { objectMode: true }), ...stages, sink] as unknown as Parameters<typeof pipeline>);
  return items;
}

cbor('interoperates with cbor-x streams both ways on 200 seeded random values', async () => {
  const random = jsonValues(0xc0b);
  // Not null at the top: Node object-mode streams cannot carry it (each side has its own stand-in).
  const values = Array.from({ length: 200 }, () => random(3)).filter((value) => value !== null);
  assert.ok(deepEqual(await through(values, new CborXEncoderStream({ useRecords: false }), new CborDecoderStream()), values));
  // cbor-x decodes every 8-byte integer head (2^40 here) as a bigint: compare those as numbers.
  const numbers = (value: unknown): unknown =>
    typeof value === 'bigint' ? Number(value) : Array.isArray(value) ? value.map(numbers)
      : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, numbers(item)])) : value;
  const back = await through(values, new CborEncoderStream(), new CborXDecoderStream({ useRecords: false }));
  assert.ok(deepEqual(back.map(numbers), values));
});

cbor('a Node decoder stream fails the pipeline with the DecodeError', async () => {
  const error = await rejection(
    pipeline(Readable.from([Buffer.from([0x01, 0xff])]), new CborDecoderStream(), new Writable({ objectMode: true, write: (_item, _encoding, callback) => callback() })),
  );
  assert.is(error.code, 'not-well-formed');
  assert.is(error.offset, 1);
});

const ubjson = suite('ubjson concatenated-value streams');

/** UBJSON written by hand: characters stand for marker bytes, `\xNN` for other bytes. */
function ub(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const UBJSON_SEQUENCE = ub(
  'Z' + 'T' + 'i\x05' + 'I\x01\x00' + 'D\x3f\xf8\x00\x00\x00\x00\x00\x00' + 'Si\x03abc' + 'Ci' + 'N' + // no-op keep-alive
    'Hi\x0212' + '[i\x01[]N[#i\x02Si\x00Z]' + '{i\x01a[$i#i\x02\x01\x02i\x01b{#i\x01i\x00T}' + '[$U#i\x03\x07\x08\x09' +
    '{$Z#i\x02i\x01xi\x01y' + '[$[#i\x02#i\x01i\x01]',
);
const UBJSON_VALUES: unknown[] = [
  null, true, 5, 256, 1.5, 'abc', 'i', 12, [1, [], ['', null]], { a: [1, 2], b: { '': true } }, new Uint8Array([7, 8, 9]),
  { x: null, y: null }, [[1], []],
];

ubjson('decodes a hand-written sequence cut at every byte, and fed one byte at a time', async () => {
  for (const chunks of splits(UBJSON_SEQUENCE)) {
    const items = await run(ubjsonDecoderStream(), chunks);
    assert.ok(deepEqual(items, UBJSON_VALUES), `cut ${chunks[0].length}`);
  }
});

ubjson('decodes 300 seeded random values one after another, cut at every 89th byte', async () => {
  const random = jsonValues(0x5eee);
  const values = Array.from({ length: 300 }, () => random(3));
  const parts = values.map((value) => encodeUbjson(value).slice());
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((pos, part) => (whole.set(part, pos), pos + part.length), 0);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < whole.length; start += 89) chunks.push(whole.subarray(start, start + 89));
  assert.ok(deepEqual(await run(ubjsonDecoderStream(), chunks), values));
});

ubjson('round-trips values through the encoder and decoder streams', async () => {
  const values = [{ a: [1, 2] }, 'x', null, 1.25];
  const items: unknown[] = [];
  await ReadableStream.from(values)
    .pipeThrough(ubjsonEncoderStream())
    .pipeThrough(ubjsonDecoderStream())
    .pipeTo(new WritableStream({ write: (item) => void items.push(item) }));
  assert.ok(deepEqual(items, values));
});

ubjson('refuses an item longer than maxItemBytes from its length, before buffering it', async () => {
  const error = await rejection(run(ubjsonDecoderStream({ maxItemBytes: 1024 }), [ub('ZSl\x00\x10\x00\x00')]));
  assert.is(error.code, 'length-limit');
  assert.is(error.offset, 1);
  const typed = await rejection(run(ubjsonDecoderStream({ maxItemBytes: 1024 }), [ub('[$D#l\x00\x01\x00\x00')]));
  assert.is(typed.code, 'length-limit');
});

ubjson('reports stream offsets: a bad marker, and input ending inside a value', async () => {
  const bad = await rejection(run(ubjsonDecoderStream(), [ub('i\x01[i\x01'), ub('Q]')]));
  assert.is(bad.code, 'not-well-formed');
  assert.is(bad.offset, 5);
  const truncated = await rejection(run(ubjsonDecoderStream(), [ub('Z{i\x01a')]));
  assert.is(truncated.code, 'unexpected-end');
  assert.is(truncated.offset, 5);
});

ubjson('a Node decoder stream decodes values split across Buffers', async () => {
  const items: unknown[] = [];
  await pipeline(
    Readable.from([Buffer.from('SU\x02h'), Buffer.from('iZ')]),
    new UbjsonDecoderStream(),
    new Writable({ objectMode: true, write: (item, _encoding, callback) => (items.push(item), callback()) }),
  );
  assert.equal(items, ['hi', NULL_ITEM]);
});

const fuzz = suite('streams on mutated input');

fuzz('throw only DecodeError on 2,000 mutated sequences of both formats, cut at random points', async () => {
  const random = jsonValues(0xf022);
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let round = 0; round < 2000; round++) {
    const useCbor = round % 2 === 0;
    const parts = [random(3), random(2)].map((value) => (useCbor ? encodeCbor(value) : encodeUbjson(value)).slice());
    const bytes = new Uint8Array([...parts[0], ...parts[1]]);
    for (let flips = 1 + Math.floor(next() * 3); flips > 0; flips--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    const cut = Math.floor(next() * bytes.length);
    try {
      await run(useCbor ? cborDecoderStream() : ubjsonDecoderStream(), [bytes.subarray(0, cut), bytes.subarray(cut)]);
    } catch (error) {
      assert.instance(error, DecodeError, `round ${round}: ${String(error)}`);
    }
  }
});

const memory = suite('streams in constant memory');
const child = fileURLToPath(new URL('./stream-pipeline-child.ts', import.meta.url));

for (const format of ['cbor', 'ubjson']) {
  memory(`moves 100 MB of ${format} through encoder → 4 KB re-chunker → decoder under 48 MB of heap`, () => {
    const env = { ...process.env };
    delete env.FORCE_COLOR;
    const output = execFileSync(process.execPath, ['--import', 'tsx', child, format], { encoding: 'utf8', timeout: 60_000, env });
    const { items, bytes, peak } = JSON.parse(output) as { items: number; bytes: number; peak: number };
    assert.ok(bytes >= 100 * 1024 * 1024, `${bytes} bytes`);
    assert.ok(items > 100_000, `${items} items`);
    // Twice the 100 MB would not fit; the measured peak is ~16 MB (heapUsed + arrayBuffers).
    assert.ok(peak < 48 * 1024 * 1024, `peak ${peak}`);
  });
}

cbor.run();
ubjson.run();
fuzz.run();
memory.run();
