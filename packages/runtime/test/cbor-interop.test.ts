import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { Encoder as CborXEncoder, Decoder as CborXDecoder } from 'cbor-x';
import * as cborg from 'cborg';
import { CborEncoder as JsonPackEncoder, CborDecoder as JsonPackDecoder } from '@jsonjoy.com/json-pack/lib/cbor/index.js';
import { encode, decode, CborEncoder, CborDecoder } from '../src/cbor/index.js';
import { deepEqual, readTestData, toHex } from './cbor-fixtures.js';
import { testDataUrl } from '../../../test-data/index.js';

// Every benchmark payload (test-data/payloads) in both directions against independent codecs.
const interop = suite('cbor interop with cbor-x, cborg and json-pack on the payloads');

const payloadDir = testDataUrl('payloads/');
const names = readdirSync(payloadDir).filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'));
const cborX = { encoder: new CborXEncoder({ useRecords: false }), decoder: new CborXDecoder({ useRecords: false }) };
const jsonPack = { encoder: new JsonPackEncoder(), decoder: new JsonPackDecoder() };

/**
 * large-object.json holds 968129121061490700 (beyond 2^53). JSON.parse gives the nearest double;
 * peers that write that double as a 64-bit integer make our decoder (and cborg) return the exact
 * bigint, which equals the double's value. Compare such a bigint as the double it came from.
 */
function bigintsAsNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(bigintsAsNumbers);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = bigintsAsNumbers(item);
    return out;
  }
  return value;
}

interop('finds the eleven payloads', () => {
  assert.is(names.length, 11);
});

for (const name of names) {
  const value = readTestData(`payloads/${name}`);

  interop(`${name}: our bytes decode to the same value with cbor-x, cborg and json-pack`, () => {
    const bytes = encode(value).slice();
    // cbor-x returns a bigint for every 8-byte integer (62343423432 in object-with-many-keys).
    assert.ok(deepEqual(bigintsAsNumbers(cborX.decoder.decode(bytes)), value), 'cbor-x');
    assert.ok(deepEqual(cborg.decode(bytes), value), 'cborg');
    assert.ok(deepEqual(jsonPack.decoder.decode(bytes), value), 'json-pack');
  });

  interop(`${name}: bytes of cbor-x, cborg and json-pack decode to the same value with ours`, () => {
    const peers: [string, Uint8Array][] = [
      ['cbor-x', cborX.encoder.encode(value)],
      ['cborg', cborg.encode(value)],
      ['json-pack', jsonPack.encoder.encode(value)],
    ];
    for (const [peer, bytes] of peers) {
      assert.ok(deepEqual(bigintsAsNumbers(decode(bytes)), value), peer);
    }
  });

  interop(`${name}: the reusable encoder and decoder agree with the functions`, () => {
    const encoder = new CborEncoder();
    const decoder = new CborDecoder();
    const first = encoder.encode(value);
    const second = encoder.encode(value);
    assert.ok(toHex(first) === toHex(second), 'two calls give the same bytes');
    assert.ok(toHex(first) === toHex(encode(value)), 'same bytes as encode()');
    assert.ok(deepEqual(decoder.decode(first), value));
    assert.ok(deepEqual(decoder.decode(second), value));
  });
}

interop('large-object: the integer beyond 2^53 written as a 64-bit integer decodes to the exact bigint', () => {
  // cbor-x and cborg write the parsed double as float64; cborg writes a bigint as major 0.
  const bytes = cborg.encode(BigInt(968129121061490700));
  assert.is(bytes[0], 0x1b);
  const decoded = decode(bytes);
  assert.is(typeof decoded, 'bigint');
  assert.is(Number(decoded), 968129121061490700);
});

interop('writes the same bytes as cborg with shortest floats and keys in insertion order', () => {
  // cborg writes the shortest float, as ours does with { float: 'shortest' }; without its map
  // sorter both keep insertion order, and heads are preferred serialization in both.
  for (const name of names) {
    const value = readTestData(`payloads/${name}`);
    // Compared as booleans: uvu's string diff of 100 kB of hex would take minutes.
    assert.ok(toHex(encode(value, { float: 'shortest' })) === toHex(cborg.encode(value, { mapSorter: undefined })), name);
  }
});

interop.run();
