// Readers of records whose properties are all optional keep one anchor per shape (issue 6,
// `keepShape`); these tests pin that the anchoring leaves the decoded values as the generic
// decoders give them: absent properties stay absent, `__proto__` stays an own key.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode as cborEncode, decode as cborDecode } from '@binschema/runtime/cbor';
import { encode as ubjsonEncode, decode as ubjsonDecode } from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';

const names = ['definitions', 'nullable', 'shape', '__proto__', 'type', '0', 'elements', 'values', 'mapping', 'ref', 'enum', 'metadata'];
const few = { type: 'object', properties: { a: { type: 'integer' }, shape: { type: 'string' } }, additionalProperties: false };
const many = {
  type: 'object',
  properties: Object.fromEntries(names.map((name, index) => [name, index % 2 === 0 ? { type: 'integer' } : { type: 'string' }])),
  additionalProperties: false,
};

const formats = [
  { format: 'cbor' as const, encode: (value: unknown) => cborEncode(value), decode: (bytes: Uint8Array) => cborDecode(bytes) },
  { format: 'ubjson' as const, encode: (value: unknown) => ubjsonEncode(value), decode: (bytes: Uint8Array) => ubjsonDecode(bytes) },
];

/** A record with the properties whose bit is set in `mask`, in schema order. */
function recordOf(mask: number): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  names.forEach((name, index) => {
    if ((mask & (1 << index)) === 0) return;
    Object.defineProperty(record, name, { value: index % 2 === 0 ? index : `v${index}`, writable: true, enumerable: true, configurable: true });
  });
  return record;
}

const test = suite('record shapes');

for (const { format, encode, decode } of formats) {
  test(`${format}: every shape of a record with many optional properties decodes as the generic decoder does, twice`, () => {
    const codec = compileCodec(many, { format });
    // 1 + 12 + 66 masks: the empty record, every single property and every pair, past the 10 properties that share slots.
    const masks = [0];
    for (let first = 0; first < names.length; first++) {
      masks.push(1 << first);
      for (let second = first + 1; second < names.length; second++) masks.push((1 << first) | (1 << second));
    }
    for (let round = 0; round < 2; round++) {
      for (const mask of masks) {
        const bytes = encode(recordOf(mask)).slice();
        const decoded = codec.decode(bytes) as object;
        assert.equal(decoded, decode(bytes), `mask ${mask}`);
        assert.equal(Reflect.ownKeys(decoded), Reflect.ownKeys(decode(bytes) as object), `keys of mask ${mask}`);
        assert.is(Object.getPrototypeOf(decoded), Object.prototype);
      }
    }
  });

  test(`${format}: a property named shape keeps its value next to the reader's shape bits`, () => {
    const codec = compileCodec(few, { format });
    for (const value of [{}, { shape: 'round' }, { a: 1, shape: 'square' }, { a: 2 }]) {
      const bytes = encode(value).slice();
      assert.equal(codec.decode(bytes), decode(bytes));
      assert.equal(Object.keys(codec.decode(bytes) as object), Object.keys(value));
    }
  });
}

test.run();
