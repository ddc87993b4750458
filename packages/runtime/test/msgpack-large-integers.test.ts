// The generic MessagePack encoder's `largeIntegers: 'float64'` (issue 38, item 4): integers past
// 32 bits (the ones the default gives a uint64 or int64 head) become floats, as msgpackr writes
// them, for readers that cannot take 64-bit heads: a default msgpackr reads those as bigints.
// Expected bytes written by hand (spec.md "Formats"; float64 bits from Python's struct.pack('>d')).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pack, unpack } from 'msgpackr';
import { encode, decode, MsgpackEncoder } from '../src/msgpack/index.js';
import { toHex } from './cbor-fixtures.js';

const encoding = suite('msgpack generic encoder: largeIntegers float64');
const FLOAT64 = { largeIntegers: 'float64' } as const;

const FORMS: [string, unknown, string][] = [
  ['127 still a positive fixint', 127, '7f'],
  ['-1 still a negative fixint', -1, 'ff'],
  ['2^32-1 still uint32', 2 ** 32 - 1, 'ceffffffff'],
  ['-2^31 still int32', -(2 ** 31), 'd280000000'],
  ['2^32 as float64', 2 ** 32, 'cb41f0000000000000'],
  ['62343423432 as float64', 62343423432, 'cb422d07ea4b900000'],
  ['-62343423432 as float64', -62343423432, 'cbc22d07ea4b900000'],
  ['-2^31-1 as float64', -(2 ** 31) - 1, 'cbc1e0000000200000'],
  ['2^53-1 as float64', 2 ** 53 - 1, 'cb433fffffffffffff'],
  ['1.5 as float64, as without the option', 1.5, 'cb3ff8000000000000'],
  ['-0 as float64, as without the option', -0, 'cb8000000000000000'],
  ['a bigint in its uint64 form, as without the option', 5n, 'cf0000000000000005'],
  ['an integer past 32 bits inside an array in a map', { a: [62343423432] }, '81a16191cb422d07ea4b900000'],
  ['an integer past 32 bits as a Map key', new Map([[2 ** 32, 1]]), '81cb41f000000000000001'],
];

for (const [name, value, hex] of FORMS) {
  encoding(`writes ${name}`, () => {
    assert.is(toHex(encode(value, FLOAT64)), hex);
    assert.is(toHex(new MsgpackEncoder(FLOAT64).encode(value)), hex);
  });
}

const INTEGERS = [0, 127, 128, -32, -33, 255, 65535, 2 ** 32 - 1, 2 ** 32, -(2 ** 31), -(2 ** 31) - 1, 62343423432, -62343423432, 2 ** 53 - 1, -(2 ** 53 - 1)];

encoding('writes the bytes msgpackr writes for integers', () => {
  for (const value of INTEGERS) assert.is(toHex(encode(value, FLOAT64)), toHex(pack(value)), String(value));
});

encoding('gives a default msgpackr numbers, not bigints, and reads back exactly', () => {
  for (const value of INTEGERS) {
    const bytes = encode({ value }, FLOAT64);
    assert.equal(unpack(bytes), { value }, String(value));
    assert.equal(decode(bytes), { value }, String(value));
  }
});

encoding('writes an integer past 32 bits as any other float under float: shortest (float32 when it holds it)', () => {
  // 2^40: exponent 127 + 40 = 0xa7, no mantissa bits.
  assert.is(toHex(encode(2 ** 40, { ...FLOAT64, float: 'shortest' })), 'ca53800000');
});

encoding.run();
