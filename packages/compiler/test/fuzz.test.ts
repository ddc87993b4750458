// Fuzz suite over every decoder: the generic CBOR and UBJSON decoders and the generated decoder of
// each payload schema (and of the recursion, union and map feature schemas) in every format the
// compiler has a back end for. Valid encodings are cut at every offset, damaged at random, given
// declared lengths of 2^32-1 and 2^64-1, nested 100,000 deep and given `__proto__` keys; every
// input must end in time and memory with a value or a DecodeError and change no prototype, and
// what a generated decoder accepts must be what the generic one reads and schema-valid (ajv).
// cbor-fuzz.test.ts (generated CBOR, random bytes) and differential.test.ts (corrupted random
// values) stay as they are. BINSCHEMA_FUZZ_ITERATIONS / BINSCHEMA_FUZZ_SEED: longer runs, replays.
import { existsSync, readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GENERIC_FORMATS, type CompiledCodec, type FormatUnderTest } from './support/formats.js';
import { compilerAccepts } from './support/conformance-run.js';
import { featureSchemas, payloadSchemas, type NamedSchema } from './support/test-schemas.js';
import { ValidGenerator } from './support/generate-valid.js';
import { Random, fuzzIterations, fuzzSeed, seedFor } from './support/random.js';
import { SchemaDocument } from './support/schema.js';
import { Watchdog } from './support/watchdog.js';
import { setOwn, toHex } from './support/values.js';
import { FuzzChecker, prototypeChange, type Decoder } from './support/fuzz-check.js';
import { DEEP, corruptions, deepNestings, hostileKeys, injectedCounts, nestingBombs, raisedLengths, truncations, walk, type Mutant } from './support/fuzz-mutate.js';
import type { Item } from './support/fuzz-walk.js';

const ITERATIONS = fuzzIterations();
/** Length fields and keys mutated per seed, and sampled cuts of a large seed; scaled by BINSCHEMA_FUZZ_ITERATIONS. */
const FIELDS_PER_SEED = Math.max(24, Math.round(ITERATIONS / 5));
const GENERATED_VALUES = 3;
const FEATURES = ['features/recursion', 'features/discriminated-union', 'features/type-union', 'features/maps'];

const watchdog = new Watchdog();
await watchdog.ready;

const PAYLOADS = new URL('../../../../shared/payloads/', import.meta.url);

interface Seed {
  what: string;
  bytes: Uint8Array;
  items: Item[];
}

/** Valid encodings of `entry`: its payload document (if any) and a few generated values, by the generic and the generated encoder. */
function seedsOf(format: FormatUnderTest, entry: NamedSchema, codec: CompiledCodec): Seed[] {
  const values: { what: string; value: unknown }[] = [];
  const document = new URL(`${entry.name.replace(/^payloads\//, '')}.json`, PAYLOADS);
  if (entry.name.startsWith('payloads/') && existsSync(document)) values.push({ what: 'the payload', value: JSON.parse(readFileSync(document, 'utf8')) });
  const generator = new ValidGenerator(entry.schema);
  const random = new Random(seedFor(`fuzz seeds ${entry.name}`));
  for (let index = 0; index < GENERATED_VALUES; index++) {
    const made = generator.next(random);
    if (made !== undefined) values.push({ what: `generated value ${index}`, value: made.value });
  }
  const seeds = new Map<string, Seed>();
  for (const { what, value } of values) {
    for (const [by, bytes] of [['generic', format.genericEncode(value)], ['generated', codec.encode(value)]] as const) {
      const copy = bytes.slice();
      seeds.set(toHex(copy) + copy.length, { what: `${what} (${by} bytes)`, bytes: copy, items: walk(format.name, copy) });
    }
  }
  return [...seeds.values()];
}

/** Root and definition decoders of a compiled codec. */
function decodersOf(name: string, codec: CompiledCodec): Decoder[] {
  const definitions = Object.entries(codec.definitions ?? {}).map(([definition, pair]) => ({ name: `${name} #/$defs/${definition} decoder`, decode: pair.decode }));
  return [{ name: `${name} decoder`, decode: codec.decode }, ...definitions];
}

function runMutants(label: string, checker: FuzzChecker, mutants: (seed: Seed, random: Random) => Mutant[], seeds: Seed[]): FuzzChecker {
  const random = new Random(seedFor(label));
  for (const seed of seeds) {
    for (const mutant of mutants(seed, random)) checker.check({ ...mutant, what: `${seed.what}: ${mutant.what}` });
  }
  assert.ok(checker.inputs > 0, `${label}: no inputs`);
  assert.ok(checker.failureCount === 0, checker.message(label, fuzzSeed()));
  return checker;
}

function fuzzSchema(format: FormatUnderTest, entry: NamedSchema, test: ReturnType<typeof suite>): void {
  let state: { codec: CompiledCodec; seeds: Seed[]; judge: SchemaDocument } | undefined;
  const prepare = () => {
    if (state !== undefined) return state;
    const codec = format.compile(entry.schema);
    return (state = { codec, seeds: seedsOf(format, entry, codec), judge: new SchemaDocument(entry.schema) });
  };
  const checker = () => new FuzzChecker(format, [{ name: 'generated', decode: prepare().codec.decode }], prepare().judge, watchdog);
  const on = (label: string, mutants: (seed: Seed, random: Random) => Mutant[], after?: (checker: FuzzChecker) => void) =>
    test(label, () => after?.(runMutants(label, checker(), mutants, prepare().seeds)));
  const where = `${format.name} ${entry.name}`;

  on(`${where}: every truncation of valid encodings gives a value or a DecodeError from the generic and generated decoders`, (seed, random) =>
    truncations(seed.bytes, seed.items, random, FIELDS_PER_SEED * 10),
  );
  on(`${where}: ${ITERATIONS} bit flips, byte overwrites, insertions and deletions per valid encoding give a value or a DecodeError, and what the generated decoder accepts is what the generic one reads and schema-valid`, (seed, random) =>
    corruptions(seed.bytes, random, ITERATIONS),
  );
  on(`${where}: declared lengths raised to 2^32-1 and 2^64-1 end fast with a DecodeError and allocate nothing in proportion`, (seed, random) => [
    ...raisedLengths(format.name, seed.bytes, seed.items, random, FIELDS_PER_SEED),
    ...injectedCounts(format.name, seed.bytes, seed.items, random, FIELDS_PER_SEED),
  ]);
  const schemaValid = (bytes: Uint8Array) => {
    try {
      return prepare().judge.validate(format.genericDecode(bytes));
    } catch {
      return false;
    }
  };
  on(`${where}: the nesting of valid encodings repeated ${DEEP.toLocaleString('en')} deep ends fast with a value or a DecodeError, not a stack overflow`, (seed) =>
    deepNestings(seed.bytes, seed.items, 2, schemaValid),
    (checker) => {
      // The recursive tree nests validly: the generated decoder must get deep and stop at its limit.
      if (entry.name === 'features/recursion') assert.ok((checker.outcomes.get('generated too-deep') ?? 0) > 0, `no too-deep: ${JSON.stringify([...checker.outcomes])}`);
    },
  );
  // Schemas without objects (arrays of scalars) have no keys to rename.
  if (JSON.stringify(entry.schema).includes('"object"')) {
    on(`${where}: keys renamed __proto__, constructor and prototype change no prototype and stay own properties`, (seed, random) =>
      hostileKeys(format.name, seed.bytes, seed.items, random, FIELDS_PER_SEED),
    );
  }
}

/** Values that would pollute a prototype if a decoder assigned keys naively. */
function pollutionValues(): unknown[] {
  const proto: Record<string, unknown> = {};
  setOwn(proto, '__proto__', { polluted: true });
  const nested: Record<string, unknown> = { a: [proto] };
  return [proto, nested, { constructor: { prototype: { polluted: true } } }, [proto]];
}

function fuzzBombs(format: FormatUnderTest, entries: NamedSchema[], test: ReturnType<typeof suite>): void {
  const label = `${format.name}: nesting bombs ${DEEP.toLocaleString('en')} deep and __proto__/constructor documents give every decoder a value or a DecodeError and pollute nothing`;
  test(label, () => {
    const mutants: Mutant[] = [
      ...nestingBombs(format.name),
      ...pollutionValues().map((value, index) => ({ what: `pollution document ${index}`, bytes: format.genericEncode(value), heavy: false })),
    ];
    for (const entry of entries) {
      const codec = format.compile(entry.schema);
      const checker = new FuzzChecker(format, decodersOf(entry.name, codec), new SchemaDocument(entry.schema), watchdog);
      for (const mutant of mutants) checker.check(mutant);
      assert.ok(checker.failureCount === 0, checker.message(`${label} (${entry.name})`, fuzzSeed()));
    }
    assert.is(prototypeChange(), undefined);
  });
}

const formats = GENERIC_FORMATS.filter(compilerAccepts);
const entries = [...payloadSchemas(), ...featureSchemas().filter((entry) => FEATURES.includes(entry.name))];

for (const format of formats) {
  const test = suite(`fuzz ${format.name} decoders`);
  test(`fuzzes the payload schemas and the recursion, union and map feature schemas`, () => {
    assert.ok(entries.length >= 14, `only ${entries.length} schemas`);
    assert.equal(FEATURES.filter((name) => !entries.some((entry) => entry.name === name)), []);
  });
  for (const entry of entries) fuzzSchema(format, entry, test);
  fuzzBombs(format, entries, test);
  test.run();
}
