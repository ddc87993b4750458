// Encoders take a value's own properties only, as JSON.stringify and the generic encoders do: an
// inherited property is no member of the value, in both code sizes (found from outside: `small`
// wrote inherited members that `speed` left out, and refused values `speed` accepted).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cbor from '@binschema/runtime/cbor';
import * as msgpack from '@binschema/runtime/msgpack';
import * as ubjson from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';
import { encodeErrorOf } from './support/verdicts.js';

const test = suite('inherited properties are not members');
const GENERIC = { cbor, ubjson, msgpack } as const;

const points = {
  type: 'object',
  properties: { points: { type: 'array', items: { $ref: '#/$defs/Point' } } },
  $defs: { Point: { type: 'object', properties: { x: { type: 'integer', minimum: 0 }, y: { type: 'integer' } }, required: ['x', 'y'] } },
};
// `required` naming an undeclared property: specialised code reads the properties by name, not by walking the keys.
const named = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a', 'b'] };


for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  for (const codeSize of ['speed', 'small'] as const) {
    test(`${format}, ${codeSize}`, () => {
      const codec = compileCodec(points, { format, codeSize });
      // An empty object to JSON.stringify and the generic encoder: written as one.
      for (const value of [Object.create({ points: [{ x: 1, y: 2 }] }), Object.create({ points: 'not an array' })]) {
        assert.equal(Array.from(codec.encode(value)), Array.from(GENERIC[format].encode({})));
      }
      const inheritedX = encodeErrorOf(() => codec.encode({ points: [Object.assign(Object.create({ x: 1 }), { y: 2 })] }));
      assert.is(inheritedX.code, 'schema-violation');
      assert.is(inheritedX.message.includes('missing required property "x"'), true, inheritedX.message);
      assert.is(inheritedX.path, '/points/0');
      const byName = compileCodec(named, { format, codeSize });
      const inheritedA = encodeErrorOf(() => byName.encode(Object.assign(Object.create({ a: 1 }), { b: 2 })));
      assert.is(inheritedA.message.includes('missing required property "a"'), true, inheritedA.message);
      const inheritedB = encodeErrorOf(() => byName.encode(Object.assign(Object.create({ b: 2 }), { a: 1 })));
      assert.is(inheritedB.message.includes('missing required property "b"'), true, inheritedB.message);
    });
  }
}

test.run();
