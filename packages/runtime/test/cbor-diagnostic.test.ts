import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toDiagnostic } from '../src/cbor/index.js';
import { isDecodeError } from '../src/errors.js';
import { APPENDIX_A } from './fixtures/cbor-appendix-a-diagnostic.js';

const bytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

/** Runs `run` and checks it throws a DecodeError with `code` at `offset` (any offset when undefined). */
function assertDecodeError(run: () => unknown, code: string, offset: number | undefined): void {
  try {
    run();
  } catch (error) {
    assert.ok(isDecodeError(error), `expected a DecodeError, got ${String(error)}`);
    assert.is(error.code, code);
    if (offset !== undefined) assert.is(error.offset, offset);
    return;
  }
  assert.unreachable(`expected ${code} at ${offset}`);
}

const appendix = suite('toDiagnostic: RFC 8949 Appendix A');
for (const [diagnostic, hex] of APPENDIX_A) {
  appendix(`writes 0x${hex} as ${diagnostic}`, () => {
    assert.is(toDiagnostic(bytes(hex)), diagnostic);
  });
}
appendix.run();

// RFC 8949 §8.1: `_n` marks additional information 24 + n; written out by hand from the heads.
const INDICATORS: readonly (readonly [string, string])[] = [
  ['190001', '1_1'],
  ['1818', '24_0'],
  ['17', '23'],
  ['3a000003e7', '-1000_2'],
  ['1b0000000000000001', '1_3'],
  ['f93e00', '1.5_1'],
  ['fa3fc00000', '1.5_2'],
  ['fb3ff8000000000000', '1.5_3'],
  ['780161', '"a"_0'],
  ['590002abcd', "h'abcd'_1"],
  ['980101', '[_0 1]'],
  ['b8010102', '{_0 1: 2}'],
  ['d818456449455446', "24_0(h'6449455446')"],
  ['c249010000000000000000', "2(h'010000000000000000')"],
  ['5fff', "''_"],
  ['7fff', '""_'],
  ['7f780161ff', '(_ "a"_0)'],
  ['9f1818ff', '[_ 24_0]'],
];
const indicators = suite('toDiagnostic: encoding indicators');
for (const [hex, diagnostic] of INDICATORS) {
  indicators(`writes 0x${hex} as ${diagnostic}`, () => {
    assert.is(toDiagnostic(bytes(hex), { encodingIndicators: true }), diagnostic);
  });
}
indicators('adds nothing to immediate values and simple values', () => {
  assert.is(toDiagnostic(bytes('8300f4f0'), { encodingIndicators: true }), '[0, false, simple(16)]');
});
indicators.run();

const layout = suite('toDiagnostic: layout and sequences');
layout('indents each element of a non-empty container on its own line', () => {
  // {"a": 1, "b": [2, 3], "c": []}
  assert.is(toDiagnostic(bytes('a361610161628202036163' + '80'), { indent: 2 }), '{\n  "a": 1,\n  "b": [\n    2,\n    3\n  ],\n  "c": []\n}');
});
layout('indents an indefinite array after its underscore', () => {
  assert.is(toDiagnostic(bytes('9f0102ff'), { indent: 1 }), '[_\n 1,\n 2\n]');
});
layout('separates the items of a sequence with a comma (RFC 8742)', () => {
  assert.is(toDiagnostic(bytes('01f66161'), { sequence: true }), '1, null, "a"');
});
layout('writes an empty sequence as nothing (RFC 8742 allows zero items)', () => {
  assert.is(toDiagnostic(new Uint8Array(0), { sequence: true }), '');
});
layout('writes control characters and DEL as JSON escapes', () => {
  assert.is(toDiagnostic(bytes('630a097f')), '"\\n\\t\\u007f"');
});
layout('writes a tag number beyond 2^53 exactly', () => {
  assert.is(toDiagnostic(bytes('dbffffffffffffffff00')), '18446744073709551615(0)');
});
layout('keeps a well-formed tag 0 around a number (no tag validity check)', () => {
  assert.is(toDiagnostic(bytes('c001')), '0(1)');
});
layout.run();

const errors = suite('toDiagnostic: bad input');
errors('rejects a truncated argument at the end of input', () => assertDecodeError(() => toDiagnostic(bytes('18')), 'unexpected-end', 1));
errors('rejects a stray break', () => assertDecodeError(() => toDiagnostic(bytes('ff')), 'not-well-formed', 0));
errors('rejects reserved additional information 28', () => assertDecodeError(() => toDiagnostic(bytes('1c')), 'not-well-formed', 0));
errors('rejects invalid UTF-8 at the text payload', () => assertDecodeError(() => toDiagnostic(bytes('6180')), 'invalid-utf8', 1));
errors('rejects simple(24) in two-byte form', () => assertDecodeError(() => toDiagnostic(bytes('f818')), 'invalid-simple', 0));
errors('rejects trailing bytes', () => assertDecodeError(() => toDiagnostic(bytes('0000')), 'trailing-bytes', 1));
errors('rejects a chunk of another major type', () => assertDecodeError(() => toDiagnostic(bytes('5f6161ff')), 'not-well-formed', 1));
errors('rejects nesting beyond maxDepth', () => assertDecodeError(() => toDiagnostic(bytes('818181818100'), { maxDepth: 4 }), 'too-deep', 4));
errors('refuses a declared count beyond the input before allocating', () => {
  assertDecodeError(() => toDiagnostic(bytes('9b00000000ffffffff00')), 'unexpected-end', 10);
});
errors('stops at maxItems', () => assertDecodeError(() => toDiagnostic(bytes('83010203'), { maxItems: 3 }), 'length-limit', 3));
errors('rejects empty input', () => assertDecodeError(() => toDiagnostic(new Uint8Array(0)), 'unexpected-end', 0));
errors('turns 100,000 nested arrays under a huge maxDepth into too-deep, not a RangeError', () => {
  const deep = new Uint8Array(100_001).fill(0x81);
  deep[100_000] = 0;
  assertDecodeError(() => toDiagnostic(deep, { maxDepth: 1e9 }), 'too-deep', undefined);
});
errors('stops at maxOutput before building a leaf that cannot fit', () => {
  // ["ab", "cd"]: "ab" takes 4 characters of 5, so "cd" (at offset 4) cannot fit.
  assertDecodeError(() => toDiagnostic(bytes('82626162626364'), { maxOutput: 5 }), 'length-limit', 4);
});
errors('counts indentation against maxOutput', () => {
  // [[[[0]]]] with 1,000 spaces per level: the innermost array (offset 3), laid out first,
  // already needs 4,000 spaces for its element.
  assertDecodeError(() => toDiagnostic(bytes('8181818100'), { indent: 1000, maxOutput: 2000 }), 'length-limit', 3);
});
errors('refuses 64 MB of 0x01 text by default (6 output characters each) with length-limit, not a RangeError', () => {
  const length = 64 * 1024 * 1024;
  const input = new Uint8Array(5 + length).fill(1);
  input.set([0x7a, 0x04, 0x00, 0x00, 0x00]); // text, 4-byte length 2^26
  assertDecodeError(() => toDiagnostic(input), 'length-limit', 0);
});
errors.run();
