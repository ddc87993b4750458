// Compact layout, CBOR and UBJSON: generated modules type-check under tsc --strict; a schema with
// every kind of node the layout changes round-trips.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { strictDiagnostics } from './support/type-check.js';
import { compileCodec, compileFile, compileSchema } from '../src/index.js';
import { testDataPath } from '../../../test-data/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
mkdirSync(join(repo, '.tmp'), { recursive: true });

const formats = ['cbor', 'ubjson'] as const;

/** Positions with a gap, constants, an enum of structured values, extras with patterns, a discriminated union, an inherited name. */
const rich = {
  type: 'object',
  properties: {
    id: { type: 'integer', 'x-binschema-index': 2 },
    kind: { const: 'rich' },
    version: { const: { major: 1 } },
    level: { enum: ['low', 'high', { custom: true }] },
    constructor: { type: 'string' },
    // Names of the generated functions' own locals.
    length: { type: 'integer' },
    rest: { type: 'integer' },
    result: { type: 'integer' },
    count: { type: 'integer' },
    start: { type: 'integer' },
    record: { type: 'integer' },
    shape: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'circle' }, r: { type: 'number' } }, required: ['type', 'r'], additionalProperties: false },
        { type: 'object', properties: { type: { enum: ['square', 'box'] }, side: { type: 'number' } }, required: ['type'], additionalProperties: { type: 'string' } },
      ],
    },
    spouse: { anyOf: [{ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, { type: 'null' }] },
  },
  required: ['id', 'kind', 'version'],
  patternProperties: { '^x-': { type: 'integer' } },
  additionalProperties: false,
};

const typed = suite('compact layout: generated code under tsc --strict');

for (const format of formats) {
  typed(`every benchmark payload's ${format} compact module type-checks`, () => {
    const dir = mkdtempSync(join(repo, '.tmp', 'compact-'));
    const payloads = testDataPath('payloads/');
    const roots = readdirSync(payloads)
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => {
        const [file] = compileFile(join(payloads, name), { format, layout: 'compact' });
        writeFileSync(join(dir, file.fileName), file.text);
        return join(dir, file.fileName);
      });
    assert.is(roots.length, 11);
    assert.equal(strictDiagnostics(roots), []);
    rmSync(dir, { recursive: true });
  });

  typed(`a ${format} compact module with gaps, constants, extras, enums and unions type-checks`, () => {
    const dir = mkdtempSync(join(repo, '.tmp', 'compact-'));
    const [file] = compileSchema(rich, 'rich', { format, layout: 'compact' });
    writeFileSync(join(dir, file.fileName), file.text);
    assert.equal(strictDiagnostics([join(dir, file.fileName)]), []);
    rmSync(dir, { recursive: true });
  });
}

const behaviour = suite('compact layout: a schema with every kind of node');

for (const format of formats) {
  behaviour(`${format}: round-trips values through gaps, constants, extras, structured enum values and both union strategies`, () => {
    const codec = compileCodec(rich, { format, layout: 'compact' });
    const values = [
      { id: 1, kind: 'rich', version: { major: 1 } },
      { id: 2, kind: 'rich', version: { major: 1 }, level: { custom: true }, constructor: 'c', 'x-a': 5, spouse: null },
      { id: 3, kind: 'rich', version: { major: 1 }, shape: { type: 'box', note: 'extra' }, spouse: { name: 'A', age: 3 } },
      { id: 4, kind: 'rich', version: { major: 1 }, level: 'high', shape: { type: 'circle', r: 1.5 } },
      { id: 5, kind: 'rich', version: { major: 1 }, length: 1, rest: 2, result: 3, count: 4, start: 5, record: 6, 'x-b': 7 },
    ];
    for (const value of values) assert.equal(codec.decode(codec.encode(value)), value);
    // The decoded structured constant is a fresh object each time (callers may mutate it).
    const bytes = codec.encode(values[0]);
    assert.ok((codec.decode(bytes) as { version: object }).version !== (codec.decode(bytes) as { version: object }).version);
  });
}

behaviour("codeSize 'auto' on a schema past 150 properties keeps the fast code and the compact layout", () => {
  const properties = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, { type: 'integer' }]));
  const schema = { type: 'object', properties, additionalProperties: false };
  const [file] = compileSchema(schema, 'wide', { format: 'cbor', layout: 'compact' });
  assert.not.match(file.text, /RecordTable/);
  const codec = compileCodec(schema, { format: 'cbor', layout: 'compact' });
  const value = { p0: 1, p199: 2 };
  const bytes = codec.encode(value);
  // Two of 200 positions: the sparse map {0: 1, 199: 2} (the array would be 0x98 0xc8, 1, 198 undefined, 2: 202 bytes).
  assert.equal(Array.from(bytes), [0xa2, 0x00, 0x01, 0x18, 0xc7, 0x02]);
  assert.equal(codec.decode(bytes), value);
  // All 200: the array, a two-byte head (0x98 0xc8) and one byte per value, against 200 keys of one or two bytes.
  const full = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, index % 24]));
  const fullBytes = codec.encode(full);
  assert.equal([fullBytes.length, fullBytes[0], fullBytes[1], fullBytes[2], fullBytes[201]], [202, 0x98, 200, 0, 199 % 24]);
  assert.equal(codec.decode(fullBytes), full);
});

behaviour("UBJSON: codeSize 'auto' on a schema past 150 properties keeps the fast code and the compact layout", () => {
  const properties = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, { type: 'integer' }]));
  const schema = { type: 'object', properties, additionalProperties: false };
  const [file] = compileSchema(schema, 'wide', { format: 'ubjson', layout: 'compact' });
  assert.not.match(file.text, /RecordTable/);
  const codec = compileCodec(schema, { format: 'ubjson', layout: 'compact' });
  const value = { p0: 1, p199: 2 };
  const bytes = codec.encode(value);
  // Two of 200 positions, holes between: the sparse object {"0": 1, "199": 2}.
  assert.equal(Array.from(bytes), [0x7b, 0x69, 0x01, 0x30, 0x69, 0x01, 0x69, 0x03, 0x31, 0x39, 0x39, 0x69, 0x02, 0x7d]);
  assert.equal(codec.decode(bytes), value);
  // All 200: the array, `[`, 200 values of two bytes (i and the value), `]`.
  const full = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, index % 24]));
  const fullBytes = codec.encode(full);
  assert.equal([fullBytes.length, fullBytes[0], fullBytes[1], fullBytes[2], fullBytes[399], fullBytes[400], fullBytes[401]], [402, 0x5b, 0x69, 0, 0x69, 199 % 24, 0x5d]);
  assert.equal(codec.decode(fullBytes), full);
});

typed.run();
behaviour.run();
