// Schema shapes at their edges (empty objects, closed tuples, `{}`/`true`, every JSON type in one
// union, recursive nullable lists…): values round-trip through the generated codec, in both
// plain and deterministic mode, and agree with the generic codec in both directions.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode as genericDecode, encode as genericEncode } from '@binschema/runtime/cbor';
import { compileCodec } from '../src/index.js';

const shapes: { name: string; schema: unknown; values: unknown[] }[] = [
  { name: 'an empty closed object', schema: { type: 'object', additionalProperties: false }, values: [{}] },
  { name: 'an open object without properties', schema: { type: 'object' }, values: [{}, { a: 1, b: [null] }] },
  { name: 'an array that allows no items', schema: { type: 'array', items: false }, values: [[]] },
  { name: 'an open tuple', schema: { type: 'array', prefixItems: [{ type: 'string' }] }, values: [[], ['a'], ['a', 1, null]] },
  { name: 'the empty schema', schema: {}, values: [1, 'a', null, [1], { a: 1 }, 1.5] },
  { name: 'the true schema', schema: true, values: [1, { deep: { deeper: [] } }] },
  { name: 'const null', schema: { const: null }, values: [null] },
  { name: 'an enum of every JSON type', schema: { enum: [1, 2.5, 'x', true, null, [1], { a: 1 }] }, values: [1, 2.5, 'x', true, null, [1], { a: 1 }] },
  { name: 'a type union of six types', schema: { type: ['integer', 'string', 'array', 'object', 'boolean', 'null'] }, values: [1, 'a', [], {}, false, null] },
  { name: 'overlapping anyOf', schema: { anyOf: [{ type: 'string' }, { type: 'string', maxLength: 2 }] }, values: ['abc', 'ab'] },
  { name: 'required names without a property schema', schema: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a', 'b'] }, values: [{ a: 1, b: 2 }] },
  { name: 'propertyNames false', schema: { type: 'object', propertyNames: false }, values: [{}] },
  {
    name: 'patternProperties with property counts',
    schema: { type: 'object', minProperties: 1, maxProperties: 2, patternProperties: { '^x': { type: 'integer' } } },
    values: [{ x1: 1 }, { y: 'a', x2: 3 }],
  },
  {
    name: 'a recursive nullable list',
    schema: { $defs: { list: { type: ['object', 'null'], properties: { v: { type: 'integer' }, next: { $ref: '#/$defs/list' } } } }, $ref: '#/$defs/list' },
    values: [null, { v: 1, next: { v: 2, next: null } }],
  },
  {
    name: 'declared properties mixed with extra keys (deterministic mode merges them in RFC 8949 §4.2.1 order)',
    schema: { type: 'object', properties: { b: { type: 'integer' }, dd: { type: 'string' }, ü: {} }, additionalProperties: true },
    values: [{ b: 1, dd: 'x', a: 0, c: [2], aaa: null, e: { z: 1, y: 2 }, ü: 3, 'é': 4, '': 5 }, { dd: 'y' }, { zz: 1, a: 2 }],
  },
  {
    name: 'numbers that fit float16 and float32 (deterministic mode writes the shortest float)',
    schema: { type: 'array', items: { type: 'number' } },
    values: [[1.5, 0.1, 65504, 1e-7, -0, 3.4028234663852886e38, 5e-324]],
  },
  { name: 'integers beyond 2^53 (written as float64, like the generic encoder)', schema: { type: 'integer' }, values: [2 ** 53, -(2 ** 60), 968129121061490700] },
];

const test = suite('generated CBOR codecs on edge shapes');

for (const { name, schema, values } of shapes) {
  test(`${name}: round-trips and agrees with the generic codec`, () => {
    for (const deterministic of [false, true]) {
      const codec = compileCodec(schema, { format: 'cbor', deterministic });
      for (const value of values) {
        const bytes = codec.encode(value);
        assert.equal(codec.decode(bytes), value);
        assert.equal(genericDecode(bytes), value);
        assert.equal(codec.decode(genericEncode(value)), value);
        if (deterministic) assert.equal(Array.from(bytes), Array.from(genericEncode(value, { deterministic: true })));
      }
    }
  });
}

test.run();
