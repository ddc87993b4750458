// Generated decoders compare `const`/`enum` strings in place with their shortest encoding
// (emit/specialised/decoder.ts `readTextInPlace`); every other form still goes through the text reader.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode as cborEncode } from '@binschema/runtime/cbor';
import { encode as ubjsonEncode } from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';
import { decodeErrorOf } from './support/verdicts.js';

const schema = {
  type: 'object',
  properties: { op: { enum: ['add', 'replace', 'test'] }, kind: { const: 'remove' } },
  required: ['op'],
  additionalProperties: false,
};
const codec = compileCodec(schema, { format: 'cbor' });

/** `{ op: <text item> }`: a one-entry map, the key "op", then `item` as given. */
function opWith(item: number[]): Uint8Array {
  return new Uint8Array([0xa1, 0x62, 0x6f, 0x70, ...item]);
}

const test = suite('generated CBOR decoder on const and enum strings');

test('decodes each allowed string written by the generic encoder', () => {
  for (const op of ['add', 'replace', 'test']) assert.equal(codec.decode(cborEncode({ op })), { op });
  assert.equal(codec.decode(cborEncode({ op: 'test', kind: 'remove' })), { op: 'test', kind: 'remove' });
});

test('decodes an allowed string written with a longer head', () => {
  assert.equal(codec.decode(opWith([0x78, 0x03, 0x61, 0x64, 0x64])), { op: 'add' });
});

test('decodes an allowed string written as an indefinite-length text', () => {
  assert.equal(codec.decode(opWith([0x7f, 0x62, 0x61, 0x64, 0x61, 0x64, 0xff])), { op: 'add' });
});

test('rejects a string that only starts like an allowed one at its offset', () => {
  const error = decodeErrorOf(() => codec.decode(opWith([0x64, 0x61, 0x64, 0x64, 0x73])));
  assert.is(error.code, 'schema-violation');
  assert.is(error.offset, 4);
  assert.is(error.schemaPath, '#/properties/op');
});

test('rejects a disallowed string written with a longer head at its offset', () => {
  const error = decodeErrorOf(() => codec.decode(opWith([0x78, 0x03, 0x61, 0x64, 0x65])));
  assert.is(error.code, 'schema-violation');
  assert.is(error.offset, 4);
  assert.is(error.schemaPath, '#/properties/op');
});

test('rejects a shortest-form allowed string cut short at the end of the input', () => {
  const error = decodeErrorOf(() => codec.decode(opWith([0x63, 0x61, 0x64])));
  assert.is(error.code, 'unexpected-end');
});

test('rejects an item that is not text at its offset', () => {
  const error = decodeErrorOf(() => codec.decode(opWith([0x18, 0x61])));
  assert.is(error.code, 'unexpected-type');
  assert.is(error.offset, 4);
});

test.run();

const ubjson = compileCodec(schema, { format: 'ubjson' });

/** UBJSON `{ "op": <string value> }`: the key with an `i` length, then `value` as given. */
function ubjsonOpWith(value: number[]): Uint8Array {
  return new Uint8Array([0x7b, 0x69, 0x02, 0x6f, 0x70, ...value, 0x7d]);
}

const ubjsonTest = suite('generated UBJSON decoder on const and enum strings');

ubjsonTest('decodes each allowed string written by the generic encoder', () => {
  for (const op of ['add', 'replace', 'test']) assert.equal(ubjson.decode(ubjsonEncode({ op })), { op });
  assert.equal(ubjson.decode(ubjsonEncode({ op: 'test', kind: 'remove' })), { op: 'test', kind: 'remove' });
});

ubjsonTest('decodes an allowed string with a U length, as json-pack writes it', () => {
  assert.equal(ubjson.decode(ubjsonOpWith([0x53, 0x55, 0x03, 0x61, 0x64, 0x64])), { op: 'add' });
});

ubjsonTest('decodes an allowed string with a wider length marker', () => {
  assert.equal(ubjson.decode(ubjsonOpWith([0x53, 0x49, 0x00, 0x03, 0x61, 0x64, 0x64])), { op: 'add' });
});

ubjsonTest('rejects a string that only starts like an allowed one at its marker', () => {
  const error = decodeErrorOf(() => ubjson.decode(ubjsonOpWith([0x53, 0x69, 0x04, 0x61, 0x64, 0x64, 0x73])));
  assert.is(error.code, 'schema-violation');
  assert.is(error.offset, 5);
  assert.is(error.schemaPath, '#/properties/op');
});

ubjsonTest('rejects an allowed string cut short at the end of the input', () => {
  const error = decodeErrorOf(() => ubjson.decode(new Uint8Array([0x7b, 0x69, 0x02, 0x6f, 0x70, 0x53, 0x69, 0x03, 0x61, 0x64])));
  assert.is(error.code, 'unexpected-end');
});

ubjsonTest('rejects a value that is not a string at its marker', () => {
  const error = decodeErrorOf(() => ubjson.decode(ubjsonOpWith([0x69, 0x03])));
  assert.is(error.code, 'unexpected-type');
  assert.is(error.offset, 5);
});

ubjsonTest.run();
