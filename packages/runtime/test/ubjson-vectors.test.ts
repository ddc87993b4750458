import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { decode } from '../src/ubjson/index.js';
import { DecodeError, ErrorCode } from '../src/errors.js';
import { testDataUrl } from '../../../test-data/index.js';

// UBJSON Draft 12 cases hand-written from the spec (see test-data/vectors/README.md); every
// valid case decodes as stated in py-ubjson 0.16.1.
interface Case {
  id: string;
  hex: string;
  expected?: unknown;
  reason?: string;
}
const file = JSON.parse(readFileSync(testDataUrl('vectors/ubjson-cases.json'), 'utf8')) as {
  valid: Case[];
  invalid: Case[];
};
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/**
 * Checks `actual` against an expectation in the file's encoding (`meta.encoding_of_expected`).
 * `$hp` follows our documented default (`highPrecision: 'auto'`): an integer text is the exact
 * integer (number when safe, else bigint), any other text stays a string.
 */
function check(actual: unknown, expected: unknown, where: string): void {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const tagged = expected as Record<string, unknown>;
    if ('$int' in tagged) {
      assert.is(typeof actual, 'bigint', where);
      assert.is(actual, BigInt(tagged.$int as string), where);
      return;
    }
    if ('$f32' in tagged) {
      const view = new DataView(new ArrayBuffer(4));
      view.setUint32(0, parseInt(tagged.$f32 as string, 16));
      assert.ok(Object.is(actual, view.getFloat32(0)), `${where}: ${String(actual)}`);
      return;
    }
    if ('$float' in tagged) {
      assert.ok(Object.is(actual, Number(tagged.$float)), `${where}: ${String(actual)}`);
      return;
    }
    if ('$hp' in tagged) {
      const text = tagged.$hp as string;
      if (/^-?\d+$/.test(text)) {
        const exact = BigInt(text);
        const safe = exact >= BigInt(Number.MIN_SAFE_INTEGER) && exact <= BigInt(Number.MAX_SAFE_INTEGER);
        assert.is(actual, safe ? Number(exact) : exact, where);
      } else {
        assert.is(actual, text, where);
      }
      return;
    }
    if ('$bytes' in tagged) {
      assert.instance(actual, Uint8Array, where);
      assert.is(Buffer.from(actual as Uint8Array).toString('hex'), tagged.$bytes, where);
      return;
    }
    assert.type(actual, 'object', where);
    assert.ok(actual !== null && !Array.isArray(actual), where);
    const object = actual as Record<string, unknown>;
    assert.equal(Object.keys(object).sort(), Object.keys(tagged).sort(), `${where}: keys`);
    for (const key of Object.keys(tagged)) check(object[key], tagged[key], `${where}.${key}`);
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: expected an array`);
    const array = actual as unknown[];
    assert.is(array.length, expected.length, `${where}: length`);
    expected.forEach((item, index) => check(array[index], item, `${where}[${index}]`));
    return;
  }
  assert.ok(Object.is(actual, expected), `${where}: ${String(actual)} !== ${String(expected)}`);
}

const valid = suite('ubjson vectors: valid');

valid('the file holds the 75 valid and 74 invalid cases the brief counts', () => {
  assert.is(file.valid.length, 75);
  assert.is(file.invalid.length, 74);
});

for (const entry of file.valid) {
  valid(`decodes ${entry.id} as stated`, () => {
    check(decode(bytesOf(entry.hex)), entry.expected, entry.id);
  });
}

valid.run();

/**
 * Where each invalid case must fail: code and byte offset, worked out from the spec by hand.
 * Truncation (a declared length or count beyond the bytes left included) is `unexpected-end` at
 * the input length; a bad marker, length or type at its own byte; bad text at its first byte.
 */
const END = -1; // stands for the input length
const N = ErrorCode.NotWellFormed;
const E = ErrorCode.UnexpectedEnd;
const expectedFailure: Record<string, [string, number]> = {
  empty: [E, END],
  'unknown-marker-A': [N, 0],
  'unknown-marker-0x00': [N, 0],
  'draft8-marker-B': [N, 0],
  'draft8-marker-s': [N, 0],
  'stray-array-end': [N, 0],
  'stray-object-end': [N, 0],
  'stray-type-marker': [N, 0],
  'stray-count-marker': [N, 0],
  'trunc-int8': [E, END],
  'trunc-uint8': [E, END],
  'trunc-int16': [E, END],
  'trunc-int32': [E, END],
  'trunc-int64': [E, END],
  'trunc-float32': [E, END],
  'trunc-float64': [E, END],
  'trunc-char': [E, END],
  'trunc-string-marker': [E, END],
  'trunc-string-len': [E, END],
  'trunc-string-data': [E, END],
  'trunc-hp': [E, END],
  'trunc-hp-data': [E, END],
  'string-len-negative': [N, 1],
  'string-len-negative-int32': [N, 1],
  'string-len-not-integer-Z': [N, 1],
  'string-len-not-integer-d': [N, 1],
  'string-len-not-integer-S': [N, 1],
  'string-len-not-integer-T': [N, 1],
  'string-len-H': [N, 1],
  'char-over-127': [N, 1],
  'string-invalid-utf8': [ErrorCode.InvalidUtf8, 3],
  'string-overlong-utf8': [ErrorCode.InvalidUtf8, 3],
  'string-surrogate-utf8': [ErrorCode.InvalidUtf8, 3],
  'string-truncated-utf8': [ErrorCode.InvalidUtf8, 3],
  'key-invalid-utf8': [ErrorCode.InvalidUtf8, 3],
  'hp-not-a-number': [N, 3],
  'hp-trailing-dot': [N, 3],
  'hp-leading-zero': [N, 3],
  'hp-leading-plus': [N, 3],
  'hp-nan': [N, 3],
  'hp-spec-huge2': [N, 3],
  'hp-empty': [N, 3],
  'hp-invalid-utf8': [N, 3],
  'array-unterminated': [E, END],
  'array-unterminated-1': [E, END],
  'object-unterminated': [E, END],
  'object-missing-value': [N, 4],
  'object-missing-value-eof': [E, END],
  'object-key-with-S-marker': [N, 1],
  'object-key-not-integer-len': [N, 1],
  'object-key-negative-len': [N, 1],
  'array-end-in-object': [N, 1],
  'object-end-in-array': [N, 1],
  'count-negative-array': [N, 2],
  'count-negative-object': [N, 2],
  'count-not-integer-T': [N, 2],
  'count-not-integer-d': [N, 2],
  'count-not-integer-S': [N, 2],
  'count-H': [N, 2],
  'type-without-count-array': [N, 3],
  'type-without-count-object': [N, 3],
  'type-noop': [N, 2],
  'type-invalid-marker': [N, 2],
  'type-end-marker': [N, 2],
  'count-before-type': [N, 4],
  'counted-with-end-marker': [ErrorCode.TrailingBytes, 5],
  'counted-short': [E, END],
  'typed-short': [E, END],
  'typed-object-missing-key': [E, END],
  'typed-bool-with-body': [ErrorCode.TrailingBytes, 6],
  'trailing-data': [ErrorCode.TrailingBytes, 1],
  'noop-only': [N, 0],
  'noop-between-key-and-value': [N, 4],
  'int64-key-length-beyond-input': [E, END],
};

const invalid = suite('ubjson vectors: invalid');

invalid('has an expected failure for every invalid case and no other', () => {
  assert.equal(Object.keys(expectedFailure).sort(), file.invalid.map((entry) => entry.id).sort());
});

for (const entry of file.invalid) {
  invalid(`rejects ${entry.id} (${entry.reason})`, () => {
    const bytes = bytesOf(entry.hex);
    const [code, offset] = expectedFailure[entry.id] ?? ['(missing)', NaN];
    try {
      decode(bytes);
    } catch (error) {
      assert.instance(error, DecodeError);
      const failure = error as DecodeError;
      assert.is(failure.code, code, `${entry.id}: ${failure.message}`);
      assert.is(failure.offset, offset === END ? bytes.length : offset, `${entry.id}: ${failure.message}`);
      assert.ok(failure.message.startsWith('ubjson decode: '), failure.message);
      return;
    }
    assert.unreachable(`${entry.id} decoded`);
  });
}

invalid.run();
