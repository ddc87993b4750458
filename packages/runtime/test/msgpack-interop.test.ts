// Every benchmark payload (test-data/payloads) in both directions against msgpackr 2.1.3
// (useRecords: false, plain MessagePack) and @msgpack/msgpack 3.1.3, the reference implementation.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Packr, Unpackr } from 'msgpackr';
import * as reference from '@msgpack/msgpack';
import { encode, decode, MsgpackDecoder, MsgpackEncoder, Timestamp } from '../src/msgpack/index.js';
import { deepEqual, toHex } from './cbor-fixtures.js';
import { bigintsAsNumbers, payloads } from './msgpack-fixtures.js';
import { jsonValues } from './json-values.js';

const interop = suite('msgpack interop with msgpackr and @msgpack/msgpack on the payloads');
const packr = new Packr({ useRecords: false });
const unpackr = new Unpackr({ useRecords: false });
const all = payloads();

interop('finds the eleven payloads', () => {
  assert.is(all.length, 11);
});

for (const { name, value } of all) {
  interop(`${name}: our bytes decode to the same value with msgpackr and @msgpack/msgpack`, () => {
    const bytes = encode(value).slice();
    assert.ok(deepEqual(bigintsAsNumbers(unpackr.unpack(bytes)), value), 'msgpackr');
    assert.ok(deepEqual(reference.decode(bytes), value), '@msgpack/msgpack');
  });

  interop(`${name}: our bytes are @msgpack/msgpack's, byte for byte (both write the smallest forms)`, () => {
    assert.is(toHex(encode(value)), toHex(reference.encode(value)));
  });

  interop(`${name}: bytes of msgpackr and @msgpack/msgpack decode to the same value with ours`, () => {
    // msgpackr writes map16 for every object (a wider form than needed): decoders must take it.
    const peers: [string, Uint8Array][] = [['msgpackr', packr.pack(value)], ['@msgpack/msgpack', reference.encode(value)]];
    for (const [peer, bytes] of peers) assert.ok(deepEqual(bigintsAsNumbers(decode(bytes)), value), peer);
  });
}

interop('agrees with both peers on 300 seeded random JSON values, both ways', () => {
  const random = jsonValues(0x3e55);
  const encoder = new MsgpackEncoder();
  const decoder = new MsgpackDecoder();
  for (let round = 0; round < 300; round++) {
    const value = random(4);
    const ours = encoder.encode(value).slice();
    // msgpackr reads every uint64/int64 as a bigint (2^40 here): compared as numbers.
    assert.ok(deepEqual(bigintsAsNumbers(unpackr.unpack(ours)), value), `msgpackr reads round ${round}`);
    assert.ok(deepEqual(reference.decode(ours), value), `@msgpack/msgpack reads round ${round}`);
    assert.ok(deepEqual(decoder.decode(packr.pack(value)), value), `we read msgpackr's round ${round}`);
    assert.ok(deepEqual(decoder.decode(reference.encode(value)), value), `we read @msgpack/msgpack's round ${round}`);
  }
});

interop('exchanges timestamps, bin, Maps with integer keys and 64-bit integers with @msgpack/msgpack', () => {
  const value = { when: new Date('2018-01-02T03:04:05.678Z'), old: new Date(-86_400_001), bytes: new Uint8Array([1, 2, 3]) };
  assert.is(toHex(encode(value)), toHex(reference.encode(value)));
  assert.ok(deepEqual(decode(reference.encode(value)), value));
  const exact = reference.decodeTimestampToTimeSpec(new Uint8Array([0xa1, 0xdc, 0xd7, 0xc8, 0x5a, 0x4a, 0xf6, 0xa5]));
  const ours = decode(Uint8Array.of(0xd7, 0xff, 0xa1, 0xdc, 0xd7, 0xc8, 0x5a, 0x4a, 0xf6, 0xa5), { timestamp: 'object' }) as Timestamp;
  assert.equal([ours.seconds, ours.nanoseconds], [exact.sec, exact.nsec]);
  // @msgpack/msgpack writes a Map as an empty map (it takes own enumerable keys) and reads integer
  // keys as property names: it reads ours, we check both ends against the bytes.
  const map = new Map<unknown, unknown>([[1, 'a'], [-2, 'b']]);
  assert.is(toHex(encode(map)), '8201a161fea162');
  assert.equal(reference.decode(encode(map)), { 1: 'a', '-2': 'b' });
  assert.ok(deepEqual(decode(Uint8Array.of(0x82, 0x01, 0xa1, 0x61, 0xfe, 0xa1, 0x62)), map));
  const big = [2n ** 63n, -(2n ** 63n), 5n];
  assert.equal(reference.decode(encode(big), { useBigInt64: true }), big);
  assert.equal(decode(reference.encode(big, { useBigInt64: true }), { int64: 'bigint' }), big);
});

interop.run();
