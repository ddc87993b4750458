/** Raw-JSON helpers: own-property access, nesting depth, and JSON equality (Core 2020-12 §4.2.2). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { commonJson, jsonEqual, nestingDepth, own, uniqueJson } from '../src/schema/json.js';

const access = suite('schema json: own');
access('reads own properties only, never the prototype chain', () => {
  const object = JSON.parse('{"__proto__": 1, "a": 2}') as Record<string, unknown>;
  assert.is(own(object, '__proto__'), 1);
  assert.is(own(object, 'a'), 2);
  assert.is(own(object, 'constructor'), undefined);
  assert.is(own(object, 'toString'), undefined);
});
access.run();

const depth = suite('schema json: nestingDepth');
depth('counts nesting of objects and arrays', () => {
  assert.is(nestingDepth(1, 10), 0);
  assert.is(nestingDepth({}, 10), 1);
  assert.is(nestingDepth({ a: [{ b: [] }] }, 10), 4);
});
depth('stops past the limit, also on a cycle', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.is(nestingDepth(cyclic, 50), 51);
});
depth.run();

const equality = suite('schema json: equality');
const EQUAL: [unknown, unknown, boolean][] = [
  [1, 1.0, true],
  [0, -0, true],
  ['1', 1, false],
  [null, {}, false],
  [[1, [2]], [1, [2]], true],
  [[1, 2], [2, 1], false],
  [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
  [{ a: 1 }, { a: 1, b: undefined }, false],
  [{}, [], false],
  [JSON.parse('{"__proto__": 1}'), {}, false],
];
for (const [left, right, expected] of EQUAL) {
  equality(`says ${JSON.stringify(left)} and ${JSON.stringify(right)} are ${expected ? '' : 'not '}equal`, () => {
    assert.is(jsonEqual(left, right), expected);
    assert.is(jsonEqual(right, left), expected);
  });
}
equality('removes repeats, keeping first occurrences and telling 1 from "1"', () => {
  assert.equal(uniqueJson([1, '1', 1.0, null, 'null', { a: [1] }, { a: [1] }, [0], [0], true, 'true']), [1, '1', null, 'null', { a: [1] }, [0], true, 'true']);
});
equality('keeps the values of the left list that the right list holds', () => {
  assert.equal(commonJson(['a', 2, { k: 1 }, null, false], [{ k: 1 }, 'a', 'null', 0, 2]), ['a', 2, { k: 1 }]);
});
equality.run();
