// Generated encoders read closed objects with many optional properties by walking their own keys
// (emit/specialised/object-writer.ts `readSparse`); these tests pin that path to the generic encoders' bytes and
// to the errors the per-name path gives.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec } from '../src/index.js';
import { encodeErrorOf, GENERIC_ENCODERS } from './support/verdicts.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    nullable: { type: 'boolean' },
    ref: { type: 'string' },
    type: { enum: ['int8', 'string'] },
    elements: { $ref: '#' },
    values: { type: 'array', items: { type: 'integer' } },
    metadata: { type: 'object' },
    toString: { type: 'string' },
  },
  required: ['name'],
  additionalProperties: false,
};

for (const { format, encode: generic } of GENERIC_ENCODERS) {
  const codec = compileCodec(schema, { format });
  const test = suite(`generated ${format} encoder on a closed object with many optional properties`);

  test('writes the bytes the generic encoder writes for every subset of properties, in schema order', () => {
    const full: Record<string, unknown> = {
      name: 'n',
      nullable: true,
      ref: 'r',
      type: 'int8',
      elements: { name: 'inner', values: [1, -2] },
      values: [3, 400, -70000],
      metadata: { any: ['thing', null] },
      toString: 'own',
    };
    const names = Object.keys(full);
    for (let mask = 0; mask < 1 << names.length; mask++) {
      if ((mask & 1) === 0) continue; // name is required
      const value: Record<string, unknown> = {};
      names.forEach((name, bit) => {
        if (mask & (1 << bit)) value[name] = full[name];
      });
      assert.equal(Array.from(codec.encode(value)), Array.from(generic(value)), `mask ${mask}`);
      assert.equal(codec.decode(codec.encode(value)), value);
    }
  });

  test('takes the values of keys given in another order and writes them in schema order', () => {
    const value = { ref: 'r', values: [1], name: 'n', nullable: false };
    assert.equal(Array.from(codec.encode(value)), Array.from(generic({ name: 'n', nullable: false, ref: 'r', values: [1] })));
  });

  test('treats a property whose value is undefined as absent', () => {
    assert.equal(Array.from(codec.encode({ name: 'n', ref: undefined })), Array.from(generic({ name: 'n' })));
  });

  test('accepts an object without a prototype', () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { name: 'n', ref: 'r' });
    assert.equal(Array.from(codec.encode(value)), Array.from(generic({ name: 'n', ref: 'r' })));
  });

  test('refuses an undeclared key at its path', () => {
    const error = encodeErrorOf(() => codec.encode({ name: 'n', ref: 'r', other: 1 }));
    assert.is(error.code, 'schema-violation');
    assert.is(error.path, '/other');
  });

  test('refuses an own __proto__ key at its path', () => {
    const error = encodeErrorOf(() => codec.encode(JSON.parse('{"name":"n","__proto__":{}}')));
    assert.is(error.code, 'schema-violation');
    assert.is(error.path, '/__proto__');
  });

  test('reports a missing required property before an undeclared key', () => {
    const error = encodeErrorOf(() => codec.encode({ other: 1 }));
    assert.is(error.code, 'schema-violation');
    assert.is(error.path, '');
  });

  test('reports a wrong type in a nested sparse object at its path', () => {
    const error = encodeErrorOf(() => codec.encode({ name: 'n', elements: { name: 'inner', nullable: 'yes' } }));
    assert.is(error.code, 'unexpected-type');
    assert.is(error.path, '/elements/nullable');
  });

  test('does not count an inherited enumerable key as undeclared', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.inheritedForTest = 1;
    try {
      assert.equal(Array.from(codec.encode({ name: 'n' })), Array.from(generic({ name: 'n' })));
    } finally {
      delete prototype.inheritedForTest;
    }
  });

  test.run();
}
