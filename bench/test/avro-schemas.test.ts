import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import avro from 'avsc';
import { avroSchemaOf, withoutNulls } from '../src/avro-schemas.js';

const derive = suite('avro schemas from JSON Schemas');

derive('maps an object to a record, optional fields to ["null", T] with default null', () => {
  const derived = avroSchemaOf({
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, score: { type: 'number' }, ok: { type: 'boolean' } },
    required: ['id', 'ok'],
  });
  assert.equal(derived, {
    avro: {
      type: 'record',
      name: 'Root',
      fields: [
        { name: 'id', type: 'long' },
        { name: 'name', type: ['null', 'string'], default: null },
        { name: 'score', type: ['null', 'double'], default: null },
        { name: 'ok', type: 'boolean' },
      ],
    },
  });
});

derive('maps arrays, maps, string enums and nullable type arrays', () => {
  const derived = avroSchemaOf({
    type: 'array',
    items: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
  });
  assert.equal(derived, { avro: { type: 'array', items: { type: 'map', values: ['null', 'string'] } } });
  assert.equal(avroSchemaOf({ enum: ['red', 'green'] }), { avro: { type: 'enum', name: 'Root', symbols: ['red', 'green'] } });
  assert.equal(avroSchemaOf({ enum: ['a-b', 'c'] }), { avro: 'string' }, 'symbols that are not Avro names stay strings');
});

derive('merges a oneOf of objects into one record whose fields are optional unless every variant requires them', () => {
  const variant = (op: unknown, extra: Record<string, unknown>, required: string[]) => ({ type: 'object', properties: { op, path: { type: 'string' }, ...extra }, required: ['op', 'path', ...required] });
  const derived = avroSchemaOf({ oneOf: [variant({ enum: ['add', 'test'] }, { value: { type: 'integer' } }, ['value']), variant({ const: 'remove' }, {}, [])] }) as { avro: { fields: unknown[] } };
  assert.equal(derived.avro.fields, [
    { name: 'op', type: { type: 'enum', name: 'Root_op', symbols: ['add', 'test', 'remove'] } },
    { name: 'path', type: 'string' },
    { name: 'value', type: ['null', 'long'], default: null },
  ]);
});

derive('gives a reason for what Avro cannot express', () => {
  assert.equal(avroSchemaOf({ type: 'array', prefixItems: [{ type: 'string' }] }), { reason: '#: a tuple (prefixItems); Avro arrays have one item type' });
  assert.equal(avroSchemaOf({ type: 'object', properties: { 'a b': { type: 'string' } } }), { reason: '#: property name "a b" is not an Avro name' });
  assert.equal(avroSchemaOf({ type: 'object', properties: { any: {} } }), { reason: '#/properties/any: a value of any type' });
});

derive('a derived schema round-trips a value through avsc (after dropping null fields)', () => {
  const schema = { type: 'object', properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: 'string' } }, required: ['id'] };
  const type = avro.Type.forSchema((avroSchemaOf(schema) as { avro: avro.Schema }).avro, { wrapUnions: false });
  const value = { id: 7, tags: ['x', 'y'] };
  const bytes = type.toBuffer(value);
  // Hand-worked Avro bytes: long 7 zigzag = 0e; union branch 1 (array) = 02, block of 2 = 04, "x" = 02 78, "y" = 02 79, end 00; note: branch 0 (null) = 00.
  assert.is(bytes.toString('hex'), '0e020402780279' + '00' + '00');
  assert.equal(withoutNulls(type.fromBuffer(bytes)), value);
});

derive('withoutNulls drops null object values and keeps null array items', () => {
  assert.equal(withoutNulls({ a: null, b: [null, 1], c: { d: null } }), { b: [null, 1], c: {} });
});

derive.run();
