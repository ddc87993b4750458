// Generated CBOR encoders: EncodeError carries the JSON Pointer of the offending value (RFC 6901,
// escaped) and the schema path, however deep the value sits.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isEncodeError } from '@binschema/runtime';
import { encode as genericEncode } from '@binschema/runtime/cbor';
import { compileCodec } from '../src/index.js';
import { encodeErrorOf } from './support/verdicts.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    points: { type: 'array', items: { $ref: '#/$defs/Point' } },
    'a/b~c': { type: 'integer' },
    meta: { type: 'object', additionalProperties: { type: 'array', items: { type: 'boolean' } } },
    extra: {},
    shape: { oneOf: [{ $ref: '#/$defs/Point' }, { type: 'string' }] },
    op: {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'add' }, value: { type: 'integer' } }, required: ['kind', 'value'] },
        { type: 'object', properties: { kind: { const: 'remove' } }, required: ['kind'] },
      ],
    },
  },
  required: ['name'],
  additionalProperties: false,
  $defs: {
    Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number', minimum: 0 } }, required: ['x', 'y'], additionalProperties: false },
  },
};
const codec = compileCodec(schema, { format: 'cbor' });

const test = suite('generated CBOR encoder error paths');

function check(value: unknown, code: string, path: string, schemaPath?: string): void {
  const error = encodeErrorOf(() => codec.encode(value));
  assert.is(error.code, code);
  assert.is(error.path, path);
  if (schemaPath !== undefined) assert.is(error.schemaPath, schemaPath);
}

test('reports the root for a value of the wrong type', () => {
  check(42, 'unexpected-type', '', '#');
});

test('reports a missing required property at its object', () => {
  check({}, 'schema-violation', '', '#');
});

test('reports a property of the wrong type', () => {
  check({ name: 1 }, 'unexpected-type', '/name', '#/properties/name');
});

test('reports an item of an array of definitions, with the definition path', () => {
  check({ name: 'a', points: [{ x: 1, y: 2 }, { x: 1, y: -1 }] }, 'schema-violation', '/points/1/y', '#/$defs/Point/properties/y');
});

test('escapes ~ and / in path tokens (RFC 6901)', () => {
  check({ name: 'a', 'a/b~c': 'x' }, 'unexpected-type', '/a~1b~0c');
});

test('reports an undeclared property of a closed object', () => {
  check({ name: 'a', points: [{ x: 1, y: 2, z: 3 }] }, 'schema-violation', '/points/0/z');
});

test('reports a value under additionalProperties by its key', () => {
  check({ name: 'a', meta: { 'k/1': [true, 'no'] } }, 'unexpected-type', '/meta/k~11/1');
});

test('reports a failure of the generic encoder with the full path', () => {
  check({ name: 'a', extra: { deep: [1, () => 0] } }, 'unsupported-value', '/extra/deep/1');
});

test('reports a value that matches no oneOf variant at the union', () => {
  check({ name: 'a', shape: 3 }, 'unexpected-type', '/shape');
});

test('reports a discriminated variant failure inside the variant', () => {
  check({ name: 'a', op: { kind: 'add', value: 'x' } }, 'unexpected-type', '/op/value');
});

test('reports a missing discriminator at the object', () => {
  check({ name: 'a', op: { value: 1 } }, 'schema-violation', '/op');
});

test('refuses a cyclic value with a typed error instead of overflowing the stack', () => {
  const cyclic = compileCodec(
    { $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' },
    { format: 'cbor' },
  );
  const node: Record<string, unknown> = {};
  node.next = node;
  const error = encodeErrorOf(() => cyclic.encode(node));
  assert.is(error.code, 'too-deep');
});

test('refuses values that are objects but not JSON objects (Map, Date, class instances)', () => {
  class Point {
    x = 1;
    y = 2;
  }
  for (const value of [new Map([['name', 'a']]), new Date(0), new Point()]) check(value, 'unexpected-type', '', '#');
  const points = compileCodec({ type: 'array', items: schema.$defs.Point }, { format: 'cbor' });
  assert.equal(points.decode(points.encode([Object.assign(Object.create(null), { x: 1, y: 2 })])), [{ x: 1, y: 2 }]);
});

test('values of unknown shape share the nesting limit with the generic encoder', () => {
  const open = compileCodec({ type: 'object', properties: { a: {} } }, { format: 'cbor' });
  let nested: unknown = 1;
  for (let level = 0; level < 511; level++) nested = [nested];
  // The object is level 1, so 511 arrays inside fit in the 512 levels and 512 do not.
  assert.equal(open.decode(open.encode({ a: nested })), { a: nested });
  const error = encodeErrorOf(() => open.encode({ a: [nested] }));
  assert.is(error.code, 'too-deep');
  assert.is(error.path, `/a${'/0'.repeat(511)}`);
  assert.throws(() => genericEncode({ a: [nested] }), (generic: unknown) => isEncodeError(generic) && generic.code === 'too-deep');
});

test('leaves the writer usable after a failure', () => {
  encodeErrorOf(() => codec.encode({ name: 'a', points: [{ x: 1, y: -1 }] }));
  assert.equal(codec.decode(codec.encode({ name: 'b' })), { name: 'b' });
});

test.run();
