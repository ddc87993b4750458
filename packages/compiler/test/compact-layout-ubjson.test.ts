// The compact layout in UBJSON (README "Compact layout"): bytes written by hand from the UBJSON
// spec (ubjson.org, Draft 12) and the layout's rules, never by our encoder; decoders reading
// encodings our encoder never writes (counted and typed containers, no-ops, keys out of order,
// wider integer markers); and json-pack's UBJSON decoder reading our bytes as generic UBJSON.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec } from '../src/index.js';
import { fromHex, toHex } from './support/values.js';
import { PackDecoder } from './support/json-pack.js';
import { MANY, OPEN, PINNED, POINT, RECORD, ROLE, SHAPE, WIDE } from './support/compact-schemas.js';

const compact = (schema: unknown) => compileCodec(schema, { format: 'ubjson', layout: 'compact' });
const codecs = { record: compact(RECORD), open: compact(OPEN), role: compact(ROLE), point: compact(POINT), wide: compact(WIDE), pinned: compact(PINNED), shape: compact(SHAPE), many: compact(MANY) };
type CodecName = keyof typeof codecs;

// Markers: [ 5b, ] 5d, { 7b, } 7d, i 69, U 55, I 49, l 6c, L 4c, S 53, T 54, F 46, Z 5a, N 4e,
// # 23, $ 24. A key is its length (i n) and UTF-8: "0" is 69 01 30, "" is 69 00.
const written: [string, CodecName, unknown, string][] = [
  ['a dense object ends at its last present position', 'record', { id: 1, name: 'a' }, '5b 69 01 53 69 01 61 5d'],
  ['an all-required record is the array of its values', 'record', { id: 1 }, '5b 69 01 5d'],
  ['every position present: the array of all of them', 'record', { id: 1, name: 'a', tags: ['x'], note: 'b', flag: false }, '5b 69 01 53 69 01 61 5b 53 69 01 78 5d 53 69 01 62 46 5d'],
  // name, tags and note absent before flag: holes, so {"0": 1, "4": true}.
  ['a hole before the last present position forces the sparse form', 'record', { id: 1, flag: true }, '7b 69 01 30 69 01 69 01 34 54 7d'],
  ['one hole is enough', 'record', { id: 1, note: 'x' }, '7b 69 01 30 69 01 69 01 33 53 69 01 78 7d'],
  // Dense [] and sparse {} are two bytes each: the tie stays dense.
  ['an empty object at the tie stays the array', 'open', {}, '5b 5d'],
  ['two present leading positions of an open object: the array', 'open', { a: 'x', b: 'y' }, '5b 53 69 01 78 53 69 01 79 5d'],
  ['extras after every position: one object after them in the array', 'open', { a: 'x', b: 'y', c: 'z', d: 'w', e: 5 }, '5b 53 69 01 78 53 69 01 79 53 69 01 7a 53 69 01 77 7b 69 01 65 69 05 7d 5d'],
  ['extras with a position absent: the sparse form, the extras as one object under ""', 'open', { c: 'x', z: 1 }, '7b 69 01 32 53 69 01 78 69 00 7b 69 01 7a 69 01 7d 7d'],
  ['extras with only leading positions present still need every position for the array', 'open', { a: 'x', e: 5 }, '7b 69 01 30 53 69 01 78 69 00 7b 69 01 65 69 05 7d 7d'],
  ['an extra key named "3" stays under "", away from position 3', 'open', { a: 'x', 3: 7 }, '7b 69 01 30 53 69 01 78 69 00 7b 69 01 33 69 07 7d 7d'],
  ['an enum is its index, the smallest integer marker (the README example, a hole at name)', 'role', { id: 7, role: 'admin' }, '7b 69 01 30 69 07 69 01 32 69 01 7d'],
  ['an enum index in the array', 'role', { id: 7, name: 'x', role: 'user' }, '5b 69 07 53 69 01 78 69 00 5d'],
  ['an enum index below 128 is i', 'many', { level: 'v5' }, '5b 69 05 5d'],
  ['an enum index from 128 to 255 is U', 'many', { level: 'v150' }, '5b 55 96 5d'],
  ['an enum index past 255 is I', 'many', { level: 'v299' }, '5b 49 01 2b 5d'],
  ['a required const is not written', 'point', { kind: 'point', x: 1 }, '5b 69 01 5d'],
  ['a required const is not written, the next position follows', 'point', { kind: 'point', x: 1, y: 2 }, '5b 69 01 69 02 5d'],
  // Positions 2-5 are reserved: a hole before label at 6.
  ['a property pinned past reserved positions: sparse', 'point', { kind: 'point', x: 1, label: 'p' }, '7b 69 01 30 69 01 69 01 36 53 69 01 70 7d'],
  ['position keys of one, two and three digits', 'wide', { first: 1, late: 2, far: 'z' }, '7b 69 01 30 69 01 69 02 33 30 69 02 69 03 33 30 30 53 69 01 7a 7d'],
  ['absent pinned positions after the last present one are dropped', 'wide', { first: 1 }, '5b 69 01 5d'],
  ['a fixed shape with reserved positions is sparse (decided at compile time)', 'pinned', { a: 5 }, '7b 69 01 39 69 05 7d'],
  ['a discriminated union: [variantIndex, …fields], the discriminator not written', 'shape', { type: 'circle', r: 3 }, '5b 69 00 69 03 5d'],
  ['a second variant', 'shape', { type: 'box', w: 2 }, '5b 69 01 69 02 5d'],
  ['a variant with no fields present is its index alone', 'shape', { type: 'box' }, '5b 69 01 5d'],
  ['a variant with a hole: {"variantIndex": sparse object}', 'shape', { type: 'box', note: 'n' }, '7b 69 01 31 7b 69 01 36 53 69 01 6e 7d 7d'],
  ['a sparse variant with two fields', 'shape', { type: 'box', w: 2, note: 'n' }, '7b 69 01 31 7b 69 01 30 69 02 69 01 36 53 69 01 6e 7d 7d'],
];

const bytes = suite('UBJSON compact layout: bytes written by hand');

for (const [title, name, value, hex] of written) {
  bytes(`${title}: ${name} ${JSON.stringify(value)} is ${hex}`, () => {
    const encoded = codecs[name].encode(value);
    assert.is(toHex(encoded), hex.replace(/ /g, ''));
    assert.equal(codecs[name].decode(fromHex(hex)), value);
  });
}

// Encodings our encoder never writes, each a valid UBJSON encoding of a form of the layout.
const accepted: [string, CodecName, string, unknown][] = [
  ['a counted dense array', 'record', '5b 23 69 02 69 01 53 69 01 61', { id: 1, name: 'a' }],
  ['no-ops between dense elements and before the end', 'record', '5b 4e 69 01 4e 4e 53 69 01 61 4e 5d', { id: 1, name: 'a' }],
  ['a typed dense array ($i)', 'point', '5b 24 69 23 69 02 01 02', { kind: 'point', x: 1, y: 2 }],
  ['sparse keys out of order, after a no-op', 'record', '7b 4e 69 01 34 54 69 01 30 69 01 7d', { id: 1, flag: true }],
  ['a counted sparse object', 'record', '7b 23 69 02 69 01 34 54 69 01 30 69 01', { id: 1, flag: true }],
  ['a typed sparse object ($i)', 'point', '7b 24 69 23 69 02 69 01 31 02 69 01 30 01', { kind: 'point', x: 1, y: 2 }],
  ['the sparse form where the array would do', 'record', '7b 69 01 30 69 01 7d', { id: 1 }],
  ['a key length with an I marker', 'record', '7b 69 01 30 69 01 49 00 01 34 54 7d', { id: 1, flag: true }],
  ['a key length with a U marker', 'record', '7b 55 01 30 69 01 7d', { id: 1 }],
  ['an enum index with a U marker', 'role', '5b 69 07 53 69 01 78 55 01 5d', { id: 7, name: 'x', role: 'admin' }],
  ['an enum index with an I marker', 'role', '5b 69 07 53 69 01 78 49 00 01 5d', { id: 7, name: 'x', role: 'admin' }],
  ['an enum index with an L marker', 'role', '5b 69 07 53 69 01 78 4c 00 00 00 00 00 00 00 01 5d', { id: 7, name: 'x', role: 'admin' }],
  ['an enum index past 255 with an l marker', 'many', '5b 6c 00 00 01 2b 5d', { level: 'v299' }],
  ['a variant index with an L marker', 'shape', '5b 4c 00 00 00 00 00 00 00 01 69 02 5d', { type: 'box', w: 2 }],
  ['a counted dense variant', 'shape', '5b 23 69 02 69 00 69 03', { type: 'circle', r: 3 }],
  ['a typed dense variant ($i: the index and the field)', 'shape', '5b 24 69 23 69 02 00 03', { type: 'circle', r: 3 }],
  ['a counted sparse variant with counted, unordered keys inside', 'shape', '7b 23 69 01 69 01 31 7b 23 69 02 69 01 36 53 69 01 6e 69 01 30 69 02', { type: 'box', w: 2, note: 'n' }],
  ['the extras key "" before the positions', 'open', '7b 69 00 7b 69 01 7a 69 01 7d 69 01 32 53 69 01 78 7d', { c: 'x', z: 1 }],
  ['position 3 and an extra key "3" side by side', 'open', '7b 69 01 33 53 69 01 64 69 00 7b 69 01 33 69 07 7d 7d', { d: 'd', 3: 7 }],
  ['a counted dense array with a counted extras object', 'open', '5b 23 69 05 53 69 01 78 53 69 01 79 53 69 01 7a 53 69 01 77 7b 23 69 01 69 01 65 69 05', { a: 'x', b: 'y', c: 'z', d: 'w', e: 5 }],
  ['a value at a reserved position of the array, skipped', 'point', '5b 69 01 69 02 53 69 01 71 5d', { kind: 'point', x: 1, y: 2 }],
  ['values at every reserved position, then the pinned one', 'point', '5b 69 01 69 02 5a 54 5b 5d 7b 7d 53 69 01 70 5d', { kind: 'point', x: 1, y: 2, label: 'p' }],
  ['a value under a reserved position key, skipped', 'point', '7b 69 01 30 69 01 69 01 33 5b 69 01 5d 7d', { kind: 'point', x: 1 }],
];

const decoders = suite('UBJSON compact layout: what decoders accept beyond what the encoder writes');

for (const [title, name, hex, value] of accepted) {
  decoders(`${title}: ${name} ${hex}`, () => {
    assert.equal(codecs[name].decode(fromHex(hex)), value);
  });
}

const independent = suite("UBJSON compact layout: json-pack's UBJSON decoder reads our bytes");
const pack = new PackDecoder();

independent('every hand-written encoding is well-formed generic UBJSON', () => {
  for (const [, name, value] of written) pack.decode(codecs[name].encode(value));
});

const generic: [CodecName, unknown, unknown][] = [
  ['role', { id: 7, name: 'x', role: 'user' }, [7, 'x', 0]],
  ['record', { id: 1, flag: true }, { 0: 1, 4: true }],
  ['open', { c: 'x', z: 1 }, { 2: 'x', '': { z: 1 } }],
  ['open', { a: 'x', b: 'y', c: 'z', d: 'w', e: 5 }, ['x', 'y', 'z', 'w', { e: 5 }]],
  ['shape', { type: 'box', note: 'n' }, { 1: { 6: 'n' } }],
  ['shape', { type: 'circle', r: 3 }, [0, 3]],
];

for (const [name, value, expected] of generic) {
  independent(`sees ${name} ${JSON.stringify(value)} as ${JSON.stringify(expected)}`, () => {
    assert.equal(pack.decode(codecs[name].encode(value)), expected);
  });
}

bytes.run();
decoders.run();
independent.run();
