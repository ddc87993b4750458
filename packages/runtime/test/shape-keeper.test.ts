import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setFlagsFromString } from 'node:v8';
import { SHAPE_KEEPER_LIMIT, ShapeKeeper, placeholder } from '../src/shape-keeper.js';

const test = suite('shape keeper');

// V8's own test of whether two objects share a hidden class; functions compiled after the flag see it.
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);') as (a: object, b: object) => boolean;

/** A record built the way generated decoders build one: a literal of the required properties, then the optional ones. */
function record(id: unknown, score?: unknown, tags?: unknown, note?: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = { id };
  if (score !== undefined) result.score = score;
  if (tags !== undefined) result.tags = tags;
  if (note !== undefined) result.note = note;
  return result;
}

test('a witness built with placeholders has the same hidden class as the record', () => {
  const decoded = record('a', 1.5, ['x', 'y'], 'long text');
  const witness = record(placeholder('a'), placeholder(1.5), placeholder(['x', 'y']), placeholder('long text'));
  assert.ok(haveSameMap(decoded, witness));
  // A later record of the same shape shares it too.
  assert.ok(haveSameMap(record('b', 2.25, [], 'n'), witness));
});

test('a witness of another shape does not share the hidden class', () => {
  assert.not.ok(haveSameMap(record('a', 1.5), record(placeholder('a'), placeholder(1.5), placeholder([]))));
});

test('a witness of a record with a large integer (a double field) has its hidden class', () => {
  const decoded = record(2 ** 40, 7, true, -0);
  const witness = record(placeholder(2 ** 40), placeholder(7), placeholder(true), placeholder(-0));
  assert.ok(haveSameMap(decoded, witness));
});

test('placeholders hold no decoded value: numbers, booleans, strings, objects and arrays are replaced', () => {
  assert.is(placeholder(1.5), 0.5);
  assert.is(placeholder(7), 0);
  assert.is(placeholder(2 ** 40), 0.5);
  assert.is(placeholder(true), false);
  assert.is(placeholder(12345678901234567890n), 0n);
  assert.is(placeholder(null), null);
  assert.is(placeholder('x'.repeat(10_000)), '');
  assert.is(placeholder({ big: 'object' }), null);
  assert.is(placeholder([1, 2, 3]), null);
});

test('wants a shape once, and stops at the limit so hostile input cannot grow it', () => {
  const keeper = new ShapeKeeper('#/$defs/thing');
  assert.ok(keeper.wants(5));
  keeper.keep(5, {});
  assert.not.ok(keeper.wants(5));
  for (let shape = 100; shape < 100 + SHAPE_KEEPER_LIMIT - 1; shape++) keeper.keep(shape, {});
  assert.not.ok(keeper.wants(1), 'full');
});

test.run();
