/**
 * The map-layout evolution rules (README "Schema evolution"): for each rule a schema pair that
 * breaks it and one that does not (support/compat-map-cases.ts, worked out by hand). Backward
 * breaks when the new schema rejects a value the old accepted, forward the other way round.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCompatibility, isSchemaError } from '../src/index.js';
import { MAP_CASES, type Found } from './support/compat-map-cases.js';

const map = suite('compat: map layout rules');
for (const testCase of MAP_CASES) {
  map(testCase.name, () => {
    const report = checkCompatibility(testCase.old, testCase.new);
    assert.equal(report.changes.map((change): Found => [change.direction, change.rule, change.path]).sort(), [...testCase.changes].sort());
    assert.is(report.backward, testCase.backward, 'backward');
    assert.is(report.forward, testCase.forward, 'forward');
  });
}
const STRING = { type: 'string' };
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

map('every change has a one-line message', () => {
  const report = checkCompatibility(object({ a: STRING }, ['a']), object({ a: { type: 'number' } }, ['a', 'b']));
  assert.ok(report.changes.length > 0);
  for (const change of report.changes) assert.ok(change.message.length > 0 && !change.message.includes('\n'));
});
map('an unknown layout is a SchemaError invalid-option', () => {
  try {
    checkCompatibility(STRING, STRING, { layout: 'columns' as 'map' });
    assert.unreachable('should throw');
  } catch (error) {
    assert.ok(isSchemaError(error));
    assert.is((error as { code: string }).code, 'invalid-option');
  }
});
map('an invalid schema is a SchemaError', () => {
  assert.throws(() => checkCompatibility({ type: 'strin' }, STRING), (error: unknown) => isSchemaError(error));
});
map.run();
