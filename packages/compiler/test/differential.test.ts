// Differential suite: for every format, the codec compiled from a schema must agree with the
// generic codec of that format on random valid values (decoded values, and bytes in the format's
// byte-identical mode) and must refuse random invalid values with typed errors.
// BINSCHEMA_FUZZ_ITERATIONS raises the count per schema (default 200); BINSCHEMA_FUZZ_SEED replays.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CBOR, FORMATS, type CompiledCodec, type FormatUnderTest } from './support/formats.js';
import { CBOR_EDGE_INPUTS } from './fixtures/differential/cbor-edge-inputs.js';
import { allTestSchemas, type NamedSchema } from './support/test-schemas.js';
import { ValidGenerator } from './support/generate-valid.js';
import { InvalidGenerator } from './support/generate-invalid.js';
import { Random, fuzzIterations, seedFor } from './support/random.js';
import { FailureLog, checkBytesAgreement, checkCorruptedAgreement, checkDecodeRejects, checkDeterministicBytes, checkEncodeRejects, checkPeerAgreement, checkValidAgreement, checkWriteOrderBytes, corrupt } from './support/checks.js';
import { SchemaDocument, isJsonValue, type Schema } from './support/schema.js';
import { escapePointerToken } from '@binschema/runtime';

const ITERATIONS = fuzzIterations();
/** Per definition: fewer, since the root values already pass through every definition. */
const DEFINITION_ITERATIONS = Math.max(10, Math.round(ITERATIONS / 5));

function lazyCodec(format: FormatUnderTest, entry: NamedSchema, deterministic: boolean): () => CompiledCodec {
  let codec: CompiledCodec | undefined;
  return () => (codec ??= format.compile(entry.schema, { deterministic }));
}

function runValid(label: string, entry: NamedSchema, check: (value: unknown) => string | undefined, iterations = ITERATIONS): void {
  const generator = new ValidGenerator(entry.schema);
  const random = new Random(seedFor(label));
  const log = new FailureLog(label);
  for (let index = 0; index < iterations; index++) {
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

/** `{ $ref: '#/$defs/<name>' }` beside the root's definitions: the schema of one exported definition. */
function definitionSchemas(entry: NamedSchema): { name: string; schema: Schema }[] {
  if (typeof entry.schema !== 'object') return [];
  const { $schema, $defs, definitions } = entry.schema;
  const keyword = $defs !== undefined ? '$defs' : 'definitions';
  return Object.keys($defs ?? definitions ?? {}).map((name) => ({
    name,
    schema: { $schema, $defs, definitions, $ref: `#/${keyword}/${escapePointerToken(name).replace(/%/g, '%25')}` },
  }));
}

/** The schema's verdict on a decoded value; see `Judge`. A value ajv cannot judge came from a valid one. */
function attemptJudge(judge: SchemaDocument, value: unknown): boolean | undefined {
  if (!isJsonValue(value)) return undefined;
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
    const judge = new SchemaDocument(entry.schema);
    const deterministicCodec = lazyCodec(format, entry, true);

    const agree = `the generated and generic ${format.name} codecs decode random valid ${entry.name} values alike`;
    differential(agree, () => runValid(agree, entry, (value) => checkValidAgreement(format, codec(), value)));

    if (format.bytesAgree === 'write-order') {
      const bytes = `the generated ${format.name} encoder writes the generic bytes (keys in its write order) for random valid ${entry.name} values`;
      differential(bytes, () => runValid(bytes, entry, (value) => checkWriteOrderBytes(format, codec(), value)));
    } else if (format.bytesAgree !== 'never') {
      const bytes = `the generated ${format.name} encoder writes the generic ${format.bytesAgree === 'deterministic' ? 'deterministic ' : ''}bytes for random valid ${entry.name} values`;
      const pick = format.bytesAgree === 'deterministic' ? deterministicCodec : codec;
      differential(bytes, () => runValid(bytes, entry, (value) => checkDeterministicBytes(format, pick(), value)));
    }

    for (const peer of format.peers) {
      const peerAgree = `the generated ${format.name} decoder reads ${peer.name}'s encoding of random valid ${entry.name} values like the generic decoder`;
      differential(peerAgree, () => runValid(peerAgree, entry, (value) => checkPeerAgreement(format, codec(), peer, value, (decoded) => attemptJudge(judge, decoded))));
    }

    const corrupted = `the generated ${format.name} decoder refuses corrupted encodings of random valid ${entry.name} values or reads them like the generic decoder`;
    const corruption = new Random(seedFor(`${corrupted} bytes`));
    differential(corrupted, () =>
      runValid(corrupted, entry, (value) => checkCorruptedAgreement(format, codec(), corrupt(format.genericEncode(value), corruption), (decoded) => attemptJudge(judge, decoded))),
    );

    const definitions = definitionSchemas(entry);
    if (definitions.length > 0) {
      const perDefinition = `the generated ${format.name} codec of each definition of ${entry.name} agrees with the generic codec`;
      differential(perDefinition, () => {
        for (const definition of definitions) {
          const pair = codec().definitions?.[definition.name];
          assert.ok(pair !== undefined, `no codec for the definition ${definition.name}`);
          const label = `${perDefinition} (${definition.name})`;
          runValid(label, { name: label, schema: definition.schema }, (value) => checkValidAgreement(format, pair!, value), DEFINITION_ITERATIONS);
        }
      });
    }

    const encodeRejects = `the generated ${format.name} encoder refuses random invalid ${entry.name} values with an EncodeError at or above the mutation`;
    differential(encodeRejects, () => runInvalid(encodeRejects, entry, (invalid) => checkEncodeRejects(codec(), invalid)));

    const decodeRejects = `the generated ${format.name} decoder refuses the generic encoding of random invalid ${entry.name} values with a DecodeError`;
    differential(decodeRejects, () => runInvalid(decodeRejects, entry, (invalid) => checkDecodeRejects(format, codec(), invalid, (decoded) => attemptJudge(judge, decoded))));
  }
  differential.run();
}

// CBOR-only: hand-written inputs at the edges of the data model (bignums, 64-bit heads, floats for
// integers, repeated keys), where a generated decoder is most likely to part from the generic one.
const edges = suite('differential cbor edge inputs');
for (const input of CBOR_EDGE_INPUTS) {
  edges(`the generated cbor decoder reads ${input.what} like the generic decoder, or refuses it where that value is not schema-valid`, () => {
    const judge = new SchemaDocument(input.schema);
    const codec = CBOR.compile(input.schema);
    const failure = checkBytesAgreement(CBOR, codec, Uint8Array.from(Buffer.from(input.hex, 'hex')), (value) => attemptJudge(judge, value));
    assert.is(failure, undefined);
  });
}
edges.run();
