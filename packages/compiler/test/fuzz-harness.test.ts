// The fuzz suite's own parts, proven on hand-made inputs: the walkers find the length fields the
// specs define, the mutators write the bytes the specs say, and the checker fails each kind of
// broken decoder it exists to catch (so fuzz.test.ts passing means something).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DecodeError, ErrorCode } from '@binschema/runtime';
import { CBOR, UBJSON } from './support/formats.js';
import { walkCbor, walkUbjson } from './support/fuzz-walk.js';
import { deepNestings, hostileKeys, injectedCounts, raisedLengths, type Mutant } from './support/fuzz-mutate.js';
import { FuzzChecker, type Decoder } from './support/fuzz-check.js';
import { Random } from './support/random.js';
import { SchemaDocument } from './support/schema.js';
import { fromHex as hex } from './support/values.js';
import { Watchdog } from './support/watchdog.js';

const watchdog = new Watchdog();
await watchdog.ready;

const toText = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const walker = suite('fuzz walkers and mutators');

walker('walks CBOR {"a": ["xy"]} into its map, key, array and text with their heads (RFC 8949 §3)', () => {
  const items = walkCbor(hex('a1 61 61 81 62 78 79'));
  assert.equal(
    items.map((item) => [item.kind, item.offset, item.end, item.parent, item.isKey, item.length?.end]),
    [['map', 0, 7, -1, false, 1], ['text', 1, 3, 0, true, 2], ['array', 3, 7, 0, false, 4], ['text', 4, 7, 2, false, 5]],
  );
});

walker('walks UBJSON {"a": [S"xy"]} with its key length, uncounted array and string length (Draft 12)', () => {
  const items = walkUbjson(hex('7b 69 01 61 5b 53 69 02 78 79 5d 7d'));
  assert.equal(
    items.map((item) => [item.kind, item.offset, item.end, item.parent, item.isKey, item.length]),
    [['map', 0, 12, -1, false, undefined], ['text', 1, 4, 0, true, { offset: 1, end: 3 }], ['array', 4, 11, 0, false, undefined], ['text', 5, 10, 2, false, { offset: 6, end: 8 }]],
  );
});

walker('walks UBJSON counted and typed containers and skips no-ops before elements and keys', () => {
  // [#U02 N Z N T]: a counted array with no-ops; {$i#U01 U01 'a' 05}: a typed object.
  const items = walkUbjson(hex('5b 23 55 02 4e 5a 4e 54'));
  assert.equal(items.map((item) => [item.kind, item.offset, item.end, item.length]), [['array', 0, 8, { offset: 2, end: 4 }], ['scalar', 5, 6, undefined], ['scalar', 7, 8, undefined]]);
  const typed = walkUbjson(hex('7b 24 69 23 55 01 55 01 61 05'));
  assert.equal(typed.map((item) => [item.kind, item.offset, item.end, item.isKey]), [['map', 0, 10, false], ['text', 6, 9, true], ['scalar', 9, 10, false]]);
});

walker('raises a CBOR text length to 2^32-1 and 2^64-1 in 4- and 8-byte heads, keeping the rest', () => {
  const seed = hex('81 62 78 79');
  const raised = raisedLengths('cbor', seed, walkCbor(seed), new Random(1), 10).filter((mutant) => mutant.what.startsWith('text'));
  assert.equal(raised.map((mutant) => toText(mutant.bytes)), ['817affffffff7879', '817bffffffffffffffff7879']);
});

walker('raises a UBJSON string length to 2^31-1, 2^32-1, 2^63-1 and 2^64-1 (read as -1) as l/L integers', () => {
  const seed = hex('53 69 02 78 79');
  const raised = raisedLengths('ubjson', seed, walkUbjson(seed), new Random(1), 10);
  assert.equal(raised.map((mutant) => toText(mutant.bytes)), [
    '536c7fffffff7879',
    '534c00000000ffffffff7879',
    '534c7fffffffffffffff7879',
    '534cffffffffffffffff7879',
  ]);
});

walker('gives an uncounted UBJSON array a huge count and a payload-free $Z typed count', () => {
  const seed = hex('5b 5a 5d');
  const injected = injectedCounts('ubjson', seed, walkUbjson(seed), new Random(1), 10).map((mutant) => toText(mutant.bytes));
  assert.ok(injected.includes('5b234c00000000ffffffff5a5d'));
  assert.ok(injected.includes('5b245a236c7fffffff5a5d'));
});

walker('repeats the step from a container to its descendant, the shortest same-kind step first', () => {
  const seed = hex('81 81 f6');
  const deep = deepNestings(seed, walkCbor(seed), 2, () => false, 3);
  // [[null]]: the outer array's head '81' then the inner array, or '8181' then the null.
  assert.equal(deep.map((mutant) => toText(mutant.bytes)), ['81818181f6', '818181818181f6']);
});

walker('prefers a step whose repetition the schema accepts', () => {
  const seed = hex('81 81 f6');
  // Only the step '8181' gives 9 bytes when repeated 4 deep.
  const deep = deepNestings(seed, walkCbor(seed), 1, (bytes) => bytes.length === 9, 3);
  assert.equal(deep.map((mutant) => toText(mutant.bytes)), ['818181818181f6']);
});

walker('renames a CBOR key to __proto__, constructor and prototype', () => {
  const seed = hex('a1 61 61 f6');
  const renamed = hostileKeys('cbor', seed, walkCbor(seed), new Random(1), 10).map((mutant) => toText(mutant.bytes));
  assert.equal(renamed, [`a169${toText(Buffer.from('__proto__'))}f6`, `a16b${toText(Buffer.from('constructor'))}f6`, `a169${toText(Buffer.from('prototype'))}f6`]);
});

walker.run();

const checker = suite('fuzz checker');
const judgeString = new SchemaDocument({ type: 'string' });
const input = (bytes: Uint8Array, heavy = false): Mutant => ({ what: 'input', bytes, heavy });

function verdict(decode: Decoder['decode'], mutant: Mutant, limits?: { inputMs: number; heavyInputMs: number }): FuzzChecker {
  const check = new FuzzChecker(CBOR, [{ name: 'broken', decode }], judgeString, watchdog, limits);
  check.check(mutant);
  return check;
}

checker('passes a decoder that agrees with the generic one', () => {
  const check = verdict((bytes) => CBOR.genericDecode(bytes), input(CBOR.genericEncode('ok')));
  assert.is(check.failureCount, 0, check.failures.join());
  assert.is(check.judged, 1);
});

checker('fails a decoder that throws a TypeError', () => {
  const check = verdict(() => {
    throw new TypeError('boom');
  }, input(hex('f6')));
  assert.ok(check.failures[0]?.includes('TypeError'), check.failures.join());
});

checker('fails a DecodeError offset beyond the input', () => {
  const check = verdict(() => {
    throw new DecodeError('cbor', ErrorCode.UnexpectedEnd, 'test', 99);
  }, input(hex('f6')));
  assert.ok(check.failures[0]?.includes('offset 99'), check.failures.join());
});

checker('fails a value the generic decoder refuses, another value, and a schema-invalid value', () => {
  assert.ok(verdict(() => 'x', input(hex('ff'))).failures[0]?.includes('generic decoder refuses'));
  assert.ok(verdict(() => 'y', input(CBOR.genericEncode('x'))).failures[0]?.includes('differs'));
  assert.ok(verdict(() => 5, input(CBOR.genericEncode(5))).failures[0]?.includes('schema-invalid'));
});

checker('takes a bigint equal to the generic number as the same value, and an unequal one as different', () => {
  const judge = new SchemaDocument({});
  const run = (value: bigint) => {
    const check = new FuzzChecker(CBOR, [{ name: 'bigint', decode: () => value }], judge, watchdog);
    check.check(input(CBOR.genericEncode(2 ** 60)));
    return check;
  };
  assert.is(run(2n ** 60n).failureCount, 0);
  assert.is(run(2n ** 60n + 1n).failureCount, 1);
});

checker('fails an allocation far beyond the input on a heavy input', () => {
  const check = verdict(() => new Uint8Array(64 * 2 ** 20), input(hex('5a ffffffff'), true));
  assert.ok(check.failures[0]?.includes('arrayBuffers grew'), check.failures.join());
});

checker('fails a decoder that pollutes Object.prototype, and one that returns a foreign prototype', () => {
  try {
    const check = verdict(() => {
      (Object.prototype as Record<string, unknown>).polluted = true;
      return 'x';
    }, input(CBOR.genericEncode('x')));
    assert.ok(check.failures[0]?.includes('Object.prototype'), check.failures.join());
  } finally {
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
  const foreign = verdict(() => Object.create({ polluted: true }), input(CBOR.genericEncode({})));
  assert.ok(foreign.failures[0]?.includes('foreign prototype'), foreign.failures.join());
});

checker('fails a decoder slower than its bound', () => {
  const check = verdict(() => {
    const until = Date.now() + 60;
    while (Date.now() < until);
    return 'x';
  }, input(CBOR.genericEncode('x')), { inputMs: 20, heavyInputMs: 20 });
  assert.ok(check.failures[0]?.includes('took'), check.failures.join());
});

checker('runs the UBJSON generic decoder for UBJSON inputs', () => {
  const check = new FuzzChecker(UBJSON, [{ name: 'generic again', decode: (bytes) => UBJSON.genericDecode(bytes) }], judgeString, watchdog);
  check.check(input(UBJSON.genericEncode('ok')));
  assert.is(check.failureCount, 0, check.failures.join());
  assert.equal([...check.outcomes.keys()], ['generic decoder ok', 'generic again ok']);
});

checker.run();
