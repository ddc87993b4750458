// Compact layout, CBOR, UBJSON and MessagePack: generated modules type-check under tsc --strict; a schema with
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

const formats = ['cbor', 'ubjson', 'msgpack'] as const;

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

/** Properties named after the compact readers' and writers' own locals and parameters, in an open object and in union variants. */
const localNames = ['marker', 'element', 'elementType', 'valueMarker', 'position', 'seen', 'extrasRead', 'entry', 'type', 'at', 'index', 'value', 'key', 'extras', 'present', 'sparse', 'offset', 'reader', 'writer', 'depth'];
const localProperties = Object.fromEntries(localNames.map((name) => [name, { type: 'integer' }]));
const localVariant = (kind: string) => ({ type: 'object', properties: { kind: { const: kind }, ...localProperties }, required: ['kind'], additionalProperties: { type: 'string' } });
const locals = { type: 'object', properties: { ...localProperties, union: { oneOf: [localVariant('a'), localVariant('b')] } }, additionalProperties: { type: 'string' } };

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

  typed(`${format} compact modules with gaps, constants, extras, enums and unions, and with properties named like their locals, type-check`, () => {
    const dir = mkdtempSync(join(repo, '.tmp', 'compact-'));
    const files = [compileSchema(rich, 'rich', { format, layout: 'compact' })[0], compileSchema(locals, 'locals', { format, layout: 'compact' })[0]];
    for (const file of files) writeFileSync(join(dir, file.fileName), file.text);
    assert.equal(strictDiagnostics(files.map((file) => join(dir, file.fileName))), []);
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
    const named = compileCodec(locals, { format, layout: 'compact' });
    const every = Object.fromEntries(localNames.map((name, index) => [name, index]));
    for (const value of [every, { marker: 1, depth: 3, z: 'x' }, { ...every, union: { kind: 'b', ...every, q: 's' } }, { union: { kind: 'a', depth: 2 } }]) assert.equal(named.decode(named.encode(value)), value);
    // The decoded structured constant is a fresh object each time (callers may mutate it).
    const bytes = codec.encode(values[0]);
    assert.ok((codec.decode(bytes) as { version: object }).version !== (codec.decode(bytes) as { version: object }).version);
  });
}

/**
 * 200 integer properties p0…p199: the bytes of {p0: 1, p199: 2} (two of 200 positions: sparse), and
 * of all 200 set to index % 24 (dense), by some of their bytes.
 */
const wideBytes = {
  // The map {0: 1, 199: 2} (the array would be 0x98 0xc8, 1, 198 undefined, 2: 202 bytes); all 200:
  // the array, a two-byte head (0x98 0xc8) and one byte per value, against 200 keys of one or two bytes.
  cbor: { sparse: [0xa2, 0x00, 0x01, 0x18, 0xc7, 0x02], full: { length: 202, probes: [[0, 0x98], [1, 200], [2, 0], [201, 199 % 24]] } },
  // The object {"0": 1, "199": 2} (holes between); all 200: `[`, 200 values of two bytes (i and the value), `]`.
  ubjson: { sparse: [0x7b, 0x69, 0x01, 0x30, 0x69, 0x01, 0x69, 0x03, 0x31, 0x39, 0x39, 0x69, 0x02, 0x7d], full: { length: 402, probes: [[0, 0x5b], [1, 0x69], [2, 0], [400, 199 % 24], [401, 0x5d]] } },
  // The map {0: 1, 199: 2} (fixmap, positive fixint keys, uint8 for 199; holes between); all 200:
  // array16 (0xdc 0x00 0xc8) and one positive fixint per value.
  msgpack: { sparse: [0x82, 0x00, 0x01, 0xcc, 0xc7, 0x02], full: { length: 203, probes: [[0, 0xdc], [1, 0], [2, 200], [3, 0], [202, 199 % 24]] } },
};

for (const format of formats) {
  behaviour(`${format}: codeSize 'auto' on a schema past 150 properties keeps the fast code and the compact layout`, () => {
    const properties = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, { type: 'integer' }]));
    const schema = { type: 'object', properties, additionalProperties: false };
    const [file] = compileSchema(schema, 'wide', { format, layout: 'compact' });
    assert.not.match(file.text, /RecordTable/);
    const codec = compileCodec(schema, { format, layout: 'compact' });
    const value = { p0: 1, p199: 2 };
    const bytes = codec.encode(value);
    assert.equal(Array.from(bytes), wideBytes[format].sparse);
    assert.equal(codec.decode(bytes), value);
    const full = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, index % 24]));
    const fullBytes = codec.encode(full);
    const { length, probes } = wideBytes[format].full;
    assert.equal([fullBytes.length, ...probes.map(([at]) => fullBytes[at])], [length, ...probes.map(([, byte]) => byte)]);
    assert.equal(codec.decode(fullBytes), full);
  });
}

typed.run();
behaviour.run();
