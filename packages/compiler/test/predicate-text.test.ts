// The rewrites of generated predicate text (emit/checks/predicate-text.ts): negation without `!!`, and a
// body of one test as one `return`, which must keep the test's meaning whatever its shape.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Code } from '../src/emit/module/code.js';
import { not, singleReturn } from '../src/emit/checks/predicate-text.js';

const test = suite('predicate text');

const body = (condition: string) => singleReturn(new Code(`if (${condition}) return false;\nreturn true;`)).text;

test('negates a negation back to the test it negated, and constants to constants', () => {
  const call = new Code('matchesA(value, depth)');
  assert.is(not(call).text, '!matchesA(value, depth)');
  assert.is(not(not(call)), call);
  assert.is(not(new Code('true')).text, 'false');
  assert.is(not(new Code('false')).text, 'true');
});

test('returns a negated call or group as it is, without the outer parentheses of a group', () => {
  assert.is(body('!matchesA(value, depth)'), 'return matchesA(value, depth);');
  assert.is(body('!(isJsonNonObject(value) || matchesB(value, depth))'), 'return isJsonNonObject(value) || matchesB(value, depth);');
  assert.is(body('!PATTERN.test(value)'), 'return PATTERN.test(value);');
});

test('negates anything else as a whole', () => {
  assert.is(body('matchesA(value, depth)'), 'return !matchesA(value, depth);');
  // `!` binds tighter than `||`: the whole condition is wrapped, never only its first term.
  assert.is(body('!matchesA(value, depth) || matchesB(value, depth)'), 'return !(!matchesA(value, depth) || matchesB(value, depth));');
  assert.is(body('!(a) || (b)'), 'return !(!(a) || (b));');
  assert.is(body('value === null'), 'return !(value === null);');
  // A parenthesis inside a string literal does not end the call.
  assert.is(body('!has(value, ")")'), 'return has(value, ")");');
  assert.is(body('!has(value, ")") && other(value)'), 'return !(!has(value, ")") && other(value));');
});

test('leaves a body of more than one test as it is', () => {
  const text = 'if (!isPlainObject(value)) return false;\nif (!has(value)) return false;\nreturn true;';
  assert.is(singleReturn(new Code(text)).text, text);
});

test.run();
