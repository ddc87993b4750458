// Generated MessagePack encoders with `largeIntegers: 'float64'` (issue 38, item 4): every number
// they write (fields, bounded and list items, consts and enums, values of unknown shape, extra
// keys) follows the generic encoder's option, byte for byte, in both code sizes; a default
// msgpackr reads the bytes as numbers, not bigints; our decoders read them back exactly.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { unpack } from 'msgpackr';
import { decode as genericDecode, encode as genericEncode } from '@binschema/runtime/msgpack';
import { compileCodec, type CodeSize } from '../src/index.js';
import { CODE_SIZES } from '../src/emit/module/code-size.js';
import { isSchemaError } from '../src/errors.js';

const test = suite('generated MessagePack encoders: largeIntegers float64');
const CODE_SHAPES = CODE_SIZES.filter((size) => size !== 'auto') as CodeSize[];
/** All of the bytes (the support helper's `toHex` shortens long ones). */
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    size: { type: 'number' },
    bounded: { type: 'integer', minimum: 0 },
    id: { const: 62343423432 },
    level: { enum: [1, 62343423432] },
    anything: {},
    list: { type: 'array', items: { type: 'integer' } },
    either: { type: ['integer', 'string'] },
    nested: { type: 'object', properties: { at: { type: 'number' } } },
  },
};

// Keys in schema order, so the generic encoder (value order) writes them as generated code does.
const document = {
  count: 62343423432,
  size: -62343423432,
  bounded: 2 ** 32,
  id: 62343423432,
  level: 62343423432,
  anything: { deep: [2 ** 40, 1.5, 7] },
  list: [1, 2 ** 32 - 1, 2 ** 32, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53 - 1],
  either: 2 ** 35,
  nested: { at: 2 ** 33 },
  extra: 2 ** 34,
};

for (const codeSize of CODE_SHAPES) {
  test(`codeSize ${codeSize}: the generic encoder's bytes with the option, read by a default msgpackr as numbers`, () => {
    const codec = compileCodec(schema, { format: 'msgpack', codeSize, largeIntegers: 'float64' });
    const bytes = codec.encode(document);
    assert.is(hex(bytes), hex(genericEncode(document, { largeIntegers: 'float64' })));
    assert.equal(unpack(bytes), document);
    assert.equal(codec.decode(bytes), document);
    assert.equal(genericDecode(bytes), document);
  });

  test(`codeSize ${codeSize}: without the option, the smallest exact forms (uint64 for 62343423432)`, () => {
    const bytes = compileCodec(schema, { format: 'msgpack', codeSize }).encode({ count: 62343423432 });
    assert.is(hex(bytes), '81a5636f756e74cf0000000e83f525c8');
  });
}

test('the compact layout writes numbers past 32 bits as float64 too', () => {
  const codec = compileCodec(schema, { format: 'msgpack', layout: 'compact', largeIntegers: 'float64' });
  const { extra: _extra, ...declared } = document;
  const bytes = codec.encode(declared);
  assert.is(typeof (unpack(bytes) as unknown[])[0], 'number');
  assert.equal(codec.decode(bytes), declared);
});

test('a codec compiled with the option is not the cached one compiled without it', () => {
  const plain = compileCodec(schema, { format: 'msgpack' });
  const float64 = compileCodec(schema, { format: 'msgpack', largeIntegers: 'float64' });
  assert.is.not(hex(plain.encode({ count: 2 ** 32 })), hex(float64.encode({ count: 2 ** 32 })));
  assert.is(hex(float64.encode({ count: 2 ** 32 })), '81a5636f756e74cb41f0000000000000');
});

test('refuses largeIntegers for CBOR and UBJSON, and a value other than float64', () => {
  const refusals: { format: 'cbor' | 'ubjson' | 'msgpack'; largeIntegers: unknown }[] = [
    { format: 'cbor', largeIntegers: 'float64' },
    { format: 'ubjson', largeIntegers: 'float64' },
    { format: 'msgpack', largeIntegers: 'float32' },
  ];
  for (const { format, largeIntegers } of refusals) {
    try {
      compileCodec(schema, { format, largeIntegers: largeIntegers as 'float64' });
      assert.unreachable(`compiled ${format} with largeIntegers ${String(largeIntegers)}`);
    } catch (error) {
      assert.ok(isSchemaError(error), String(error));
      assert.is(error.code, 'invalid-option');
    }
  }
});

test.run();
