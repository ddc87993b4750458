// Issue 15 item 5: structuredClone: true, checked both ways against cbor-x's structuredClone
// (with useRecords: false: records are cbor-x's own format, not part of structured cloning).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Encoder as CborXEncoder, Decoder as CborXDecoder } from 'cbor-x';
import { encode, decode, decodeSequence, CborEncoder, CborDecoder, Tag } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { fromHex, toHex } from './cbor-fixtures.js';

const peerEncoder = new CborXEncoder({ structuredClone: true, useRecords: false });
const peerDecoder = new CborXDecoder({ structuredClone: true, useRecords: false });
const CLONE = { structuredClone: true };

function decodeError(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw new Error(`expected a DecodeError, got ${String(error)}`);
  }
  throw new Error('expected a DecodeError, got success');
}

/** A value with every type, two shared objects and cycles through an object and an array. */
function sample() {
  const shared = { name: 'shared' };
  const root: Record<string, unknown> = {
    a: shared,
    b: shared,
    date: new Date(1_500),
    pattern: /ab+c/gi,
    error: new RangeError('out of range'),
    set: new Set([1, 'two']),
    map: new Map<unknown, unknown>([['k', 1], [2, 'two']]),
    floats: new Float64Array([0.5, -1]),
    words: new Uint16Array([1, 65535]),
    missing: undefined,
    sparse: [1, , 3], // eslint-disable-line no-sparse-arrays
  };
  const list: unknown[] = [1];
  list.push(list);
  root.list = list;
  root.self = root;
  return root;
}

/** Checks a decoded `sample()` (holes come back as undefined, as cbor-x writes them). */
function checkSample(value: any, peerMaps = false): void {
  assert.is(value.a, value.b);
  assert.equal(value.a, { name: 'shared' });
  assert.is(value.self, value);
  assert.is(value.list[1], value.list);
  assert.is(value.list[0], 1);
  assert.instance(value.date, Date);
  assert.is(value.date.getTime(), 1_500);
  assert.instance(value.pattern, RegExp);
  assert.is(value.pattern.source, 'ab+c');
  assert.is(value.pattern.flags, 'gi');
  assert.instance(value.error, Error);
  assert.is(value.error.message, 'out of range');
  assert.instance(value.set, Set);
  assert.equal([...value.set], [1, 'two']);
  assert.instance(value.map, Map);
  if (!peerMaps) assert.equal([...value.map], [['k', 1], [2, 'two']]);
  assert.instance(value.floats, Float64Array);
  assert.equal([...value.floats], [0.5, -1]);
  assert.instance(value.words, Uint16Array);
  assert.equal([...value.words], [1, 65535]);
  assert.ok('missing' in value);
  assert.is(value.missing, undefined);
  assert.equal(value.sparse, [1, undefined, 3]);
}

const interop = suite('structured clone against cbor-x');

interop('decodes what cbor-x writes', () => {
  const value = decode(peerEncoder.encode(sample()), CLONE) as any;
  checkSample(value);
  assert.instance(value.error, RangeError);
});

interop('writes what cbor-x decodes', () => {
  // cbor-x gives Error for every error class name it does not know (its glbl has Error and RegExp only).
  checkSample(peerDecoder.decode(encode(sample(), CLONE)), true);
});

interop('decodes its own encoding with the error class and Map keys of every type', () => {
  const value = new CborDecoder(CLONE).decode(new CborEncoder(CLONE).encode(sample())) as any;
  checkSample(value);
  assert.instance(value.error, RangeError);
});

interop('keeps cycles through a Map and a Set, which cbor-x cannot', () => {
  const map = new Map<string, unknown>();
  map.set('me', map);
  const set = new Set<unknown>([1]);
  set.add(set);
  const [mapBack, setBack] = decode(encode([map, set], CLONE), CLONE) as [Map<string, unknown>, Set<unknown>];
  assert.is(mapBack.get('me'), mapBack);
  assert.ok(setBack.has(setBack));
  assert.ok(setBack.has(1));
});

interop('writes the value-sharing tags by hand-checked bytes', () => {
  const shared = [1];
  // 82 (array of 2), d8 1c (tag 28) 81 01, d8 1d (tag 29) 00.
  assert.is(toHex(encode([shared, shared], CLONE)), '82d81c8101d81d00');
  // Objects reached once get no tag: plain CBOR.
  assert.is(toHex(encode({ a: [1] }, CLONE)), 'a161618101');
  // Map: tag 259 around the map; Set: tag 258 around an array; RegExp and Error: tag 27.
  assert.is(toHex(encode(new Map([['a', 1]]), CLONE)), 'd90103a1616101');
  assert.is(toHex(encode(new Set([1]), CLONE)), 'd901028101');
  assert.is(toHex(encode(/a/g, CLONE)), 'd81b83665265674578706161' + '6167');
  assert.is(toHex(encode(new TypeError('x'), CLONE)), 'd81b8269547970654572726f726178');
});

interop('numbers shared values in the order their tag 28 starts, across nesting', () => {
  const inner = { i: 1 };
  const outer = { inner, again: inner };
  const value = decode(encode([outer, outer, inner], CLONE), CLONE) as any[];
  assert.is(value[0], value[1]);
  assert.is(value[2], value[0].inner);
  assert.is(value[0].again, value[0].inner);
});

interop('shares leaf objects too (a Date, a typed array), both ways', () => {
  const date = new Date(5);
  const words = new Uint16Array([9]);
  for (const bytes of [encode([date, words, date, words], CLONE), peerEncoder.encode([date, words, date, words])]) {
    const value = decode(bytes, CLONE) as unknown[];
    assert.is(value[0], value[2]);
    assert.is(value[1], value[3]);
    assert.is((value[0] as Date).getTime(), 5);
  }
  const peer = peerDecoder.decode(encode([date, date], CLONE));
  assert.is(peer[0], peer[1]);
});

interop('is off by default: tags 28 and 29 stay Tags', () => {
  const value = decode(fromHex('82d81c8101d81d00')) as unknown[];
  assert.instance(value[0], Tag);
  assert.instance(value[1], Tag);
});

interop('refuses deterministic encoding (sorting would reorder the references)', () => {
  assert.throws(() => new CborEncoder({ structuredClone: true, deterministic: true }), TypeError);
});

interop.run();

const bounded = suite('structured clone decoding is bounded');

bounded('refuses a reference to no shared value (dangling) with invalid-reference at the tag', () => {
  const dangling = decodeError(() => decode(fromHex('82d81c80d81d01'), CLONE));
  assert.is(dangling.code, 'invalid-reference');
  assert.is(dangling.offset, 4);
  // A reference before any tag 28.
  assert.is(decodeError(() => decode(fromHex('82d81d00d81c80'), CLONE)).offset, 1);
  // Not an unsigned integer.
  assert.is(decodeError(() => decode(fromHex('d81c81d81d20'), CLONE)).code, 'invalid-reference');
  assert.is(decodeError(() => decode(fromHex('d81c81d81d6130'), CLONE)).code, 'invalid-reference');
});

bounded('refuses a reference to a value that is not complete and not a container', () => {
  // 28(1(29(0))): a Date that would contain itself.
  const error = decodeError(() => decode(fromHex('d81cc1d81d00'), CLONE));
  assert.is(error.code, 'invalid-reference');
  assert.is(error.offset, 3);
  // 28(28(29(0))): the outer value is still being read.
  assert.is(decodeError(() => decode(fromHex('d81cd81cd81d00'), CLONE)).code, 'invalid-reference');
});

bounded('refuses a container referenced inside itself that turns out another kind', () => {
  // 28({1: 29(0)}): a map with an integer key becomes a Map, not the object made for it.
  const error = decodeError(() => decode(fromHex('d81ca101d81d00'), CLONE));
  assert.is(error.code, 'invalid-reference');
  assert.is(error.offset, 0);
});

bounded('keeps __proto__ an own property when a cyclic object is filled in', () => {
  // 28({"__proto__": {"x": 1}, "me": 29(0)})
  const value = decode(fromHex('d81ca2695f5f70726f746f5f5fa1617801626d65d81d00'), CLONE) as Record<string, unknown>;
  assert.is(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, '__proto__'));
  assert.is(value.me, value);
  assert.is(({} as Record<string, unknown>).x, undefined);
});

bounded('starts the reference numbers afresh for each item of a sequence and each call', () => {
  const decoder = new CborDecoder(CLONE);
  decoder.decode(fromHex('d81c80'));
  assert.is(decodeError(() => decoder.decode(fromHex('d81d00'))).code, 'invalid-reference');
  const items = decodeSequence(fromHex('d81c80d81d00'), CLONE);
  assert.equal(items.next().value, []);
  assert.throws(() => items.next(), (error: unknown) => error instanceof DecodeError && error.code === 'invalid-reference');
});

bounded('rejects a RegExp tag with an invalid pattern as invalid-tag', () => {
  // 27(["RegExp", "(", ""])
  const error = decodeError(() => decode(fromHex('d81b83665265674578706128' + '60'), CLONE));
  assert.is(error.code, 'invalid-tag');
  assert.is(error.offset, 0);
});

bounded.run();

const maps = suite('structured clone Maps (tag 259)');

maps('keep their entry order, index-like text keys included', () => {
  const map = new Map<unknown, unknown>([['b', 1], ['1', 2], [3, 'x']]);
  const back = decode(encode(map, CLONE), CLONE) as Map<unknown, unknown>;
  assert.equal([...back.keys()], ['b', '1', 3]);
  // d9 0103 bf 61 62 01 61 31 02 ff: an indefinite-length map in tag 259.
  assert.equal([...(decode(fromHex('d90103bf61620161310' + '2ff'), CLONE) as Map<unknown, unknown>)], [['b', 1], ['1', 2]]);
});

maps('refuse content that is not a map, and repeated keys under duplicateKeys reject', () => {
  assert.is(decodeError(() => decode(fromHex('d9010380'), CLONE)).code, 'invalid-tag');
  const error = decodeError(() => decode(fromHex('d90103a2616101616102'), { ...CLONE, duplicateKeys: 'reject' }));
  assert.is(error.code, 'duplicate-key');
  assert.is(error.offset, 7);
});

maps.run();
