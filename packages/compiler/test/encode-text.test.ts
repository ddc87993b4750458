// Text that UTF-8 cannot carry (lone surrogates) is refused by the runtime's text writers; the
// generated encoders must report it at the string's own JSON Pointer, in every format.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { EncodeError } from '@binschema/runtime';
import { compileCodec, type Format } from '../src/index.js';
import { encodeErrorOf } from './support/verdicts.js';

const test = suite('generated encoders refuse lone surrogates at their path');

const schema = {
  type: 'object',
  properties: {
    list: { type: 'array', items: { type: 'string' } },
    tags: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

function refusal(format: Format, value: unknown): EncodeError {
  return encodeErrorOf(() => compileCodec(schema, { format }).encode(value));
}

for (const format of ['cbor', 'ubjson'] as const) {
  test(`${format}: an array item with a lone high surrogate fails at /list/1`, () => {
    const error = refusal(format, { list: ['ok', 'a\ud800'] });
    assert.is(error.code, 'unsupported-value');
    assert.is(error.path, '/list/1');
  });

  test(`${format}: a map value with a lone low surrogate fails at /tags/~1x`, () => {
    const error = refusal(format, { tags: { '/x': '\udc00' } });
    assert.is(error.code, 'unsupported-value');
    assert.is(error.path, '/tags/~1x');
  });

  test(`${format}: a well-formed surrogate pair still round-trips`, () => {
    const codec = compileCodec(schema, { format });
    const value = { list: ['😀', 'x😀y'], tags: { '😀': '😀' } };
    assert.equal(codec.decode(codec.encode(value)), value);
  });
}

test.run();
