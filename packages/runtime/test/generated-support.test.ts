import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { keepShape } from '../src/generated-support.js';

const keepShapeSuite = suite('keepShape');

keepShapeSuite('stores in the given slot an anchor with the same keys in the same order', () => {
  const anchors = new Array<unknown>(4);
  const record = { ref: 'a', type: 'string', nullable: true };
  keepShape(anchors, 3, record);
  assert.equal(Object.keys(anchors[3] as object), ['ref', 'type', 'nullable']);
  assert.is(anchors[0], undefined);
});

keepShapeSuite('retains no decoded value: every anchor value is null', () => {
  const anchors = new Array<unknown>(2);
  const nested = { big: new Array(1000).fill(1) };
  keepShape(anchors, 1, { elements: nested, enum: ['x'] });
  assert.equal(Object.values(anchors[1] as object), [null, null]);
});

keepShapeSuite('keeps an own __proto__ key as a key, not as the prototype', () => {
  const anchors = new Array<unknown>(1);
  const record: Record<string, unknown> = {};
  Object.defineProperty(record, '__proto__', { value: 1, writable: true, enumerable: true, configurable: true });
  keepShape(anchors, 0, record);
  const anchor = anchors[0] as object;
  assert.is(Object.getPrototypeOf(anchor), Object.prototype);
  assert.equal(Object.keys(anchor), ['__proto__']);
});

keepShapeSuite('leaves the record it copies unchanged', () => {
  const record = { values: 'v', mapping: { a: 1 } };
  keepShape(new Array<unknown>(1), 0, record);
  assert.equal(record, { values: 'v', mapping: { a: 1 } });
});

keepShapeSuite.run();
