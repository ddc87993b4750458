// Generated encoders read closed objects with many optional properties by walking their own keys
// (encode-object.ts `readSparse`); these tests pin that path to the generic encoders' bytes and
// to the errors the per-name path gives.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isEncodeError, type EncodeError } from '@binschema/runtime';
import { encode as cborEncode } from '@binschema/runtime/cbor';
import { encode as ubjsonEncode } from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';

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

const formats = [
  { format: 'cbor' as const, generic: (value: unknown) => cborEncode(value) },
  { format: 'ubjson' as const, generic: (value: unknown) => ubjsonEncode(value) },
];

function encodeError(run: () => unknown): EncodeError {
  try {
    run();
  } catch (error) {
    assert.ok(isEncodeError(error), `expected an EncodeError, got ${String(error)}`);
    return error as EncodeError;
  }
  throw new assert.Assertion({ message: 'expected an EncodeError, nothing was thrown', operator: 'throws' } as never);
}

for (const { format, generic } of formats) {
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
    assert.equal(Array.from(codec.encode({ name: 'n', ref: undefined })), Array.from(codec.encode({ name: 'n' })));
  });

  test('accepts an object without a prototype', () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { name: 'n', ref: 'r' });
    assert.equal(Array.from(codec.encode(value)), Array.from(generic({ name: 'n', ref: 'r' })));
  });

  test('refuses an undeclared key at its path', () => {
    const error = encodeError(() => codec.encode({ name: 'n', ref: 'r', other: 1 }));
    assert.is(error.code, 'schema-violation');
    assert.is(error.path, '/other');
  });

  test('refuses an own __proto__ key at its path', () => {
    const error = encodeError(() => codec.encode(JSON.parse('{"name":"n","__proto__":{}}')));
    assert.is(error.code, 'schema-violation');
    assert.is(error.path, '/__proto__');
  });

  test('reports a missing required property before an undeclared key', () => {
    const error = encodeError(() => codec.encode({ other: 1 }));
    assert.is(error.code, 'schema-violation');
    assert.is(error.path, '');
  });

  test('reports a wrong type in a nested sparse object at its path', () => {
    const error = encodeError(() => codec.encode({ name: 'n', elements: { name: 'inner', nullable: 'yes' } }));
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
