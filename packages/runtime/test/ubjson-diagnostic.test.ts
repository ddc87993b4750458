import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toDiagnostic } from '../src/ubjson/index.js';
import { isDecodeError } from '../src/errors.js';

/** UBJSON bytes from a readable spec: `'[' 'i' 0x05` style, mixing marker letters and bytes. */
function ub(...parts: (string | number)[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'number') out.push(part);
    else for (const char of Buffer.from(part, 'utf8')) out.push(char);
  }
  return Uint8Array.from(out);
}

function assertDecodeError(run: () => unknown, code: string, offset: number): void {
  try {
    run();
  } catch (error) {
    assert.ok(isDecodeError(error), `expected a DecodeError, got ${String(error)}`);
    assert.is(error.code, code);
    assert.is(error.offset, offset);
    return;
  }
  assert.unreachable(`expected ${code} at ${offset}`);
}

// Bytes written by hand from UBJSON Draft 12 (value-types.html, container-types.html); the
// notation is the one documented in src/ubjson/diagnostic.ts.
const CASES: readonly (readonly [string, Uint8Array, string, string])[] = [
  ['null', ub('Z'), 'null', 'null'],
  ['true', ub('T'), 'true', 'true'],
  ['int8 -5', ub('i', 0xfb), '-5', '-5_i'],
  ['uint8 200', ub('U', 200), '200', '200_U'],
  ['int16 300', ub('I', 0x01, 0x2c), '300', '300_I'],
  ['int32 -1', ub('l', 0xff, 0xff, 0xff, 0xff), '-1', '-1_l'],
  ['int64 2^63-1', ub('L', 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), '9223372036854775807', '9223372036854775807_L'],
  ['float32 1.5', ub('d', 0x3f, 0xc0, 0, 0), '1.5', '1.5_d'],
  ['float64 1.0', ub('D', 0x3f, 0xf0, 0, 0, 0, 0, 0, 0), '1.0', '1.0_D'],
  ['float64 -0', ub('D', 0x80, 0, 0, 0, 0, 0, 0, 0), '-0.0', '-0.0_D'],
  ['high precision', ub('H', 'U', 4, '-1e5'), '-1e5', '-1e5_HU'],
  ['char', ub('C', 'a'), '"a"', '"a"_C'],
  ['string with ü', ub('S', 'i', 3, 'x\u00fc'), '"x\\u00fc"', '"x\\u00fc"_Si'],
  ['array', ub('[', 'i', 1, 'S', 'U', 1, 'b', ']'), '[1, "b"]', '[1_i, "b"_SU]'],
  ['counted array with no-ops', ub('[', '#', 'U', 2, 'N', 'T', 'F'), '[true, false]', '[#U true, false]'],
  ['typed array', ub('[', '$', 'i', '#', 'U', 2, 1, 0xff), '[1, -1]', '[$i#U 1, -1]'],
  ['binary', ub('[', '$', 'U', '#', 'i', 2, 0xab, 0xcd), "h'abcd'", "[$U#i h'abcd']"],
  ['empty array', ub('[', ']'), '[]', '[]'],
  ['object', ub('{', 'U', 1, 'a', 'Z', 'N', 'i', 1, 'b', '[', ']', '}'), '{"a": null, "b": []}', '{"a"_U: null, "b"_i: []}'],
  ['typed object', ub('{', '$', 'T', '#', 'i', 1, 'U', 1, 'k'), '{"k": true}', '{$T#i "k"_U: true}'],
  ['payload-free typed array', ub('[', '$', 'Z', '#', 'i', 3), '[null, null, null]', '[$Z#i null, null, null]'],
];

const notation = suite('ubjson toDiagnostic');
for (const [name, bytes, plain, exact] of CASES) {
  notation(`writes ${name} as ${plain}`, () => assert.is(toDiagnostic(bytes), plain));
  notation(`writes ${name} with encoding indicators as ${exact}`, () => assert.is(toDiagnostic(bytes, { encodingIndicators: true }), exact));
}
notation('indents nested containers', () => {
  assert.is(toDiagnostic(ub('{', 'U', 1, 'a', '[', 'i', 1, ']', '}'), { indent: 2 }), '{\n  "a": [\n    1\n  ]\n}');
});
notation('separates the values of a sequence with a comma', () => {
  assert.is(toDiagnostic(ub('T', 'Z'), { sequence: true }), 'true, null');
});
notation.run();

const errors = suite('ubjson toDiagnostic: bad input');
errors('rejects an unknown marker', () => assertDecodeError(() => toDiagnostic(ub('x')), 'not-well-formed', 0));
errors('rejects a top-level no-op', () => assertDecodeError(() => toDiagnostic(ub('N')), 'not-well-formed', 0));
errors('rejects a char above 127', () => assertDecodeError(() => toDiagnostic(ub('C', 0x80)), 'not-well-formed', 1));
errors('rejects invalid UTF-8', () => assertDecodeError(() => toDiagnostic(ub('S', 'U', 1, 0xff)), 'invalid-utf8', 3));
errors('rejects a high-precision text that is not a JSON number', () => assertDecodeError(() => toDiagnostic(ub('H', 'U', 2, '1.')), 'not-well-formed', 3));
errors('rejects a type without a count', () => assertDecodeError(() => toDiagnostic(ub('[', '$', 'i', 'i', 1, ']')), 'not-well-formed', 3));
errors('rejects a no-op container type', () => assertDecodeError(() => toDiagnostic(ub('[', '$', 'N', '#', 'i', 1)), 'not-well-formed', 2));
errors('refuses a count beyond the input before allocating', () => {
  assertDecodeError(() => toDiagnostic(ub('[', '#', 'l', 0x7f, 0xff, 0xff, 0xff)), 'unexpected-end', 7);
});
errors('bounds payload-free elements by maxItems', () => {
  assertDecodeError(() => toDiagnostic(ub('[', '$', 'Z', '#', 'l', 0x7f, 0xff, 0xff, 0xff)), 'length-limit', 4);
});
errors('rejects nesting beyond maxDepth', () => assertDecodeError(() => toDiagnostic(ub('[', '[', '[', ']', ']', ']'), { maxDepth: 2 }), 'too-deep', 2));
errors('rejects a truncated array', () => assertDecodeError(() => toDiagnostic(ub('[', 'i', 1)), 'unexpected-end', 3));
errors('rejects trailing bytes', () => assertDecodeError(() => toDiagnostic(ub('Z', 'Z')), 'trailing-bytes', 1));
errors('stops at maxOutput', () => assertDecodeError(() => toDiagnostic(ub('S', 'U', 3, 'abc'), { maxOutput: 4 }), 'length-limit', 0));
errors.run();
