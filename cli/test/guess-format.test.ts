import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { encode as encodeCbor } from '@binschema/runtime/cbor';
import { encode as encodeUbjson } from '@binschema/runtime/ubjson';
import { encode as encodeMsgpack } from '@binschema/runtime/msgpack';
import { guessFormat } from '../src/io/guess-format.js';
import { testDataUrl } from '../../test-data/index.js';
import { bytes } from './run-cli.js';

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const guess = suite('guessing the input format');

guess('takes the self-described CBOR tag 55799 (RFC 8949 §3.4.6) as CBOR', () => assert.is(guessFormat(bytes('d9d9f7 a0'), true), 'cbor'));
guess('takes one JSON document as JSON, pretty-printed too', () => {
  assert.is(guessFormat(text('{"a": 1}'), true), 'json');
  assert.is(guessFormat(text('{\n  "a": [1, 2]\n}\n'), true), 'json');
});
guess('takes lines of JSON as NDJSON', () => assert.is(guessFormat(text('{"a":1}\n{"a":2}\n'), true), 'ndjson'));
guess('takes the start of a long JSON document as JSON', () => assert.is(guessFormat(text('[{"a": 1}, {"a": 2'), false), 'json'));
guess('takes RFC 8949 Appendix A {"a": 1, "b": [2, 3]} as CBOR', () => assert.is(guessFormat(bytes('a26161016162820203'), true), 'cbor'));
guess('takes {"a": null} in UBJSON as UBJSON', () => assert.is(guessFormat(text('{U\x01aZ}'), true), 'ubjson'));
guess('takes a UBJSON string as UBJSON', () => assert.is(guessFormat(text('SU\x03abc'), true), 'ubjson'));
guess('takes {"a": 1} in MessagePack (81 a161 01) as MessagePack: CBOR runs out inside it, UBJSON has no marker 0x81', () => {
  assert.is(guessFormat(bytes('81a16101'), true), 'msgpack');
});
guess('takes a map16 and an array16 of MessagePack items as MessagePack', () => {
  assert.is(guessFormat(bytes('de0001 a161 93 01 a162 c3'), true), 'msgpack');
  assert.is(guessFormat(bytes('dc0002 cb3ff8000000000000 c0'), true), 'msgpack');
});
guess('keeps ambiguous input CBOR: MessagePack small integers are CBOR integers too', () => {
  assert.is(guessFormat(bytes('01 02 03'), true), 'cbor');
  assert.is(guessFormat(bytes('01 02 c3'), true), 'cbor');
});
// Issue 38: a cut file must read as cut, not as another format that happens to fit it.
guess('takes whole input that CBOR reads up to running out of bytes as CBOR, never as MessagePack', () => {
  // The first 20 bytes of {name: 'inspect me', list: [1, -2, 3.5, 'x'], …} in CBOR: map(3),
  // text(4) "name", text(10) "inspect me", text(4) with 2 of its bytes. As MessagePack, fixstr(3) and 16 integers.
  assert.is(guessFormat(bytes('a3 646e616d65 6a696e7370656374206d65 646c69'), true), 'cbor');
});
guess('takes whole input that UBJSON reads further than CBOR before running out as UBJSON', () => {
  // The same value's first 20 bytes in UBJSON: {, i 4 "name", S i 10 "inspect me", then nothing.
  // CBOR runs out too, right after its first head: 0x7b is text with a 4-byte length.
  assert.is(guessFormat(bytes('7b 6904 6e616d65 53 690a 696e7370656374206d65'), true), 'ubjson');
});
guess('does not take bytes MessagePack cannot read to the end as MessagePack', () => {
  assert.is(guessFormat(bytes('81a161c1'), true), 'cbor');
});

// Every benchmark payload in each format, whole and as a cut 64 KiB… prefix (what convert peeks at).
const payloadDir = testDataUrl('payloads/');
const payloads = readdirSync(payloadDir)
  .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
  .map((name) => ({ name, value: JSON.parse(readFileSync(new URL(name, payloadDir), 'utf8')) as unknown }));

guess('never takes a benchmark payload in CBOR or UBJSON for MessagePack, whole or cut (so their guesses are those of before)', () => {
  for (const { name, value } of payloads) {
    for (const [format, encoded] of [['cbor', encodeCbor(value).slice()], ['ubjson', encodeUbjson(value).slice()]] as const) {
      for (const cut of [1, 2, 7, 100, 4096, encoded.length]) {
        if (cut > encoded.length) continue;
        const guessed = guessFormat(encoded.subarray(0, cut), cut === encoded.length);
        assert.is.not(guessed, 'msgpack', `${name} in ${format} cut at ${cut}`);
      }
    }
    assert.is(guessFormat(encodeCbor(value).slice(), true), 'cbor', name);
  }
});

guess('takes each benchmark payload in MessagePack as MessagePack', () => {
  for (const { name, value } of payloads) assert.is(guessFormat(encodeMsgpack(value).slice(), true), 'msgpack', name);
});

guess('takes the first 64 KiB of a longer MessagePack stream (what convert peeks at) as MessagePack', () => {
  const others = payloads.filter(({ name }) => name !== 'combined.json').map(({ value }) => encodeMsgpack(value).slice());
  const stream = Buffer.concat(Array.from({ length: 3 }, () => others).flat());
  assert.ok(stream.length > 128 * 1024);
  assert.is(guessFormat(stream.subarray(0, 64 * 1024), false), 'msgpack');
});

guess('keeps a cut prefix CBOR when CBOR can still be reading it: fixarray(10) 0x9a is a CBOR array of 2^32+ elements', () => {
  // combined.json is an array of ten payloads: 0x9a, which CBOR reads as an array head with a
  // 4-byte count; a 64 KiB prefix cannot show that the count is wrong. --from msgpack settles it.
  const combined = encodeMsgpack(payloads.find(({ name }) => name === 'combined.json')!.value).slice();
  assert.is(combined[0], 0x9a);
  assert.is(guessFormat(Buffer.concat([combined, combined]).subarray(0, 64 * 1024), false), 'cbor');
  assert.is(guessFormat(combined, true), 'msgpack');
});

guess.run();
