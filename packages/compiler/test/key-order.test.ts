// The key order the README promises: generated codecs write and return declared properties in
// schema order, then other keys in the order they came; generic decoders keep the input's order.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cbor from '@binschema/runtime/cbor';
import * as msgpack from '@binschema/runtime/msgpack';
import * as ubjson from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';

const test = suite('key order of generated codecs');

const SCHEMA = {
  type: 'object',
  properties: { a: { type: 'integer' }, b: { type: 'integer' }, map: { type: 'object' } },
  additionalProperties: true,
};
const GENERIC = { cbor, ubjson, msgpack } as const;

// Written in an order unlike the schema's, by the generic encoder (which keeps the object's order).
const INPUT = { extra: 1, b: 2, map: { z: 1, y: 2 }, a: 3, more: 4 };

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  for (const codeSize of ['speed', 'small'] as const) {
    test(`${format}, ${codeSize}`, () => {
      const codec = compileCodec(SCHEMA, { format, codeSize });
      const generic = GENERIC[format];
      const decoded = codec.decode(generic.encode(INPUT)) as Record<string, unknown>;
      assert.equal(Object.keys(decoded), ['a', 'b', 'map', 'extra', 'more'], 'generated decoder');
      assert.equal(Object.keys(decoded.map as object), ['z', 'y'], 'a map keeps its order');
      assert.equal(Object.keys(generic.decode(generic.encode(INPUT)) as object), ['extra', 'b', 'map', 'a', 'more'], 'generic decoder');
      assert.equal(Object.keys(generic.decode(codec.encode(INPUT)) as object), ['a', 'b', 'map', 'extra', 'more'], 'generated encoder');
    });
  }
}

// What generated encoders do with `undefined` (README "Key order"): a declared property is absent;
// an undeclared key keeps its `undefined` where the format has one, else becomes null.
const UNDEFINED_UNDER = { cbor: undefined, msgpack: null, ubjson: null } as const;

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  for (const codeSize of ['speed', 'small'] as const) {
    test(`${format}, ${codeSize}: undefined members`, () => {
      const codec = compileCodec(SCHEMA, { format, codeSize });
      const back = GENERIC[format].decode(codec.encode({ a: 1, b: undefined, extra: undefined })) as Record<string, unknown>;
      assert.equal(Object.keys(back), ['a', 'extra']);
      assert.is(back.extra, UNDEFINED_UNDER[format]);
    });
  }
}

test.run();
