// The value generators the differential suites stand on: ajv must agree with what they claim.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Random, seedFor } from './support/random.js';
import { ValidGenerator } from './support/generate-valid.js';
import { InvalidGenerator } from './support/generate-invalid.js';
import { codePointLength, stringForPattern } from './support/strings.js';
import { findDifference, isPointerPrefix, setOwn, stableKey, toHex } from './support/values.js';
import { allTestSchemas } from './support/test-schemas.js';
import { FORMATS } from './support/formats.js';
import { SchemaDocument, isJsonValue, type Schema } from './support/schema.js';
import { oracleCodec, uncheckedCodec } from './support/oracle.js';
import { FailureLog, checkDecodeRejects, checkDeterministicBytes, checkEncodeRejects, checkValidAgreement } from './support/checks.js';
import { DecodeError, EncodeError, ErrorCode } from '@binschema/runtime';
import * as cbor from '@binschema/runtime/cbor';
import { cborVariant } from './support/cbor-variants.js';
import * as ubjson from '@binschema/runtime/ubjson';
import { ubjsonVariant } from './support/ubjson-variants.js';
import * as msgpack from '@binschema/runtime/msgpack';
import { msgpackVariant } from './support/msgpack-variants.js';

const VALUES_PER_SCHEMA = 100;

const random = suite('random');

random('replays the same stream for the same seed', () => {
  const first = new Random(42);
  const second = new Random(42);
  const a = Array.from({ length: 50 }, () => first.next());
  const b = Array.from({ length: 50 }, () => second.next());
  assert.equal(a, b);
  assert.ok(a.every((value) => value >= 0 && value < 1));
});

random('gives different streams for different seeds', () => {
  assert.not.equal(new Random(1).next(), new Random(2).next());
});

random('keeps int() within its inclusive bounds and reaches both ends', () => {
  const generator = new Random(7);
  const seen = new Set<number>();
  for (let index = 0; index < 500; index++) seen.add(generator.int(-2, 2));
  assert.equal([...seen].sort(), [-1, -2, 0, 1, 2].sort());
});

random.run();

const strings = suite('strings');

strings('counts astral characters as one code point each', () => {
  assert.is(codePointLength('a😀b'), 3);
  assert.is('a😀b'.length, 4);
});

const PATTERNS = ['^[a-z][a-z0-9_]{2,9}$', '^\\d{3}-\\d{4}$', 'ab+c', '^(?:lat|lng)\\d?$', '^x-', '^[a-z]+_id$', '^(a|bc)*$', '^\\w+\\.\\w{1,3}$'];

strings('builds strings that match each supported pattern', () => {
  const generator = new Random(seedFor('patterns'));
  for (const pattern of PATTERNS) {
    const regex = new RegExp(pattern, 'u');
    for (let index = 0; index < 50; index++) {
      const text = stringForPattern(generator, pattern);
      assert.type(text, 'string', pattern);
      assert.ok(regex.test(text!), `${JSON.stringify(text)} should match /${pattern}/`);
    }
  }
});

strings('declines patterns outside the supported subset', () => {
  assert.is(stringForPattern(new Random(1), '^[^a]$'), undefined);
  assert.is(stringForPattern(new Random(1), '(?=a)a'), undefined);
});

strings.run();

const values = suite('values');

values('finds no difference between a value and its equal copy in another key order', () => {
  assert.is(findDifference({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }), undefined);
});

values('tells -0 from 0 and names the path of a difference', () => {
  assert.match(findDifference({ a: [0, -0] }, { a: [0, 0] }) ?? '', '/a/1');
  assert.match(findDifference({ a: 1 }, { a: 1, b: 2 }) ?? '', 'keys');
});

values('keeps __proto__ as an own key', () => {
  const target: Record<string, unknown> = {};
  setOwn(target, '__proto__', 5);
  assert.equal(Object.keys(target), ['__proto__']);
  assert.is(Object.getPrototypeOf(target), Object.prototype);
  assert.is(stableKey({ b: 1, a: 2 }), stableKey({ a: 2, b: 1 }));
});

values('compares pointers by ancestry', () => {
  assert.ok(isPointerPrefix('', '/a/b'));
  assert.ok(isPointerPrefix('/a', '/a/b'));
  assert.ok(isPointerPrefix('/a/b', '/a/b'));
  assert.not.ok(isPointerPrefix('/a/b', '/a/bc'));
  assert.not.ok(isPointerPrefix('/a/b', '/a'));
});

values.run();

const generators = suite('generators');

for (const { name, schema } of allTestSchemas()) {
  generators(`makes ${name} values ajv accepts, discarding under 5% of attempts`, () => {
    const generator = new ValidGenerator(schema);
    const stream = new Random(seedFor(`valid ${name}`));
    for (let index = 0; index < VALUES_PER_SCHEMA; index++) {
      const made = generator.next(stream);
      assert.ok(made !== undefined, `no valid value for ${name}`);
      assert.ok(generator.document.validate(made!.value));
    }
    assert.ok(generator.discarded / generator.attempts < 0.05, `${generator.discarded} of ${generator.attempts} discarded`);
  });

  generators(`makes ${name} mutants ajv rejects, each mutated at a location inside the value`, () => {
    const generator = new InvalidGenerator(new ValidGenerator(schema));
    const stream = new Random(seedFor(`invalid ${name}`));
    for (let index = 0; index < VALUES_PER_SCHEMA; index++) {
      const made = generator.next(stream);
      assert.ok(made !== undefined, `no invalid value for ${name}`);
      assert.not.ok(generator.valid.document.validate(made!.value));
      assert.ok(made!.mutation.pointer === '' || made!.mutation.pointer.startsWith('/'));
    }
    assert.ok(generator.discarded / Math.max(1, generator.attempts) < 0.1, `${generator.discarded} of ${generator.attempts} discarded`);
  });
}

generators('makes the same values for the same seed', () => {
  const schema = allTestSchemas().find((entry) => entry.name === 'features/recursion')!.schema;
  const first = new ValidGenerator(schema).next(new Random(9));
  const second = new ValidGenerator(schema).next(new Random(9));
  assert.equal(findDifference(first!.value, second!.value), undefined);
});

generators('covers every mutation kind across the feature schemas', () => {
  const kinds = new Set<string>();
  for (const { name, schema } of allTestSchemas()) {
    const generator = new InvalidGenerator(new ValidGenerator(schema));
    const stream = new Random(seedFor(`kinds ${name}`));
    for (let index = 0; index < 60; index++) kinds.add(generator.next(stream)?.mutation.kind ?? 'none');
  }
  const expected = ['wrong-type', 'below-minimum', 'above-maximum', 'not-integer', 'not-multiple', 'too-short', 'too-long', 'pattern-miss', 'enum-miss', 'missing-required', 'extra-key', 'too-few-items', 'too-many-items', 'duplicate-item'];
  for (const kind of expected) assert.ok(kinds.has(kind), `no ${kind} mutation made`);
});

generators.run();

// The checks must pass for a codec that behaves right and fail for one that does not, so a green
// differential run means something (and the generic codecs get the random values meanwhile).
const checks = suite('checks');

const judges = new Map<unknown, SchemaDocument>();
/** ajv's verdict for JSON values, undefined for others (see `Judge`). */
function judgeOf(schema: Schema, value: unknown): boolean | undefined {
  if (!isJsonValue(value)) return undefined;
  if (!judges.has(schema)) judges.set(schema, new SchemaDocument(schema));
  return judges.get(schema)!.validate(value);
}

for (const format of FORMATS) {
  for (const { name, schema } of allTestSchemas()) {
    checks(`pass for the ajv-plus-generic ${format.name} reference codec on random ${name} values`, () => {
      const codec = oracleCodec(format, schema);
      const valid = new ValidGenerator(schema);
      const invalid = new InvalidGenerator(new ValidGenerator(schema));
      const stream = new Random(seedFor(`oracle ${format.name} ${name}`));
      const log = new FailureLog(`oracle ${name}`);
      for (let index = 0; index < 30; index++) {
        log.record(checkValidAgreement(format, codec, valid.next(stream)!.value));
        const mutant = invalid.next(stream)!;
        log.record(checkDecodeRejects(format, codec, mutant, (value) => judgeOf(schema, value)));
        log.record(checkEncodeRejects(codec, mutant));
      }
      assert.ok(log.total === 0, log.message());
    });
  }

  checks(`catch a ${format.name} codec that accepts invalid values`, () => {
    const codec = uncheckedCodec(format);
    const { schema } = allTestSchemas().find((entry) => entry.name === 'features/integer-ranges')!;
    const invalid = new InvalidGenerator(new ValidGenerator(schema));
    const mutant = invalid.next(new Random(3))!;
    assert.match(checkEncodeRejects(codec, mutant) ?? '', 'accepted');
    assert.match(checkDecodeRejects(format, codec, mutant, (value) => judgeOf(schema, value)) ?? '', 'accepted');
  });

  checks(`catch a ${format.name} codec whose error blames a location off the mutation`, () => {
    const blaming = {
      encode: () => {
        throw new EncodeError(format.name, ErrorCode.UnexpectedType, 'expected integer', '/a/b/c');
      },
      decode: () => {
        throw new DecodeError(format.name, ErrorCode.UnexpectedType, 'expected integer', 1_000_000);
      },
    };
    const removal = { value: { a: {} }, original: { a: { b: { c: 1 } } }, mutation: { kind: 'missing-required', pointer: '/a', subtree: false } };
    assert.match(checkEncodeRejects(blaming, removal) ?? '', 'blamed /a/b/c');
    assert.match(checkDecodeRejects(format, blaming, removal, () => false) ?? '', 'outside');
    // A replaced value is new throughout, so blame inside it is right; blame beside it is not.
    const replacement = { value: { a: { b: { c: 'x' } } }, original: { a: 1 }, mutation: { kind: 'wrong-type', pointer: '/a', subtree: true } };
    assert.is(checkEncodeRejects(blaming, replacement), undefined);
    const beside = { ...replacement, mutation: { ...replacement.mutation, pointer: '/a/b/d' } };
    assert.match(checkEncodeRejects(blaming, beside) ?? '', 'blamed /a/b/c');
  });

  if (format.bytesAgree === 'deterministic') checks(`catch ${format.name} bytes that differ from the generic deterministic encoding`, () => {
    const codec = { encode: (value: unknown) => format.genericEncode(value), decode: (bytes: Uint8Array) => format.genericDecode(bytes) };
    // Key order: default mode keeps insertion order, deterministic mode sorts.
    assert.match(checkDeterministicBytes(format, codec, { b: 1, a: 2 }) ?? '', 'expected');
    assert.is(checkDeterministicBytes(format, codec, [1, 2]), undefined);
  });

  checks(`catch a ${format.name} decoder that drops a -0`, () => {
    const codec = { encode: (value: unknown) => format.genericEncode(value), decode: (bytes: Uint8Array) => JSON.parse(JSON.stringify(format.genericDecode(bytes))) };
    assert.match(checkValidAgreement(format, codec, { x: -0 }) ?? '', '/x');
  });
}

checks.run();

const variants = suite('cbor variants');

variants('widens heads and floats, and splits strings and containers into indefinite lengths', () => {
  const random = new Random(5);
  const seen = new Set<number>();
  for (let round = 0; round < 200; round++) {
    for (const byte of cborVariant(cbor.encode({ text: 'hé😀llo', list: [1, 1.5, 300] }, { float: 'shortest' }), random)) seen.add(byte);
  }
  for (const marker of [0x18, 0x19, 0x1a, 0x1b, 0x7f, 0x9f, 0xbf, 0xff, 0xfa, 0xfb]) assert.ok(seen.has(marker), `never wrote 0x${marker.toString(16)}`);
});

for (const { name, schema } of allTestSchemas()) {
  variants(`keeps the value of random ${name} values for the generic decoder`, () => {
    const generator = new ValidGenerator(schema);
    const random = new Random(seedFor(`variants ${name}`));
    for (let index = 0; index < 40; index++) {
      const value = generator.next(random)!.value;
      const variant = cborVariant(cbor.encode(value, { float: 'shortest' }), random);
      assert.is(findDifference(cbor.decode(variant), value), undefined, toHex(variant));
    }
  });
}

variants.run();

const ubjsonVariants = suite('ubjson variants');

ubjsonVariants('uses every number marker, counted and typed containers, chars and no-ops', () => {
  const random = new Random(5);
  const seen = new Set<string>();
  for (let round = 0; round < 300; round++) {
    const bytes = ubjsonVariant({ text: 'hé😀llo', c: 'x', list: [1, 1.5, 300], flags: [true, true], none: [null], counts: { a: 1, b: 2 } }, random);
    for (let index = 0; index < bytes.length - 1; index++) seen.add(String.fromCharCode(bytes[index], bytes[index + 1]));
    for (const byte of bytes) seen.add(String.fromCharCode(byte));
  }
  for (const form of ['i', 'U', 'I', 'l', 'L', 'd', 'D', 'H', 'C', 'N', '[#', '{#', '[$', '{$', '$T', '$Z']) assert.ok(seen.has(form), `never wrote ${form}`);
});

for (const { name, schema } of allTestSchemas()) {
  ubjsonVariants(`keeps the value of random ${name} values for the generic decoder`, () => {
    const generator = new ValidGenerator(schema);
    const random = new Random(seedFor(`ubjson variants ${name}`));
    for (let index = 0; index < 40; index++) {
      const value = generator.next(random)!.value;
      const variant = ubjsonVariant(value, random);
      assert.is(findDifference(ubjson.decode(variant), value), undefined, toHex(variant));
    }
  });
}

ubjsonVariants.run();

const msgpackVariants = suite('msgpack variants');

msgpackVariants('uses every integer, float, str, array and map format that holds the value', () => {
  const random = new Random(7);
  const seen = new Set<number>();
  for (let round = 0; round < 300; round++) {
    const bytes = msgpackVariant({ text: 'hé😀llo', list: [1, -1, 1.5, 300, 0.1], counts: { a: 1, b: 2 } }, random);
    for (const byte of bytes) seen.add(byte);
  }
  // str8/16/32, array16/32, map16/32, uint8..64, int8..64, float32/64 (spec.md "Overview of formats").
  for (const form of [0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xca, 0xcb]) assert.ok(seen.has(form), `never wrote 0x${form.toString(16)}`);
});

for (const { name, schema } of allTestSchemas()) {
  msgpackVariants(`keeps the value of random ${name} values for the generic decoder`, () => {
    const generator = new ValidGenerator(schema);
    const random = new Random(seedFor(`msgpack variants ${name}`));
    for (let index = 0; index < 40; index++) {
      const value = generator.next(random)!.value;
      const variant = msgpackVariant(value, random);
      assert.is(findDifference(msgpack.decode(variant), value), undefined, toHex(variant));
    }
  });
}

msgpackVariants.run();
