import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Encoder } from 'cbor-x';
import { jsonTypeEntry } from '../src/json-type-peer.js';
import { jsonTypeOf } from '../src/json-type-schemas.js';
import { loadPayloads, type Payload } from '../src/payloads.js';
import { cloneJson, differs } from '../src/values.js';

const payloads = loadPayloads();
const cborX = new Encoder({ useRecords: false });

/** json-type's encoder for a schema, through the bench's entry (which also checks the payload). */
async function encoderOf(schema: unknown, value: unknown): Promise<(value: unknown) => Uint8Array> {
  const factory = await jsonTypeEntry().load([]);
  const payload = { name: 'test', value, json: new Uint8Array(), schema, schemaFile: '' } satisfies Payload;
  return factory(payload).encode as (value: unknown) => Uint8Array;
}

const JsonType = suite('json-type CborCodegen peer');

JsonType('expresses every payload schema, and its bytes read back as the payload', async () => {
  const factory = await jsonTypeEntry().load(payloads);
  for (const payload of payloads) {
    const encode = factory(payload).encode as (value: unknown) => Uint8Array;
    assert.is(differs(payload.value, cborX.decode(encode(cloneJson(payload.value)))), undefined, payload.name);
  }
});

JsonType('writes each variant of a union whose objects differ by an enum property (JSON Patch op)', async () => {
  const small = payloads.find((payload) => payload.name === 'small-object')!;
  const patch = [{ op: 'replace', path: '/a', value: 1 }, { op: 'copy', path: '/b', from: '/c' }, { op: 'test', path: '/d', value: -2 }, { op: 'remove', path: '/e' }];
  const encode = await encoderOf(small.schema, small.value);
  assert.equal(cborX.decode(encode(patch)), patch);
});

JsonType('follows a recursive definition through a union', async () => {
  const schema = {
    $defs: { node: { type: 'object', properties: { name: { type: 'string' }, next: { oneOf: [{ type: 'null' }, { $ref: '#/$defs/node' }] } }, required: ['name', 'next'], additionalProperties: false } },
    $ref: '#/$defs/node',
  };
  const list = { name: 'a', next: { name: 'b', next: { name: 'c', next: null } } };
  assert.equal(cborX.decode((await encoderOf(schema, list))(list)), list);
});

/** An object schema with one optional string property. */
const objectWith = (key: string) => ({ type: 'object', properties: { [key]: { type: 'string' } }, additionalProperties: false });

JsonType('gives the reason for a keyword or a union it cannot express', () => {
  assert.equal(jsonTypeOf({ type: 'object', patternProperties: { '^x': { type: 'string' } } }), { reason: 'patternProperties at #' });
  // Three objects and no constant to tell them apart: json-type finds "object" for two of them.
  const result = jsonTypeOf({ oneOf: [objectWith('a'), objectWith('b'), objectWith('c')] });
  assert.ok('reason' in result && /cannot tell the variants at # apart \(Duplicate discriminator/.test(result.reason), 'reason' in result ? result.reason : 'a Type');
});

JsonType('skips a payload whose bytes do not read back as the payload, with where they differ', async () => {
  // Two objects: json-type takes every object for the second (it checks variants after the first), so {a} loses a.
  const schema = { oneOf: [objectWith('a'), objectWith('b')] };
  try {
    await encoderOf(schema, { a: 'x' });
    assert.unreachable('the payload is skipped');
  } catch (error) {
    assert.is((error as Error).name, 'PayloadSkip');
    assert.match((error as Error).message, /json-type's bytes read back differ at \/: expected 1 keys, got 0/);
  }
});

JsonType.run();
