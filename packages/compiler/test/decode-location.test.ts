// Errors raised by the Reader or a runtime helper inside a generated decoder (truncation, invalid
// UTF-8) must still name the schema location, like the decoder's own checks do.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec } from '../src/index.js';
import { decodeErrorOf } from './support/verdicts.js';

const test = suite('generated decoders name the schema location of reader errors');

const schema = {
  type: 'object',
  properties: { list: { type: 'array', items: { type: 'string' } } },
  required: ['list'],
  additionalProperties: false,
};

for (const format of ['cbor', 'ubjson'] as const) {
  const codec = compileCodec(schema, { format });
  const bytes = codec.encode({ list: ['abc', 'defgh'] });

  test(`${format}: a cut inside the last string is unexpected-end inside #/properties/list`, () => {
    const error = decodeErrorOf(() => codec.decode(bytes.subarray(0, bytes.length - (format === 'ubjson' ? 3 : 2))));
    assert.is(error.code, 'unexpected-end');
    assert.ok(error.schemaPath?.startsWith('#/properties/list'), String(error.schemaPath));
    assert.match(error.message, /\(#\/properties\/list/);
  });

  test(`${format}: invalid UTF-8 in a string is invalid-utf8 inside #/properties/list`, () => {
    const broken = bytes.slice();
    broken[broken.indexOf(0x61)] = 0xff; // the "a" of "abc"
    const error = decodeErrorOf(() => codec.decode(broken));
    assert.is(error.code, 'invalid-utf8');
    assert.ok(error.schemaPath?.startsWith('#/properties/list'), String(error.schemaPath));
  });
}

test.run();
