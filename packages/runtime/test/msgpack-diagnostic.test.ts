import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toDiagnostic, encode } from '../src/msgpack/index.js';
import { jsonValues } from './json-values.js';
import { bytesOf, failure } from './msgpack-fixtures.js';

const notation = suite('msgpack notation');

// [hex, notation, with encoding indicators]: written by hand from spec.md "Formats".
const TABLE: [string, string, string][] = [
  ['00', '0', '0'],
  ['e0', '-32', '-32'],
  ['ccc8', '200', '200_uint8'],
  ['d3ffffffffffffffff', '-1', '-1_int64'],
  ['cfffffffffffffffff', '18446744073709551615', '18446744073709551615_uint64'],
  ['ca3fc00000', '1.5', '1.5_float32'],
  ['cb8000000000000000', '-0.0', '-0.0_float64'],
  ['cb7ff8000000000000', 'NaN', 'NaN_float64'],
  ['c0', 'null', 'null'],
  ['c3', 'true', 'true'],
  ['a2c3bc', '"\\u00fc"', '"\\u00fc"'],
  ['d90161', '"a"', '"a"_str8'],
  ['c4020102', "h'0102'", "h'0102'_bin8"],
  ['d6ff5a4af6a5', "ext(-1, h'5a4af6a5')", "ext(-1, h'5a4af6a5')_fixext4"],
  ['c70006', "ext(6, h'')", "ext(6, h'')_ext8"],
  ['920190', '[1, []]', '[1, []]'],
  ['dc000101', '[1]', '[_array16 1]'],
  ['82a16101a162920203', '{"a": 1, "b": [2, 3]}', '{"a": 1, "b": [2, 3]}'],
  ['df0000000101d90178', '{1: "x"}', '{_map32 1: "x"_str8}'],
  ['dd00000000', '[]', '[_array32 ]'],
];

for (const [hex, plain, exact] of TABLE) {
  notation(`writes ${hex} as ${plain}, and ${exact} with encoding indicators`, () => {
    assert.is(toDiagnostic(bytesOf(hex)), plain);
    assert.is(toDiagnostic(bytesOf(hex), { encodingIndicators: true }), exact);
  });
}

notation('indents, and reads items one after another with sequence: true', () => {
  assert.is(toDiagnostic(bytesOf('81a161 9102'), { indent: 2 }), '{\n  "a": [\n    2\n  ]\n}');
  assert.is(toDiagnostic(bytesOf('01 a161 c0'), { sequence: true }), '1, "a", null');
  assert.is(toDiagnostic(new Uint8Array(0), { sequence: true }), '');
});

notation('shows a timestamp with invalid nanoseconds as it is (extension data is not interpreted)', () => {
  assert.is(toDiagnostic(bytesOf('d7ff ffffffff 00000000')), "ext(-1, h'ffffffff00000000')");
});

notation('refuses what the decoder refuses, with its code and offset', () => {
  for (const [hex, code, offset] of [['c1', 'not-well-formed', 0], ['92 01', 'unexpected-end', 2], ['a1 ff', 'invalid-utf8', 1], ['01 02', 'trailing-bytes', 1], ['', 'unexpected-end', 0]] as const) {
    const error = failure(() => toDiagnostic(bytesOf(hex)));
    assert.is(error.code, code, hex);
    assert.is(error.offset, offset, hex);
  }
  assert.is(failure(() => toDiagnostic(new Uint8Array(1000).fill(0x91))).code, 'too-deep');
  assert.is(failure(() => toDiagnostic(bytesOf('93 01 02 03'), { maxItems: 3 })).code, 'length-limit');
  assert.is(failure(() => toDiagnostic(encode('x'.repeat(100)), { maxOutput: 50 })).code, 'length-limit');
});

notation('writes the JSON text of 200 seeded random values whose numbers are integers', () => {
  // For JSON values without floats the notation is JSON with ", " and ": " separators.
  const random = jsonValues(0xd1a9, false);
  let checked = 0;
  for (let round = 0; round < 200; round++) {
    const value = random(3);
    const json = JSON.stringify(value);
    if (/\d\.\d|e[+-]/.test(json) || /[^\x20-\x7e]/.test(json)) continue;
    const compact = toDiagnostic(encode(value)).replace(/": /g, '":').replace(/, /g, ',');
    assert.is(compact, json, `round ${round}`);
    checked++;
  }
  assert.ok(checked >= 50, `${checked} values checked`);
});

notation.run();
