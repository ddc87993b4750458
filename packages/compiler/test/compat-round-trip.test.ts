/**
 * The checker's map-layout verdicts against real codecs: bytes written by the old schema's codec
 * and read by the new one's (backward), and the other way round (forward). Where the checker says
 * compatible, random valid values of the writer's schema (ajv-checked, support/generate-valid.ts)
 * must decode to the same value; where it says breaking, the case's hand-written witness (valid
 * for the writer only) must be refused by the reader with a DecodeError.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isDecodeError } from '@binschema/runtime';
import { checkCompatibility, compileCodec, type CompiledCodec } from '../src/index.js';
import { MAP_CASES, type CompatCase } from './support/compat-map-cases.js';
import { ValidGenerator } from './support/generate-valid.js';
import { Random, seedFor } from './support/random.js';

const VALUES_PER_DIRECTION = 40;

function roundTrips(writerSchema: unknown, writer: CompiledCodec, reader: CompiledCodec, seed: number): void {
  const generator = new ValidGenerator(writerSchema as never);
  const random = new Random(seed);
  let checked = 0;
  for (let index = 0; index < VALUES_PER_DIRECTION; index++) {
    const generated = generator.next(random);
    if (generated === undefined) continue;
    const bytes = writer.encode(generated.value);
    // As canonical JSON text: uvu's deep equality reads `value.constructor`, which a generated key `constructor` shadows.
    assert.is(canonical(reader.decode(bytes)), canonical(writer.decode(bytes)), `value ${JSON.stringify(generated.value)} (seed ${seed})`);
    checked++;
  }
  assert.ok(checked > VALUES_PER_DIRECTION / 2, `only ${checked} values generated`);
}

/** JSON text with keys sorted at every level. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
  }
  return Object.is(value, -0) ? '-0' : JSON.stringify(value);
}

function refuses(witness: unknown, writer: CompiledCodec, reader: CompiledCodec): void {
  const bytes = writer.encode(witness);
  try {
    reader.decode(bytes);
    assert.unreachable(`the reader accepted ${JSON.stringify(witness)}`);
  } catch (error) {
    if (!isDecodeError(error)) throw error;
  }
}

function check(testCase: CompatCase): void {
  const report = checkCompatibility(testCase.old, testCase.new);
  const oldCodec = compileCodec(testCase.old, { format: 'cbor' });
  const newCodec = compileCodec(testCase.new, { format: 'cbor' });
  const seed = seedFor(testCase.name);
  if (report.backward) roundTrips(testCase.old, oldCodec, newCodec, seed);
  else if (testCase.oldOnly !== undefined) refuses(testCase.oldOnly, oldCodec, newCodec);
  else assert.ok(report.changes.some((change) => change.rule === 'definition-removed'), 'a backward break without a witness');
  if (report.forward) roundTrips(testCase.new, newCodec, oldCodec, seed + 1);
  else {
    assert.ok(testCase.newOnly !== undefined, 'a forward break without a witness');
    refuses(testCase.newOnly, newCodec, oldCodec);
  }
}

const roundTrip = suite('compat: map-layout verdicts against the codecs');
for (const testCase of MAP_CASES) roundTrip(testCase.name, () => check(testCase));
roundTrip('a removed definition has no decoder in the new codec', () => {
  const testCase = MAP_CASES.find((candidate) => candidate.changes.some(([, rule]) => rule === 'definition-removed'))!;
  assert.ok('Point' in compileCodec(testCase.old, { format: 'cbor' }).definitions);
  assert.not.ok('Point' in compileCodec(testCase.new, { format: 'cbor' }).definitions);
});
roundTrip.run();
