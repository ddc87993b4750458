/**
 * A decoder stream takes chunks split at any byte, so the same bytes give the same items and the
 * same error (code and offset) however they are cut. The UBJSON stream once explained a
 * malformed item with only the bytes received so far, and the decoder then reported the end of
 * input (a count checked against the bytes left) where one chunk gave the malformed byte.
 */
import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode as encodeCbor } from '../src/cbor/index.js';
import { encode as encodeMsgpack } from '../src/msgpack/index.js';
import { encode as encodeUbjson } from '../src/ubjson/index.js';
import { cborSequenceDecoder } from '../src/streams/cbor.js';
import { msgpackSequenceDecoder } from '../src/streams/msgpack.js';
import { ubjsonSequenceDecoder } from '../src/streams/ubjson.js';
import type { SequenceDecoder } from '../src/streams/sequence.js';
import { DecodeError } from '../src/errors.js';
import { fromHex } from './cbor-fixtures.js';
import { jsonValues } from './json-values.js';
import { splits } from './stream-helpers.js';

const test = suite('decoder streams report the same error however the input is cut');

interface Format {
  name: string;
  decoder: (options?: { maxItemBytes?: number }) => SequenceDecoder;
  encode: (value: unknown) => Uint8Array;
}

const FORMATS: Format[] = [
  { name: 'cbor', decoder: cborSequenceDecoder, encode: (value) => encodeCbor(value) },
  { name: 'msgpack', decoder: msgpackSequenceDecoder, encode: (value) => encodeMsgpack(value) },
  { name: 'ubjson', decoder: ubjsonSequenceDecoder, encode: (value) => encodeUbjson(value) },
];
const [CBOR, MSGPACK, UBJSON] = FORMATS;

/** How many items `chunks` give, then the error's code and offset (or `end`). */
function outcome(decoder: SequenceDecoder, chunks: Uint8Array[]): string {
  let items = 0;
  try {
    for (const chunk of chunks) decoder.write(chunk, () => items++);
    decoder.end();
  } catch (error) {
    assert.instance(error, DecodeError, String(error));
    return `${items} items, ${(error as DecodeError).code} at ${(error as DecodeError).offset}`;
  }
  return `${items} items, end`;
}

/** Checks that every cut of `bytes` (or those `cuts` gives) agrees with one chunk, and returns that outcome. */
function sameEverySplit(format: Format, bytes: Uint8Array, options?: { maxItemBytes?: number }, cuts = splits(bytes)): string {
  const whole = outcome(format.decoder(options), [bytes]);
  for (const chunks of cuts) {
    const cut = chunks.length === 2 ? `cut at ${chunks[0].length}` : 'one byte at a time';
    assert.is(outcome(format.decoder(options), chunks), whole, `${format.name} ${Buffer.from(bytes).toString('hex')} ${cut}`);
  }
  return whole;
}

/** UBJSON written by hand: characters stand for marker bytes, `\xNN` for other bytes. */
const ub = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

test('UBJSON: a malformed value inside a container whose count runs past the bytes so far', () => {
  // The element `a` is no length: the decoder needs two bytes per string before it gets there.
  assert.is(sameEverySplit(UBJSON, ub('[$S#i\x01a\x01xZZZZ')), '0 items, not-well-formed at 6');
  assert.is(sameEverySplit(UBJSON, ub('[#i\x03?ZZZZZZ')), '0 items, not-well-formed at 4');
  assert.is(sameEverySplit(UBJSON, ub('Z{#i\x02i\x01a?ZZZZZZZZ')), '1 items, not-well-formed at 8');
  assert.is(sameEverySplit(UBJSON, ub('[#i\x05[$?#i\x02ZZZZZZZZ')), '0 items, not-well-formed at 6');
  // Input that ends before the count is met is the end of input, however it arrives (cut
  // after `=`, the end once was at 9).
  assert.is(sameEverySplit(UBJSON, ub('[#i\x09?ZZ')), '0 items, unexpected-end at 7');
  assert.is(sameEverySplit(UBJSON, Uint8Array.from(Buffer.from('43417b24552369073dc30f9c336de47b7d486903312e35', 'hex'))), '1 items, unexpected-end at 23');
});

test('UBJSON: a malformed key the decoder could only explain past maxItemBytes is length-limit', () => {
  // 12 entries: the framer counts a byte each (16 bytes in all), the decoder 3 (40 bytes).
  const bytes = ub(`{#i\x0c?${'Z'.repeat(45)}`);
  assert.is(sameEverySplit(UBJSON, bytes, { maxItemBytes: 32 }), '0 items, length-limit at 0');
  assert.is(sameEverySplit(UBJSON, bytes, { maxItemBytes: 64 }), '0 items, not-well-formed at 4');
});

test('CBOR and MessagePack: a malformed head inside a counted container', () => {
  assert.is(sameEverySplit(CBOR, fromHex('831c00000000')), '0 items, not-well-formed at 1');
  assert.is(sameEverySplit(CBOR, fromHex('a31c00000000000000')), '0 items, not-well-formed at 1');
  assert.is(sameEverySplit(MSGPACK, fromHex('93c100000000')), '0 items, not-well-formed at 1');
});

test('every format agrees with itself on 300 mutated sequences each, cut at random and byte by byte', () => {
  for (const format of FORMATS) {
    const random = jsonValues(0x5917 + format.name.length);
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let round = 0; round < 300; round++) {
      const parts = [random(2), random(2)].map((value) => format.encode(value).slice());
      const bytes = new Uint8Array([...parts[0], ...parts[1]]);
      for (let flips = 1 + Math.floor(next() * 3); flips > 0; flips--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      const cuts = [0, 1, 2].map(() => Math.floor(next() * bytes.length)).map((cut) => [bytes.subarray(0, cut), bytes.subarray(cut)]);
      sameEverySplit(format, bytes, undefined, [...cuts, Array.from(bytes, (byte) => Uint8Array.of(byte))]);
    }
  }
});

test.run();
