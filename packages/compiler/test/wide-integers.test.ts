// 64-bit integers, every decoder of every format (issue 38, item 2): the generic decoders give a
// number up to ±(2^53 - 1) and a bigint beyond; the generated decoders of `number` and `integer`
// give the number when a double holds the value exactly and refuse with `unsupported-value` at the
// item otherwise, in both code sizes, at the root, in an object and in an array. The bytes are
// written here from the specs, every head width that holds the value, so no encoder under test
// chooses them; the 8-byte heads are checked against cbor-x and @msgpack/msgpack.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isDecodeError, type Format } from '@binschema/runtime';
import * as cbor from '@binschema/runtime/cbor';
import * as ubjson from '@binschema/runtime/ubjson';
import * as msgpack from '@binschema/runtime/msgpack';
import { encode as cborxEncode } from 'cbor-x';
import { encode as msgpackEncode } from '@msgpack/msgpack';
import { compileCodec, type CodeSize } from '../src/index.js';
import { CODE_SIZES } from '../src/emit/module/code-size.js';
import { toHex } from './support/values.js';

interface WideInteger {
  value: bigint;
  /** Written by hand: whether a double holds `value` exactly. */
  exact: boolean;
  note: string;
}

const TWO_53 = 2n ** 53n;
const TWO_63 = 2n ** 63n;
const TWO_64 = 2n ** 64n;

const INTEGERS: readonly WideInteger[] = [
  { value: 0n, exact: true, note: 'zero' },
  { value: 1n, exact: true, note: 'one' },
  { value: -1n, exact: true, note: 'minus one' },
  { value: -33n, exact: true, note: 'just past the negative fixints' },
  { value: 255n, exact: true, note: 'the largest uint8' },
  { value: -129n, exact: true, note: 'just past int8' },
  { value: 2n ** 31n, exact: true, note: 'just past int32' },
  { value: 2n ** 32n, exact: true, note: 'just past uint32' },
  { value: TWO_53 - 1n, exact: true, note: 'the largest safe integer' },
  { value: -(TWO_53 - 1n), exact: true, note: 'the smallest safe integer' },
  { value: TWO_53, exact: true, note: '2^53' },
  { value: -TWO_53, exact: true, note: '-2^53' },
  { value: TWO_53 + 1n, exact: false, note: '2^53 + 1, between two doubles' },
  { value: -(TWO_53 + 1n), exact: false, note: '-(2^53 + 1)' },
  { value: TWO_53 + 2n, exact: true, note: '2^53 + 2, the next double' },
  { value: 968129121061490688n, exact: true, note: 'a large JSON integer as other UBJSON writers give it (issue 38)' },
  { value: TWO_63 - 1024n, exact: true, note: 'the largest double below 2^63' },
  { value: TWO_63 - 1n, exact: false, note: 'the largest int64' },
  { value: -TWO_63, exact: true, note: 'the smallest int64' },
  { value: -TWO_63 + 1n, exact: false, note: '-2^63 + 1' },
  { value: TWO_63, exact: true, note: '2^63, past int64' },
  { value: TWO_64 - 2048n, exact: true, note: 'the largest double below 2^64' },
  { value: TWO_64 - 1n, exact: false, note: 'the largest uint64' },
  { value: -TWO_63 - 1n, exact: false, note: 'just past int64 below' },
  { value: -TWO_64 + 2048n, exact: true, note: 'the smallest double above -2^64' },
  { value: -TWO_64, exact: true, note: 'the smallest CBOR negative integer' },
];

/** `value` as `size` big-endian bytes, two's complement, in hex. */
function bigEndian(value: bigint, size: number): string {
  return BigInt.asUintN(size * 8, value).toString(16).padStart(size * 2, '0');
}

function byte(value: number): string {
  return value.toString(16).padStart(2, '0');
}

const within = (value: bigint, low: bigint, high: bigint) => value >= low && value <= high;

/** RFC 8949 §3.1: major type 0 (n) or 1 (-1 - n), the argument inline below 24, then in 1, 2, 4 and 8 bytes. */
function cborHeads(value: bigint): string[] {
  const major = value < 0n ? 0x20 : 0x00;
  const argument = value < 0n ? -1n - value : value;
  if (argument >= TWO_64) return [];
  const heads = [`${byte(major | 27)}${bigEndian(argument, 8)}`];
  if (argument < 2n ** 32n) heads.push(`${byte(major | 26)}${bigEndian(argument, 4)}`);
  if (argument < 2n ** 16n) heads.push(`${byte(major | 25)}${bigEndian(argument, 2)}`);
  if (argument < 2n ** 8n) heads.push(`${byte(major | 24)}${bigEndian(argument, 1)}`);
  if (argument < 24n) heads.push(byte(major | Number(argument)));
  return heads;
}

/** MessagePack spec "int format family": fixints, uint 8/16/32/64 (0xcc-0xcf), int 8/16/32/64 (0xd0-0xd3). */
function msgpackHeads(value: bigint): string[] {
  const heads: string[] = [];
  if (within(value, 0n, 127n) || within(value, -32n, -1n)) heads.push(bigEndian(value, 1));
  [1, 2, 4, 8].forEach((size, index) => {
    if (within(value, 0n, 2n ** BigInt(8 * size) - 1n)) heads.push(`${byte(0xcc + index)}${bigEndian(value, size)}`);
    const half = 2n ** BigInt(8 * size - 1);
    if (within(value, -half, half - 1n)) heads.push(`${byte(0xd0 + index)}${bigEndian(value, size)}`);
  });
  return heads;
}

/**
 * UBJSON value-types.html#numeric: `i` int8, `U` uint8, `I` int16, `l` int32, `L` int64, and `H`
 * (high-precision: an `i` length and the decimal text), which also carries integers past int64.
 */
function ubjsonItems(value: bigint): string[] {
  const items: string[] = [];
  if (within(value, -128n, 127n)) items.push(`69${bigEndian(value, 1)}`);
  if (within(value, 0n, 255n)) items.push(`55${bigEndian(value, 1)}`);
  if (within(value, -(2n ** 15n), 2n ** 15n - 1n)) items.push(`49${bigEndian(value, 2)}`);
  if (within(value, -(2n ** 31n), 2n ** 31n - 1n)) items.push(`6c${bigEndian(value, 4)}`);
  if (within(value, -TWO_63, TWO_63 - 1n)) items.push(`4c${bigEndian(value, 8)}`);
  const text = Buffer.from(value.toString(), 'latin1').toString('hex');
  items.push(`4869${byte(text.length / 2)}${text}`);
  return items;
}

/** Where the item sits: alone, as property `n` of an object, as the one item of an array; `at` is its offset. */
interface Shape {
  name: string;
  schema(type: 'number' | 'integer'): object;
  wrap(item: string): { hex: string; at: number };
  unwrap(decoded: unknown): unknown;
}

const SHAPES: Record<Format, readonly Shape[]> = {
  cbor: shapesFor({ object: ['a1616e', ''], array: ['81', ''] }),
  // `{` `i 1 "n"` item `}` and `[` item `]`: UBJSON keys have no `S` marker.
  ubjson: shapesFor({ object: ['7b69016e', '7d'], array: ['5b', '5d'] }),
  msgpack: shapesFor({ object: ['81a16e', ''], array: ['91', ''] }),
};

function shapesFor(around: { object: [string, string]; array: [string, string] }): Shape[] {
  const wrapped = (name: 'object' | 'array', schema: (type: string) => object, unwrap: (decoded: unknown) => unknown): Shape => {
    const [before, after] = around[name];
    return { name, schema, unwrap, wrap: (item) => ({ hex: before + item + after, at: before.length / 2 }) };
  };
  return [
    { name: 'root', schema: (type) => ({ type }), wrap: (item) => ({ hex: item, at: 0 }), unwrap: (decoded) => decoded },
    wrapped('object', (type) => ({ type: 'object', properties: { n: { type } }, required: ['n'] }), (decoded) => (decoded as { n: unknown }).n),
    wrapped('array', (type) => ({ type: 'array', items: { type } }), (decoded) => (decoded as unknown[])[0]),
  ];
}

const FORMATS: readonly { format: Format; items: (value: bigint) => string[]; decode: (bytes: Uint8Array) => unknown }[] = [
  { format: 'cbor', items: cborHeads, decode: (bytes) => cbor.decode(bytes) },
  { format: 'ubjson', items: ubjsonItems, decode: (bytes) => ubjson.decode(bytes) },
  { format: 'msgpack', items: msgpackHeads, decode: (bytes) => msgpack.decode(bytes) },
];

/** Both code shapes, whatever their names: record tables and specialised code. */
const CODE_SHAPES = CODE_SIZES.filter((size) => size !== 'auto') as CodeSize[];

function fromHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/** What a generated decoder gave: the value, or a DecodeError's code and offset; anything else thrown fails the test. */
function outcome(decode: () => unknown): { value: unknown } | { code: string; offset: number } {
  try {
    return { value: decode() };
  } catch (error) {
    assert.ok(isDecodeError(error), `not a DecodeError: ${String(error)}`);
    return { code: error.code, offset: error.offset };
  }
}

const agreement = suite('64-bit integers: every decoder of every format');

// cbor-x writes -2^64 as a tag 3 bignum, not the 8-byte head: the one value left out.
agreement('the hand-written 8-byte heads are the ones cbor-x and @msgpack/msgpack write for bigints', () => {
  for (const { value } of INTEGERS) {
    if (value >= TWO_53 || value <= -TWO_53) {
      if (value > -TWO_64 && value < TWO_64) assert.is(toHex(cborxEncode(value)), cborHeads(value)[0], `cbor ${value}`);
      if (value >= -TWO_63 && value < TWO_64) assert.is(toHex(msgpackEncode(value, { useBigInt64: true })), msgpackHeads(value).find((head) => head.startsWith(value < 0n ? 'd3' : 'cf')), `msgpack ${value}`);
    }
  }
});

agreement('the issue\'s UBJSON bytes are among the hand-written items', () => {
  assert.ok(ubjsonItems(968129121061490688n).includes('4c0d6f7c4e6594d000'));
});

for (const { format, items, decode } of FORMATS) {
  agreement(`generic ${format}: a number up to ±(2^53 - 1), a bigint beyond, in every head width`, () => {
    for (const { value, note } of INTEGERS) {
      const expected = within(value, -(TWO_53 - 1n), TWO_53 - 1n) ? Number(value) : value;
      for (const item of items(value)) assert.is(decode(fromHex(item)), expected, `${format} ${item} (${note})`);
    }
  });

  for (const codeSize of CODE_SHAPES) {
    for (const shape of SHAPES[format]) {
      for (const type of ['number', 'integer'] as const) {
        agreement(`generated ${format} (${codeSize}), ${type} at the ${shape.name}: the number when a double holds it, else unsupported-value at the item`, () => {
          const codec = compileCodec(shape.schema(type), { format, codeSize });
          for (const { value, exact, note } of INTEGERS) {
            for (const item of items(value)) {
              const { hex, at } = shape.wrap(item);
              const got = outcome(() => shape.unwrap(codec.decode(fromHex(hex))));
              const expected = exact ? { value: Number(value) } : { code: 'unsupported-value', offset: at };
              assert.equal(got, expected, `${format} ${hex} (${note})`);
              // The agreement: the generic decoder's value as a number, whenever a double holds it.
              if (exact) assert.is(Number(shape.unwrap(decode(fromHex(hex)))), Number(value), `generic ${format} ${hex}`);
            }
          }
        });
      }
    }
  }
}

agreement.run();
