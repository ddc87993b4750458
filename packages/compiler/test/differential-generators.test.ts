// The value generators the differential suites stand on: ajv must agree with what they claim.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Random, seedFor } from './support/random.js';
import { ValidGenerator } from './support/generate-valid.js';
import { InvalidGenerator } from './support/generate-invalid.js';
import { codePointLength, stringForPattern } from './support/strings.js';
import { findDifference, isPointerPrefix, setOwn, stableKey } from './support/values.js';
import { allTestSchemas } from './support/test-schemas.js';

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
