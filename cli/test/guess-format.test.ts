import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { guessFormat } from '../src/io/guess-format.js';
import { bytes } from './run-cli.js';

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const guess = suite('guessing the input format');

guess('takes the self-described CBOR tag 55799 (RFC 8949 §3.4.6) as CBOR', () => assert.is(guessFormat(bytes('d9d9f7 a0'), true), 'cbor'));
guess('takes one JSON document as JSON, pretty-printed too', () => {
  assert.is(guessFormat(text('{"a": 1}'), true), 'json');
  assert.is(guessFormat(text('{\n  "a": [1, 2]\n}\n'), true), 'json');
});
guess('takes lines of JSON as NDJSON', () => assert.is(guessFormat(text('{"a":1}\n{"a":2}\n'), true), 'ndjson'));
guess('takes the start of a long JSON document as JSON', () => assert.is(guessFormat(text('[{"a": 1}, {"a": 2'), false), 'json'));
guess('takes RFC 8949 Appendix A {"a": 1, "b": [2, 3]} as CBOR', () => assert.is(guessFormat(bytes('a26161016162820203'), true), 'cbor'));
guess('takes {"a": null} in UBJSON as UBJSON', () => assert.is(guessFormat(text('{U\x01aZ}'), true), 'ubjson'));
guess('takes a UBJSON string as UBJSON', () => assert.is(guessFormat(text('SU\x03abc'), true), 'ubjson'));
guess.run();
