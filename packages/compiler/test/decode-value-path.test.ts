// Generated decoders' errors carry the value path (`DecodeError.valuePath`, a JSON Pointer into
// the value being decoded) beside the schema path, in every format and both code sizes: the README
// promises `(#/$defs/Point, at /points/3)`. The expected paths follow from the values alone.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cbor from '@binschema/runtime/cbor';
import * as msgpack from '@binschema/runtime/msgpack';
import * as ubjson from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';
import { decodeErrorOf } from './support/verdicts.js';

const test = suite('value paths of generated decode errors');
const GENERIC = { cbor, ubjson, msgpack } as const;

const schema = {
  type: 'object',
  properties: {
    points: { type: 'array', items: { $ref: '#/$defs/Point' } },
    name: { type: 'string' },
    tags: { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer' } } },
    'a/b~c': { type: 'boolean' },
  },
  required: ['points'],
  additionalProperties: false,
  $defs: { Point: { type: 'object', properties: { x: { type: 'integer', minimum: 0 }, y: { type: 'integer' } }, required: ['x', 'y'] } },
};

const P = { x: 1, y: 2 };
/** Values that break the schema, and where. */
const BROKEN: [unknown, string, string][] = [
  [{ points: [P, P, P, 'a'] }, '/points/3', '#/$defs/Point'],
  [{ points: [P, { x: -1, y: 2 }] }, '/points/1/x', '#/$defs/Point/properties/x'],
  [{ points: [P, P, { x: 1 }] }, '/points/2', '#/$defs/Point'],
  [{ points: [], zzz: 1 }, '/zzz', '#'],
  [{ points: [], name: 5 }, '/name', '#/properties/name'],
  [{ points: [], tags: { a: [1], 'b c': [1, 'x'] } }, '/tags/b c/1', '#/properties/tags/additionalProperties'],
  [{ points: [], 'a/b~c': 1 }, '/a~1b~0c', '#/properties/a~1b~0c'],
  [{ name: 'n' }, '', '#'],
  ['text', '', '#'],
];


for (const format of ['cbor', 'msgpack', 'ubjson'] as const) {
  for (const codeSize of ['speed', 'small'] as const) {
    test(`${format}, ${codeSize}: where a value breaks the schema`, () => {
      const codec = compileCodec(schema, { format, codeSize });
      for (const [value, valuePath, schemaPath] of BROKEN) {
        const error = decodeErrorOf(() => codec.decode(GENERIC[format].encode(value)));
        assert.is(error.valuePath, valuePath, JSON.stringify(value));
        assert.ok(error.schemaPath?.startsWith(schemaPath), `${JSON.stringify(value)}: ${error.schemaPath}`);
        assert.ok(error.message.endsWith(`, at ${valuePath === '' ? '/' : valuePath})`), error.message);
      }
    });

    test(`${format}, ${codeSize}: where input ends early`, () => {
      const codec = compileCodec(schema, { format, codeSize });
      const value = { points: [P, { x: 3, y: 4 }], name: 'a longer name' };
      const bytes = GENERIC[format].encode(value);
      // Cut inside the name's text: the failure is in /name; cut inside the last point's y: /points/1/y.
      const name = bytes.length - (format === 'ubjson' ? 4 : 3);
      assert.is(decodeErrorOf(() => codec.decode(bytes.subarray(0, name))).valuePath, '/name');
      const point = GENERIC[format].encode({ points: [P, { x: 3, y: 400 }] });
      const cut = point.length - (format === 'ubjson' ? 4 : 1); // UBJSON ends `}]}` after the 400
      assert.is(decodeErrorOf(() => codec.decode(point.subarray(0, cut))).valuePath, '/points/1/y');
      // Nothing of the root read: the root.
      assert.is(decodeErrorOf(() => codec.decode(bytes.subarray(0, 0))).valuePath, '');
    });
  }
}

test('layout compact: no value path, as the bytes hold positions, not names', () => {
  for (const format of ['cbor', 'ubjson'] as const) {
    const codec = compileCodec(schema, { format, layout: 'compact' });
    const error = decodeErrorOf(() => codec.decode(codec.encode({ points: [P] }).subarray(0, 3)));
    assert.is(error.valuePath, undefined, format);
    assert.not.match(error.message, /, at \//, format);
  }
});

test('cbor: indefinite lengths, a text key in chunks, the self-described prefix', () => {
  const codec = compileCodec(schema, { format: 'cbor' });
  // 55799({_ "points": [_ {"x": 1, "y": 2}, {"x": -1, "y": 2}] }) with the key "points" in two chunks.
  const bytes = Buffer.from('d9d9f7 bf 7f 63706f69 63 6e7473 ff 9f a2 6178 01 6179 02 a2 6178 20 6179 02 ff ff'.replace(/ /g, ''), 'hex');
  const error = decodeErrorOf(() => codec.decode(bytes));
  assert.is(error.code, 'schema-violation');
  assert.is(error.valuePath, '/points/1/x');
});

test('ubjson: typed and counted containers, no-ops between entries', () => {
  const codec = compileCodec(schema, { format: 'ubjson' });
  // {#i1 i6"points" [${#i2 then two objects without their `{`: i1"x" i1 i1"y" i2 }, and N i1"x" i-1 i1"y" i2 }.
  const bytes = Buffer.from('7b 23 6901 6906 706f696e7473 5b 24 7b 23 6902 6901 78 6901 6901 79 6902 7d 4e 6901 78 69ff 6901 79 6902 7d'.replace(/ /g, ''), 'hex');
  const error = decodeErrorOf(() => codec.decode(bytes));
  assert.is(error.code, 'schema-violation');
  assert.is(error.valuePath, '/points/1/x');
});

test.run();
