// String enums in generated encoders: 2 to 8 values a `switch` of pre-encoded items, one or more a
// table (`writeKnownText`). Both must write what the generic encoder writes for the same string,
// and refuse other values with the same error in both code sizes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cbor from '@binschema/runtime/cbor';
import * as msgpack from '@binschema/runtime/msgpack';
import * as ubjson from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';
import { encodeErrorOf } from './support/verdicts.js';

const test = suite('string enums in generated encoders');
const GENERIC = { cbor, ubjson, msgpack } as const;

const LONG = 'a text longer than twelve bytes, and then some: forty';
const SWITCHED = ['', 'é', 'file', LONG, '😀', 'file', 'x'.repeat(300)];
const TABLED = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'ü'];

// Bytes written by hand from the specs (RFC 8949 §3.1, MessagePack spec "str format family",
// UBJSON value-types.html#string), not by any encoder.
const BY_HAND: Record<string, [unknown, number[]]> = {
  cbor: ['é', [0x62, 0xc3, 0xa9]],
  msgpack: ['file', [0xa4, 0x66, 0x69, 0x6c, 0x65]],
  ubjson: ['é', [0x53, 0x69, 0x02, 0xc3, 0xa9]],
};


for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  for (const values of [SWITCHED, TABLED, ['only']]) {
    test(`${format}: enum of ${new Set(values).size}`, () => {
      const schema = { type: 'object', properties: { kind: { enum: values } }, required: ['kind'] };
      const speed = compileCodec(schema, { format });
      const small = compileCodec(schema, { format, codeSize: 'small' });
      for (const kind of values) {
        const bytes = speed.encode({ kind });
        assert.equal([...bytes], [...GENERIC[format].encode({ kind })], JSON.stringify(kind).slice(0, 20));
        assert.equal([...small.encode({ kind })], [...bytes]);
        assert.equal(speed.decode(bytes), { kind });
      }
      for (const kind of ['nope', 5, null, values[0].toUpperCase() + '!']) {
        const error = encodeErrorOf(() => speed.encode({ kind }));
        assert.is(error.code, 'schema-violation');
        assert.is(error.path, '/kind');
        assert.is(error.schemaPath, '#/properties/kind');
        assert.is(error.message, encodeErrorOf(() => small.encode({ kind })).message);
        assert.ok(error.detail.startsWith(values.length === 1 ? 'must equal "only"' : 'must be one of ['), error.detail);
      }
    });
  }
  test(`${format}: the switch writes the spec's bytes`, () => {
    const [kind, expected] = BY_HAND[format];
    const codec = compileCodec({ enum: ['file', 'é', 'x'] }, { format });
    assert.equal([...codec.encode(kind)], expected);
  });
}

test.run();
