// Issue 15 item 4: tag extensions per encoder/decoder, and the built-in ones. Expected bytes are
// written out by hand from RFC 8746 / RFC 8949 or checked byte-for-byte against cbor-x.
import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Encoder as CborXEncoder, Decoder as CborXDecoder } from 'cbor-x';
import {
  encode, decode, checkWellFormed, CborEncoder, CborDecoder, Tag, EncodeSettings,
  setExtension, urlExtension, EmbeddedCbor, embeddedCborExtension, Decimal, Bigfloat, decimalExtension, bigfloatExtension,
  type CborExtension,
} from '../src/cbor/index.js';
import { DecodeError, EncodeError } from '../src/errors.js';
import { encodeSettings } from '../src/cbor/options.js';
import { fromHex, toHex } from './cbor-fixtures.js';

function failure<T extends Error>(run: () => unknown, type: new (...args: any[]) => T): T {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw new Error(`expected a ${type.name}, got ${String(error)}`);
  }
  throw new Error(`expected a ${type.name}, got success`);
}

class Point {
  constructor(readonly x: number, readonly y: number) {}
}
const pointExtension: CborExtension<Point> = {
  tag: 40_000,
  Class: Point,
  encode: (point) => [point.x, point.y],
  decode: (content) => new Point((content as number[])[0], (content as number[])[1]),
};

const registry = suite('tag extensions (addExtension)');

registry('encodes and decodes a class through its tag on the instances it is added to', () => {
  const encoder = new CborEncoder();
  encoder.addExtension(pointExtension);
  const bytes = encoder.encode({ p: new Point(1, 2) });
  // a1 6170 (map, "p"), d9 9c40 (tag 40000), 82 01 02.
  assert.is(toHex(bytes), 'a16170d99c40820102');
  const decoder = new CborDecoder();
  decoder.addExtension(pointExtension);
  const value = decoder.decode(bytes) as { p: Point };
  assert.instance(value.p, Point);
  assert.equal([value.p.x, value.p.y], [1, 2]);
});

registry('never registers globally: other encoders and decoders are unchanged', () => {
  new CborEncoder().addExtension(pointExtension);
  new CborDecoder().addExtension(pointExtension);
  assert.is(failure(() => encode(new Point(1, 2)), EncodeError).code, 'unsupported-value');
  assert.is(failure(() => new CborEncoder().encode(new Point(1, 2)), EncodeError).code, 'unsupported-value');
  const tag = decode(fromHex('d99c40820102')) as Tag;
  assert.instance(tag, Tag);
  assert.is(tag.tag, 40_000);
  assert.equal(tag.content, [1, 2]);
});

registry('takes extensions as an option of the one-off functions too', () => {
  const bytes = encode(new Point(3, 4), { extensions: [pointExtension] });
  assert.is(toHex(bytes), 'd99c40820304');
  assert.instance(decode(bytes, { extensions: [pointExtension] }), Point);
});

registry('turns a failing decode function into invalid-tag at the tag head', () => {
  const strict: CborExtension = { tag: 40_000, decode: () => { throw new TypeError('no'); } };
  const error = failure(() => decode(fromHex('82f6d99c4000'), { extensions: [strict] }), DecodeError);
  assert.is(error.code, 'invalid-tag');
  assert.is(error.offset, 2);
  // checkWellFormed decodes when an extension may refuse content.
  assert.is(failure(() => checkWellFormed(fromHex('82f6d99c4000'), { extensions: [strict] }), DecodeError).offset, 2);
});

registry('uses the latest extension added for a class, and subclasses match by instanceof', () => {
  class Point3 extends Point {}
  const encoder = new CborEncoder({ extensions: [pointExtension] });
  encoder.addExtension({ ...pointExtension, tag: 40_001 });
  assert.is(toHex(encoder.encode(new Point3(1, 2))), 'd99c41820102');
});

registry('refuses an extension without a safe tag or with a Class but no encode', () => {
  assert.throws(() => new CborEncoder().addExtension({ tag: -1, decode: (value) => value }), TypeError);
  assert.throws(() => new CborEncoder().addExtension({ tag: 1.5, decode: (value) => value }), TypeError);
  assert.throws(() => new CborEncoder().addExtension({ tag: 9, Class: Point }), TypeError);
});

registry('leaves the encoder and decoder without hooks unless something is registered', () => {
  assert.is(new EncodeSettings().hooks, undefined);
  assert.is(new EncodeSettings({ deterministic: true }).hooks, undefined);
  // The settings generated code builds read core options only; the one-off functions add features.
  assert.is(new EncodeSettings({ typedArrays: true }).hooks, undefined);
  assert.ok(encodeSettings({ typedArrays: true }).hooks !== undefined);
});

registry.run();

const typed = suite('RFC 8746 typed arrays (typedArrays: true)');

// RFC 8746 §2.1: tag 64 + 0b f s e ll. Content bytes written out by hand.
const DECODE_CASES: [string, string, unknown][] = [
  ['uint8 (64)', 'd840420102', new Uint8Array([1, 2])],
  ['uint16 big endian (65)', 'd8414400010002', new Uint16Array([1, 2])],
  ['uint32 big endian (66)', 'd842440000ff01', new Uint32Array([0xff01])],
  ['uint64 big endian (67)', 'd843480000000100000000', new BigUint64Array([2n ** 32n])],
  ['uint8 clamped (68)', 'd84442ff00', new Uint8ClampedArray([255, 0])],
  ['uint16 little endian (69)', 'd8454401000200', new Uint16Array([1, 2])],
  ['uint32 little endian (70)', 'd8464401ff0000', new Uint32Array([0xff01])],
  ['uint64 little endian (71)', 'd847480000000001000000', new BigUint64Array([2n ** 32n])],
  ['sint8 (72)', 'd84842ff01', new Int8Array([-1, 1])],
  ['sint16 big endian (73)', 'd84942fffe', new Int16Array([-2])],
  ['sint32 big endian (74)', 'd84a44fffffffe', new Int32Array([-2])],
  ['sint64 big endian (75)', 'd84b48fffffffffffffffe', new BigInt64Array([-2n])],
  ['sint16 little endian (77)', 'd84d42feff', new Int16Array([-2])],
  ['sint32 little endian (78)', 'd84e44feffffff', new Int32Array([-2])],
  ['sint64 little endian (79)', 'd84f48feffffffffffffff', new BigInt64Array([-2n])],
  ['float16 big endian (80) as Float32Array', 'd850443c00c000', new Float32Array([1, -2])],
  ['float32 big endian (81)', 'd851443fc00000', new Float32Array([1.5])],
  ['float64 big endian (82)', 'd852483ff8000000000000', new Float64Array([1.5])],
  ['float16 little endian (84) as Float32Array', 'd85442003c', new Float32Array([1])],
  ['float32 little endian (85)', 'd855440000c03f', new Float32Array([1.5])],
  ['float64 little endian (86)', 'd85648000000000000f83f', new Float64Array([1.5])],
];

for (const [name, hex, expected] of DECODE_CASES) {
  typed(`decodes ${name}`, () => {
    const value = decode(fromHex(hex), { typedArrays: true }) as Iterable<unknown>;
    assert.is(value.constructor, (expected as object).constructor);
    assert.equal([...value], [...(expected as Iterable<unknown>)]);
  });
}

typed('leaves the reserved tag 76 and float128 (83, 87) as Tags', () => {
  for (const hex of ['d84c42fffe', `d85350${'00'.repeat(16)}`, `d85750${'00'.repeat(16)}`]) {
    assert.instance(decode(fromHex(hex), { typedArrays: true }), Tag);
  }
});

typed('rejects content that is not a byte string or not whole elements, at the tag', () => {
  for (const hex of ['81d84580', '81d84543010203', '81d8564401020304']) {
    const error = failure(() => decode(fromHex(hex), { typedArrays: true }), DecodeError);
    assert.is(error.code, 'invalid-tag');
    assert.is(error.offset, 1);
  }
});

typed('copies the content: the typed array never aliases a Buffer input', () => {
  const input = Buffer.from('d8454401000200', 'hex');
  const value = decode(input, { typedArrays: true }) as Uint16Array;
  value[0] = 9;
  assert.is(toHex(input), 'd8454401000200');
});

const CLASSES = [Uint8ClampedArray, Uint16Array, Uint32Array, BigUint64Array, Int8Array, Int16Array, Int32Array, BigInt64Array, Float32Array, Float64Array];

typed('encodes every typed array byte for byte as cbor-x does, and cbor-x decodes it back', () => {
  const peer = new CborXEncoder({ useRecords: false });
  const peerDecoder = new CborXDecoder({ useRecords: false });
  for (const Class of CLASSES) {
    const bigint = Class === BigUint64Array || Class === BigInt64Array;
    const value = new (Class as any)(bigint ? [1n, 2n ** 40n] : [1, 2, 100]);
    const ours = encode(value, { typedArrays: true });
    assert.is(toHex(ours), toHex(peer.encode(value)), Class.name);
    const back = peerDecoder.decode(ours);
    assert.is(back.constructor, Class);
    assert.equal([...back], [...value]);
    const again = decode(peer.encode(value), { typedArrays: true }) as Iterable<unknown>;
    assert.is(again.constructor, Class);
    assert.equal([...again], [...value]);
  }
});

typed('keeps a plain Uint8Array a byte string, and is off by default', () => {
  assert.is(toHex(encode(new Uint8Array([1, 2]), { typedArrays: true })), '420102');
  assert.is(failure(() => encode(new Float32Array(1)), EncodeError).code, 'unsupported-value');
  assert.instance(decode(fromHex('d855440000c03f')), Tag);
});

typed('writes a view of part of a buffer with only its own bytes', () => {
  const buffer = new Uint16Array([1, 2, 3, 4]).buffer;
  assert.is(toHex(encode(new Uint16Array(buffer, 2, 2), { typedArrays: true })), 'd84544' + '02000300');
});

typed('works on the CborEncoder and CborDecoder classes', () => {
  const bytes = new CborEncoder({ typedArrays: true }).encode([new Int16Array([-2])]);
  assert.is(toHex(bytes), '81d84d42feff');
  assert.equal([...(new CborDecoder({ typedArrays: true }).decode(bytes) as Int16Array[])[0]], [-2]);
});

typed.run();

const builtIn = suite('built-in extensions');

builtIn('Set is tag 258 around an array, as cbor-x writes it', () => {
  const set = new Set([1, 'a']);
  const ours = encode(set, { extensions: [setExtension] });
  assert.is(toHex(ours), 'd9010282016161');
  assert.is(toHex(ours), toHex(new CborXEncoder({ useRecords: false }).encode(set)));
  assert.equal([...(decode(ours, { extensions: [setExtension] }) as Set<unknown>)], [1, 'a']);
  assert.is(failure(() => decode(fromHex('d9010201'), { extensions: [setExtension] }), DecodeError).code, 'invalid-tag');
});

builtIn('tag 55799 is written by selfDescribe and read through', () => {
  const bytes = encode({ a: 1 }, { selfDescribe: true });
  assert.is(toHex(bytes), 'd9d9f7a1616101');
  assert.equal(decode(bytes), { a: 1 });
  assert.is(toHex(new CborEncoder({ selfDescribe: true }).encode(1)), 'd9d9f701');
});

builtIn('tag 24 keeps embedded CBOR as bytes until asked', () => {
  // d8 18 (tag 24) 43 a1 61 61: the bytes stop inside a map; only decode() notices.
  const lazy = decode(fromHex('d81843a16161'), { extensions: [embeddedCborExtension] }) as EmbeddedCbor;
  assert.instance(lazy, EmbeddedCbor);
  assert.is(toHex(lazy.bytes), 'a16161');
  assert.is(failure(() => lazy.decode(), DecodeError).code, 'unexpected-end');
  const good = decode(fromHex('d81843820102'), { extensions: [embeddedCborExtension] }) as EmbeddedCbor;
  assert.equal(good.decode(), [1, 2]);
  assert.is(toHex(encode(new EmbeddedCbor(fromHex('820102')), { extensions: [embeddedCborExtension] })), 'd81843820102');
});

builtIn('tag 32 is a URL, and text URL refuses is invalid-tag', () => {
  const bytes = encode(new URL('http://www.example.com'), { extensions: [urlExtension] });
  // RFC 8949 Appendix A: 32("http://www.example.com") = d82076687474703a2f2f7777772e6578616d706c652e636f6d;
  // URL normalises the href with a trailing slash.
  assert.is(toHex(bytes), 'd82077687474703a2f2f7777772e6578616d706c652e636f6d2f');
  const url = decode(fromHex('d82076687474703a2f2f7777772e6578616d706c652e636f6d'), { extensions: [urlExtension] });
  assert.instance(url, URL);
  assert.is((url as URL).hostname, 'www.example.com');
  const error = failure(() => decode(fromHex('d820636e6f74'), { extensions: [urlExtension] }), DecodeError);
  assert.is(error.code, 'invalid-tag');
  assert.is(error.offset, 0);
});

builtIn('decimal fractions and bigfloats keep RFC 8949 §3.4.4 values exactly', () => {
  const options = { extensions: [decimalExtension, bigfloatExtension] };
  // §3.4.4: 273.15 = c4 82 21 19 6ab3; 1.5 = c5 82 20 03.
  const decimal = decode(fromHex('c48221196ab3'), options) as Decimal;
  assert.instance(decimal, Decimal);
  assert.is(decimal.mantissa, 27315n);
  assert.is(decimal.exponent, -2);
  assert.is(decimal.toString(), '273.15');
  assert.is(decimal.toNumber(), 273.15);
  const bigfloat = decode(fromHex('c5822003'), options) as Bigfloat;
  assert.instance(bigfloat, Bigfloat);
  assert.is(bigfloat.toNumber(), 1.5);
  assert.is(toHex(encode(new Decimal(27315, -2), options)), 'c48221196ab3');
  assert.is(toHex(encode(new Bigfloat(3, -1), options)), 'c5822003');
  // A bignum mantissa (RFC 8949 §3.4.4 allows one): 2^64 × 10^-1.
  assert.is((decode(fromHex('c48220c249010000000000000000'), options) as Decimal).toString(), '1844674407370955161.6');
  // One element; a fractional exponent (1.5); a null mantissa.
  for (const hex of ['c48101', 'c482f93e0001', 'c48201f6']) assert.is(failure(() => decode(fromHex(hex), options), DecodeError).code, 'invalid-tag');
});

builtIn('leaves a tag without an extension a Tag', () => {
  const tag = decode(fromHex('c48221196ab3')) as Tag;
  assert.instance(tag, Tag);
  assert.is(tag.tag, 4);
});

builtIn.run();
