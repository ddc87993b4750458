// Compact layout on every benchmark payload, in CBOR, UBJSON and MessagePack: round trips, bytes an
// independent decoder (cbor-x, json-pack's UBJSON, msgpackr) reads as arrays of the right shape, and
// decoders that on truncated or mutated bytes return a schema-valid value (ajv judges) or throw a
// DecodeError, nothing else.
import { readFileSync, readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decoder as CborXDecoder } from 'cbor-x';
import { isDecodeError } from '@binschema/runtime';
import { compileCodec, type CompiledCodec } from '../src/index.js';
import { SchemaDocument, isJsonValue, type Schema } from './support/schema.js';
import { Random } from './support/random.js';
import { ValidGenerator } from './support/generate-valid.js';
import { deepNestings, hostileKeys, nestingBombs, raisedLengths, walk, type Mutant } from './support/fuzz-mutate.js';
import { PackDecoder } from './support/json-pack.js';
import { Packr } from 'msgpackr';
import { testDataPath } from '../../../test-data/index.js';

const payloads = testDataPath('payloads/');
const names = readdirSync(payloads)
  .filter((file) => file.endsWith('.schema.json'))
  .map((file) => file.slice(0, -'.schema.json'.length))
  .sort();

const cborX = new CborXDecoder({ int64AsNumber: true, mapsAsObjects: true } as ConstructorParameters<typeof CborXDecoder>[0]);
const pack = new PackDecoder();

/** A decoder written by others, per format: it knows nothing of the layout. */
const independent: Record<Format, { name: string; decode(bytes: Uint8Array): unknown }> = {
  cbor: { name: 'cbor-x', decode: (bytes) => cborX.decode(bytes) },
  ubjson: { name: "json-pack's UBJSON decoder", decode: (bytes) => pack.decode(bytes) },
  // Maps with integer keys (sparse forms) as objects, as cbor-x reads them.
  msgpack: { name: 'msgpackr', decode: (bytes) => new Packr({ useRecords: false, mapsAsObjects: true }).unpack(bytes) },
};

const loaded = new Map<string, { schema: Schema; codec: CompiledCodec; value: unknown }>();
function load(name: string, format: Format) {
  let entry = loaded.get(`${format} ${name}`);
  if (entry === undefined) {
    const schema = JSON.parse(readFileSync(`${payloads}${name}.schema.json`, 'utf8')) as Schema;
    entry = { schema, codec: compileCodec(schema, { format, layout: 'compact' }), value: JSON.parse(readFileSync(`${payloads}${name}.json`, 'utf8')) };
    loaded.set(`${format} ${name}`, entry);
  }
  return entry;
}

const test = suite('compact layout on the benchmark payloads');
const formats = ['cbor', 'ubjson', 'msgpack'] as const;
type Format = (typeof formats)[number];

test('finds all eleven payload schemas', () => {
  assert.is(names.length, 11);
});

for (const format of formats) {
  for (const name of names) {
    test(`${format} ${name}: the payload round-trips, and a second encode of the decoded value gives the same bytes`, () => {
      const { codec, value } = load(name, format);
      const bytes = codec.encode(value).slice();
      const decoded = codec.decode(bytes);
      assert.equal(decoded, value);
      assert.equal(Array.from(codec.encode(decoded)), Array.from(bytes));
    });

    test(`${format} ${name}: ${independent[format].name} reads the bytes as well-formed ${format}, objects with declared properties as arrays`, () => {
      const { codec, value, schema } = load(name, format);
      const generic = independent[format].decode(codec.encode(value));
      // Independent of our decoder: the payload's shape, with each declared-property object an array.
      assert.is(Array.isArray(generic), Array.isArray(value) || hasDeclaredProperties(schema));
    });
  }
}

// Random values the schema accepts leave optional properties out anywhere, so they reach holes
// and the sparse form, which the payloads (mostly full records) seldom do.
for (const format of formats) {
  for (const name of ['small-object', 'typical-object', 'large-object', 'very-large-object']) {
    test(`${format} ${name}: 100 random values the schema accepts round-trip`, () => {
      const { schema, codec } = load(name, format);
      const generator = new ValidGenerator(schema);
      const random = new Random(name.length * 31337);
      let checked = 0;
      for (let index = 0; index < 100; index++) {
        const made = generator.next(random);
        if (made === undefined) continue;
        // isDeepStrictEqual, not assert.equal: that compares `constructor`, which the generator's awkward keys make an own value.
        assert.ok(isDeepStrictEqual(codec.decode(codec.encode(made.value)), made.value), JSON.stringify(made.value).slice(0, 200));
        checked++;
      }
      // The generator may give up on a value; most must still be made, or the test checks nothing.
      assert.ok(checked >= 50, `only ${checked} of 100 values made`);
    });
  }
}

/** Whether the root schema declares `properties` itself. */
function hasDeclaredProperties(schema: Schema): boolean {
  return typeof schema === 'object' && schema.properties !== undefined && Object.keys(schema.properties as object).length > 0;
}

for (const format of formats) {
  test(`${format} small-object: ${independent[format].name} reads the JSON Patch operations as [variantIndex, opIndex?, path, value]`, () => {
    const { codec, value } = load('small-object', format);
    // Variant 0 (add/replace/test): [0, op index, path, value]; 1 (move/copy): [1, op index, path, from]; 2 (remove, a const): [2, path].
    const operations = value as { op: string; path: string; value?: number; from?: string }[];
    const expected = operations.map((operation) => {
      if (['add', 'replace', 'test'].includes(operation.op)) return [0, ['add', 'replace', 'test'].indexOf(operation.op), operation.path, operation.value];
      if (['move', 'copy'].includes(operation.op)) return [1, ['move', 'copy'].indexOf(operation.op), operation.path, operation.from];
      return [2, operation.path];
    });
    assert.equal(independent[format].decode(codec.encode(value)), expected);
  });
}

const fuzz = suite('compact layout decoders on damaged input');

for (const [format, name] of formats.flatMap((format) => ['small-object', 'typical-object', 'large-object', 'combined', 'very-large-object'].map((name) => [format, name] as const))) {
  fuzz(`${format} ${name}: every truncation throws a DecodeError; 1,000 mutations give a schema-valid value or a DecodeError`, () => {
    const { schema, codec, value } = load(name, format);
    const judge = new SchemaDocument(schema);
    const bytes = codec.encode(value).slice();
    const step = Math.max(1, Math.floor(bytes.length / 500));
    for (let length = 0; length < bytes.length; length += step) {
      try {
        codec.decode(bytes.subarray(0, length));
        assert.unreachable(`truncated to ${length}: decoded`);
      } catch (error) {
        assert.ok(isDecodeError(error), `truncated to ${length}: ${String(error)}`);
      }
    }
    const random = new Random(name.length * 7919);
    let accepted = 0;
    for (let round = 0; round < 1000; round++) {
      const mutated = bytes.slice();
      const edits = random.int(1, 3);
      for (let edit = 0; edit < edits; edit++) mutated[random.int(0, mutated.length - 1)] = random.int(0, 255);
      let decoded: unknown;
      try {
        decoded = codec.decode(mutated);
      } catch (error) {
        assert.ok(isDecodeError(error), `round ${round}: ${String(error)}`);
        continue;
      }
      accepted++;
      // Values of unknown shape (`{}` in the schema) may decode to what JSON has no word for
      // (a CBOR simple value, a bigint), as in the map layout; but never to `undefined`.
      if (isJsonValue(decoded)) assert.ok(judge.validate(decoded), `round ${round}: a value ajv finds invalid`);
      else assert.not.ok(holdsUndefined(decoded), `round ${round}: undefined in the decoded value`);
    }
    assert.is(({} as Record<string, unknown>).polluted, undefined);
    // Mutations that only change a scalar's value decode; the check above judged those.
    assert.ok(accepted > 0, 'no mutation decoded');
  });
}

for (const [format, name] of formats.flatMap((format) => ['typical-object', 'large-object', 'very-large-object'].map((name) => [format, name] as const))) {
  fuzz(`${format} ${name}: raised declared lengths, deep nestings of its own steps, hostile keys and nesting bombs give a schema-valid value or a DecodeError`, () => {
    const { schema, codec, value } = load(name, format);
    const judge = new SchemaDocument(schema);
    const bytes = codec.encode(value).slice();
    const items = walk(format, bytes);
    const random = new Random(name.length * 104729);
    const decodes = (input: Uint8Array) => {
      try {
        codec.decode(input);
        return true;
      } catch {
        return false;
      }
    };
    const mutants: Mutant[] = [
      ...raisedLengths(format, bytes, items, random, 40),
      ...deepNestings(bytes, items, 4, decodes),
      ...hostileKeys(format, bytes, items, random, 10),
      ...nestingBombs(format),
    ];
    assert.ok(mutants.length > 10, 'too few mutants');
    for (const mutant of mutants) {
      let decoded: unknown;
      try {
        decoded = codec.decode(mutant.bytes);
      } catch (error) {
        assert.ok(isDecodeError(error), `${mutant.what}: ${String(error)}`);
        continue;
      }
      if (isJsonValue(decoded)) assert.ok(judge.validate(decoded), `${mutant.what}: a value ajv finds invalid`);
      else assert.not.ok(holdsUndefined(decoded), `${mutant.what}: undefined in the decoded value`);
    }
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  });
}

/** Whether `value` (plain objects and arrays, walked) holds `undefined` anywhere. */
function holdsUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.some(holdsUndefined);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).some(holdsUndefined);
}

test.run();
fuzz.run();
