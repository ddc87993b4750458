// Differential suite: for every format, the codec compiled from a schema must agree with the
// generic codec of that format on random valid values (decoded values, and bytes in the format's
// byte-identical mode) and must refuse random invalid values with typed errors.
// BINSCHEMA_FUZZ_ITERATIONS raises the count per schema (default 200); BINSCHEMA_FUZZ_SEED replays.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FORMATS, type CompiledCodec, type FormatUnderTest } from './support/formats.js';
import { allTestSchemas, type NamedSchema } from './support/test-schemas.js';
import { ValidGenerator } from './support/generate-valid.js';
import { InvalidGenerator } from './support/generate-invalid.js';
import { Random, fuzzIterations, seedFor } from './support/random.js';
import { FailureLog, checkDecodeRejects, checkDeterministicBytes, checkEncodeRejects, checkPeerAgreement, checkValidAgreement } from './support/checks.js';
import { SchemaDocument } from './support/schema.js';

const ITERATIONS = fuzzIterations();

function lazyCodec(format: FormatUnderTest, entry: NamedSchema, deterministic: boolean): () => CompiledCodec {
  let codec: CompiledCodec | undefined;
  return () => (codec ??= format.compile(entry.schema, { deterministic }));
}

function runValid(label: string, entry: NamedSchema, check: (value: unknown) => string | undefined): void {
  const generator = new ValidGenerator(entry.schema);
  const random = new Random(seedFor(label));
  const log = new FailureLog(label);
  for (let index = 0; index < ITERATIONS; index++) {
    const made = generator.next(random);
    assert.ok(made !== undefined, `${label}: the generator made no valid value`);
    log.record(check(made!.value));
  }
  assert.ok(log.total === 0, log.message());
}

function runInvalid(label: string, entry: NamedSchema, check: (invalid: NonNullable<ReturnType<InvalidGenerator['next']>>) => string | undefined): void {
  const generator = new InvalidGenerator(new ValidGenerator(entry.schema));
  const random = new Random(seedFor(label));
  const log = new FailureLog(label);
  for (let index = 0; index < ITERATIONS; index++) {
    const made = generator.next(random);
    assert.ok(made !== undefined, `${label}: the generator made no invalid value`);
    log.record(check(made!));
  }
  assert.ok(log.total === 0, log.message());
}

function attemptJudge(judge: SchemaDocument, value: unknown): boolean {
  try {
    return judge.validate(value);
  } catch {
    return true;
  }
}

for (const format of FORMATS) {
  const differential = suite(`differential ${format.name}`);
  for (const entry of allTestSchemas()) {
    const codec = lazyCodec(format, entry, false);
    const deterministicCodec = lazyCodec(format, entry, true);

    const agree = `the generated and generic ${format.name} codecs decode random valid ${entry.name} values alike`;
    differential(agree, () => runValid(agree, entry, (value) => checkValidAgreement(format, codec(), value)));

    if (format.bytesAgree !== 'never') {
      const bytes = `the generated ${format.name} encoder writes the generic ${format.bytesAgree === 'deterministic' ? 'deterministic ' : ''}bytes for random valid ${entry.name} values`;
      const pick = format.bytesAgree === 'deterministic' ? deterministicCodec : codec;
      differential(bytes, () => runValid(bytes, entry, (value) => checkDeterministicBytes(format, pick(), value)));
    }

    for (const peer of format.peers) {
      const peerAgree = `the generated ${format.name} decoder reads ${peer.name}'s encoding of random valid ${entry.name} values like the generic decoder`;
      const judge = new SchemaDocument(entry.schema);
      // A value ajv cannot judge (see support/schema.ts) came from a valid one, so it counts as valid.
      const isValid = (decoded: unknown) => attemptJudge(judge, decoded);
      differential(peerAgree, () => runValid(peerAgree, entry, (value) => checkPeerAgreement(format, codec(), peer, value, isValid)));
    }

    const encodeRejects = `the generated ${format.name} encoder refuses random invalid ${entry.name} values with an EncodeError at or above the mutation`;
    differential(encodeRejects, () => runInvalid(encodeRejects, entry, (invalid) => checkEncodeRejects(codec(), invalid)));

    const decodeRejects = `the generated ${format.name} decoder refuses the generic encoding of random invalid ${entry.name} values with a DecodeError`;
    differential(decodeRejects, () => runInvalid(decodeRejects, entry, (invalid) => checkDecodeRejects(format, codec(), invalid)));
  }
  differential.run();
}
