import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode, encode, checkWellFormed } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual, fromHex, fromTyped, readTestData, toHex } from './cbor-fixtures.js';

// RFC 8949 Appendix A (cbor/test-vectors, typed expectations: test-data/vectors/README.md).
const appendixA = suite('cbor RFC 8949 Appendix A vectors');
const vectors: { index: number; hex: string; roundtrip: boolean; expect: unknown }[] = readTestData('vectors/cbor-appendix-a-typed.json').vectors;

/** Vector 45 is f818: RFC 7049 allowed it, RFC 8949 Appendix F lists it as not well-formed. */
const NOT_WELL_FORMED = new Set(['f818']);

/**
 * Roundtrip vectors a schemaless encoder cannot reproduce, with the reason:
 * - integral floats: the decoded JS number is indistinguishable from the integer, which
 *   preferred serialization writes as an integer (RFC 8949 §4.2.2 allows either);
 * - tag 0: decodes to a Date, and the encoder writes every Date as tag 1 (epoch seconds).
 */
const NOT_REPRODUCIBLE: Record<string, string> = {
  f90000: 'integral float 0.0',
  f93c00: 'integral float 1.0',
  f97bff: 'integral float 65504.0',
  fa47c35000: 'integral float 100000.0',
  f9c400: 'integral float -4.0',
  c074323031332d30332d32315432303a30343a30305a: 'tag 0 date string becomes a Date, written as tag 1',
};

for (const vector of vectors) {
  if (NOT_WELL_FORMED.has(vector.hex)) {
    appendixA(`rejects vector ${vector.index} (${vector.hex}) as a two-byte simple value below 32`, () => {
      const error = catchDecode(vector.hex);
      assert.is(error.code, 'invalid-simple');
      assert.is(error.offset, 0);
    });
    continue;
  }
  appendixA(`decodes vector ${vector.index} (${vector.hex}) to its typed value`, () => {
    const actual = decode(fromHex(vector.hex));
    assert.ok(deepEqual(actual, fromTyped(vector.expect)), `got ${String(actual)}`);
  });
  if (vector.roundtrip && !(vector.hex in NOT_REPRODUCIBLE)) {
    appendixA(`re-encodes vector ${vector.index} (${vector.hex}) to the same bytes with shortest floats`, () => {
      assert.is(toHex(encode(decode(fromHex(vector.hex)), { float: 'shortest' })), vector.hex);
    });
  }
}

appendixA('the list of vectors that cannot round-trip only names roundtrip vectors that really differ', () => {
  for (const hex of Object.keys(NOT_REPRODUCIBLE)) {
    const vector = vectors.find((candidate) => candidate.hex === hex);
    assert.ok(vector?.roundtrip, hex);
    assert.is.not(toHex(encode(decode(fromHex(hex)), { float: 'shortest' })), hex);
  }
});

appendixA.run();

// Not-well-formed and invalid corpora, deduplicated by hex.
const corpora = suite('cbor not-well-formed and invalid corpora');

interface Case {
  hex: string;
  source: string;
  reference?: { well_formed?: boolean; kind?: string; offset?: number };
  description: string;
}

const cases = new Map<string, Case>();
function collect(file: string, list: any[]): void {
  for (const entry of list) {
    if (cases.has(entry.hex)) continue;
    cases.set(entry.hex, {
      hex: entry.hex,
      source: file,
      reference: entry.reference_checker,
      description: entry.description ?? entry.name ?? entry.group ?? entry.rfc_group ?? '',
    });
  }
}
const appendixF: any[] = readTestData('vectors/cbor-rfc8949-appendix-f.json').examples;
collect('appendix-f', appendixF);
collect('qcbor', readTestData('vectors/cbor-not-well-formed-qcbor.json').cases);
collect('ciborium', readTestData('vectors/cbor-errors-ciborium.json').cases);
collect('fxamacker', readTestData('vectors/cbor-invalid-fxamacker.json').cases);
collect('cbor2', readTestData('vectors/cbor-invalid-cbor2.json').cases);

/**
 * Deliberately accepted: well-formed items whose tags this generic codec does not interpret
 * (RFC 8949 §3.4: a generic decoder may pass unknown tags through). They decode to `Tag`
 * values; validating decimal fractions, rationals, regexes, UUIDs, IP addresses, MIME and
 * shared/string references is the application's business. The tag 28/29 case is valid CBOR.
 */
const ACCEPTED: Record<string, string> = {
  c400: 'tag 4 is not interpreted',
  c500: 'tag 5 is not interpreted',
  c58200f6: 'tag 5 is not interpreted',
  d81e01: 'tag 30 is not interpreted',
  d81e820100: 'tag 30 is not interpreted',
  d8236c68656c6c6f2028776f726c64: 'tag 35 is not interpreted',
  d82401: 'tag 36 is not interpreted',
  d8254f5eaffac8b51e480581277fdcc7842f: 'tag 37 is not interpreted',
  d82501: 'tag 37 is not interpreted',
  d83482181846c0000200ffff: 'tag 52 is not interpreted',
  d9010443c00a0a: 'tag 260 is not interpreted',
  d81d05: 'tags 28/29 (shared references) are not interpreted',
  d90102d81c8181d81d00: 'tags 28/29 (shared references) are not interpreted',
  d81c81d81d00: 'valid CBOR (cbor2 marks it VALID); tags 28/29 are not interpreted',
  '85656669727374d81900667365636f6e64d81900d81901': 'tag 25 (string references) is not interpreted',
  d9010086656669727374d81900667365636f6e64d81900d81901d81903: 'tags 256/25 (string references) are not interpreted',
};

/** One invalid tag-1 case also has trailing bytes: the tag error comes first. */
const TAG_ERROR_FIRST = new Set(['c11b1616161616161616161616161616']);

function catchDecode(hex: string): DecodeError {
  try {
    decode(fromHex(hex));
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw new Error(`${hex}: expected a DecodeError, got ${String(error)}`);
  }
  throw new Error(`${hex}: decoded without error`);
}

corpora('holds the expected number of distinct inputs', () => {
  assert.is(cases.size, 187); // 468 entries in the five files, 187 distinct
});

for (const entry of cases.values()) {
  if (entry.hex in ACCEPTED) {
    corpora(`accepts ${entry.source} ${entry.hex} (${ACCEPTED[entry.hex]})`, () => {
      decode(fromHex(entry.hex));
      checkWellFormed(fromHex(entry.hex));
    });
    continue;
  }
  corpora(`rejects ${entry.source} ${entry.hex || '(empty)'} with a DecodeError: ${entry.description}`, () => {
    const error = catchDecode(entry.hex);
    const reference = entry.reference;
    if (reference !== undefined && reference.well_formed !== true && reference.offset !== undefined && !TAG_ERROR_FIRST.has(entry.hex)) {
      assert.is(error.offset, reference.offset);
      if (reference.kind === 'eof') assert.is(error.code, 'unexpected-end');
    }
    // The validator without values throws the very same error.
    try {
      checkWellFormed(fromHex(entry.hex));
      assert.unreachable('checkWellFormed accepted it');
    } catch (checked) {
      assert.instance(checked, DecodeError);
      assert.is((checked as DecodeError).code, error.code);
      assert.is((checked as DecodeError).offset, error.offset);
    }
  });
}

corpora('gives every Appendix F example the offset of the reference checker', () => {
  assert.is(appendixF.length, 94);
  for (const example of appendixF) {
    const error = catchDecode(example.hex);
    assert.is(error.offset, example.reference_checker.offset, example.hex);
    const expected = example.reference_checker.kind === 'eof' ? ['unexpected-end'] : ['not-well-formed', 'invalid-simple'];
    assert.ok(expected.includes(error.code), `${example.hex}: ${error.code}`);
  }
});

corpora('rejects bytes after a well-formed item at the first extra byte', () => {
  const error = catchDecode('0102');
  assert.is(error.code, 'trailing-bytes');
  assert.is(error.offset, 1);
});

corpora.run();
