import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadValidators, unsupportedDraft, validatorFile } from '../src/ajv-standalone.js';
import { alternativeEntries, InvalidValue } from '../src/alternatives.js';
import { loadPayloads } from '../src/payloads.js';
import { loadPeerCalls } from '../src/peer-calls.mjs';
import { FORMATS, REFERENCE_ENCODER } from '../src/registry.js';
import { cloneJson } from '../src/values.js';

const small = loadPayloads('small-object');

const Alternatives = suite('the user\'s alternative: a generic codec + ajv');

Alternatives('imports ajv standalone modules compiled once per schema and reused while the schema is unchanged', async () => {
  const first = await loadValidators(small);
  const written = statSync(validatorFile(small[0])).mtimeMs;
  const second = await loadValidators(small);
  assert.is(statSync(validatorFile(small[0])).mtimeMs, written);
  assert.is(first.get(small[0])!(small[0].value), true);
  assert.is(second.get(small[0])!([{ op: 'add', path: '/a', value: 'not an integer' }]), false);
});

Alternatives('every format\'s alternatives refuse an invalid value to encode and an invalid decoded value, and pass a valid one', async () => {
  const invalid = [{ op: 'add', path: '/a', value: 1.5 }];
  for (const format of FORMATS) {
    for (const entry of alternativeEntries(format)) {
      const codec = (await entry.load(small))(small[0]);
      const bytes = codec.encode(cloneJson(small[0].value)) as Uint8Array;
      assert.equal(codec.decode(codec.prepare(bytes)), small[0].value, entry.label);
      assert.throws(() => codec.encode(invalid), (error: unknown) => error instanceof InvalidValue, `${entry.label} encode`);
      // The invalid value's bytes, written by the format's reference peer without a check.
      const invalidBytes = (await loadPeerCalls(format, REFERENCE_ENCODER[format])).encode(invalid) as Uint8Array;
      assert.throws(() => codec.decode(codec.prepare(invalidBytes)), (error: unknown) => error instanceof InvalidValue, `${entry.label} decode`);
    }
  }
});

Alternatives('a validator whose code needs ajv\'s runtime helpers (maxLength counts code points) imports them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-ajv-test-'));
  try {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string', maxLength: 2 };
    const schemaFile = join(dir, 'short.schema.json');
    writeFileSync(schemaFile, JSON.stringify(schema));
    const payload = { name: 'test-max-length', value: '😀😀', json: new Uint8Array(), schema, schemaFile };
    const validate = (await loadValidators([payload])).get(payload)!;
    // Two code points, four UTF-16 units: valid only when counted as ucs2length counts.
    assert.is(validate('😀😀'), true);
    assert.is(validate('abc'), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Alternatives('a schema that declares no draft has no ajv class, and the reason says so', () => {
  assert.match(unsupportedDraft({ ...small[0], schema: { type: 'string' } })!, /declares no \$schema/);
  assert.is(unsupportedDraft(small[0]), undefined);
});

Alternatives.run();
