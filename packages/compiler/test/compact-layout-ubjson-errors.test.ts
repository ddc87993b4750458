// The compact layout in UBJSON refuses bad input with typed errors: the code, the byte offset of
// the item at fault and the schema path, as the CBOR compact decoders do (README "Compact
// layout"). Inputs are written by hand; offsets count from the first byte.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isDecodeError } from '@binschema/runtime';
import { compileCodec } from '../src/index.js';
import { fromHex } from './support/values.js';
import { decodeErrorOf } from './support/decode-error.js';
import { OPEN, POINT, RECORD, ROLE, SHAPE } from './support/compact-schemas.js';

const compact = (schema: unknown) => compileCodec(schema, { format: 'ubjson', layout: 'compact' });
const codecs = { record: compact(RECORD), open: compact(OPEN), role: compact(ROLE), point: compact(POINT), shape: compact(SHAPE) };
type CodecName = keyof typeof codecs;

const faults: [string, CodecName, string, { code: string; offset: number; schemaPath: string }][] = [
  ['a required property absent from the array', 'record', '5b 5d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a required property absent from the sparse object', 'record', '7b 69 01 31 53 69 01 61 7d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['more elements than positions', 'record', '5b 69 01 53 69 01 61 5b 5d 53 69 01 62 54 69 01 5d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['an extras object where none is allowed', 'record', '5b 69 01 53 69 01 61 5b 5d 53 69 01 62 54 7b 7d 5d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['an element after the extras object', 'open', '5b 53 69 01 61 53 69 01 62 53 69 01 63 53 69 01 64 7b 7d 69 01 5d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['an element past the positions that is no object', 'open', '5b 53 69 01 61 53 69 01 62 53 69 01 63 53 69 01 64 69 01 5d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a key with a leading zero ("01")', 'record', '7b 69 02 30 31 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a key "00"', 'record', '7b 69 02 30 30 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a key with a sign ("-1")', 'record', '7b 69 02 2d 31 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a key that is no number ("x")', 'record', '7b 69 01 78 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a declared property under its name', 'record', '7b 69 02 69 64 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a position beyond the positions ("5")', 'record', '7b 69 01 35 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a position of five digits', 'record', '7b 69 05 31 30 30 30 30 69 01 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a repeated position', 'record', '7b 69 01 30 69 01 69 01 30 69 02 7d', { code: 'schema-violation', offset: 6, schemaPath: '#' }],
  ['the extras key "" where none are allowed', 'record', '7b 69 01 30 69 01 69 00 7b 7d 7d', { code: 'schema-violation', offset: 6, schemaPath: '#' }],
  ['a repeated extras key ""', 'open', '7b 69 00 7b 7d 69 00 7b 7d 7d', { code: 'schema-violation', offset: 5, schemaPath: '#' }],
  ['a declared name among the extra entries', 'open', '7b 69 00 7b 69 01 61 69 01 7d 7d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['extras under "" that are no object', 'open', '7b 69 00 69 01 7d', { code: 'unexpected-type', offset: 3, schemaPath: '#' }],
  ['an extra entry of the wrong type', 'open', '7b 69 00 7b 69 01 7a 53 69 01 78 7d 7d', { code: 'unexpected-type', offset: 7, schemaPath: '#/additionalProperties' }],
  ['a value of the wrong type at a position', 'point', '5b 53 69 01 61 5d', { code: 'unexpected-type', offset: 1, schemaPath: '#/properties/x' }],
  ['an enum index past the enum', 'role', '5b 69 07 53 69 01 78 69 02 5d', { code: 'schema-violation', offset: 7, schemaPath: '#/properties/role' }],
  ['a negative enum index', 'role', '5b 69 07 53 69 01 78 69 ff 5d', { code: 'schema-violation', offset: 7, schemaPath: '#/properties/role' }],
  ['an enum index of 2^32 (an L marker)', 'role', '5b 69 07 53 69 01 78 4c 00 00 00 01 00 00 00 00 5d', { code: 'schema-violation', offset: 7, schemaPath: '#/properties/role' }],
  ['a negative enum index with an L marker', 'role', '5b 69 07 53 69 01 78 4c ff ff ff ff ff ff ff ff 5d', { code: 'schema-violation', offset: 7, schemaPath: '#/properties/role' }],
  ['an enum index that is a string', 'role', '5b 69 07 53 69 01 78 53 69 01 61 5d', { code: 'unexpected-type', offset: 7, schemaPath: '#/properties/role' }],
  ['an enum index that is a float', 'role', '5b 69 07 53 69 01 78 64 3f 80 00 00 5d', { code: 'unexpected-type', offset: 7, schemaPath: '#/properties/role' }],
  ['a variant index past the variants', 'shape', '5b 69 02 5d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a variant index that is a string', 'shape', '5b 53 69 01 30 5d', { code: 'unexpected-type', offset: 1, schemaPath: '#' }],
  ['an array without its variant index', 'shape', '5b 5d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a sparse variant index past the variants', 'shape', '7b 69 01 32 7b 7d 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a sparse variant under the key ""', 'shape', '7b 69 00 7b 7d 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a sparse variant under a key that is no number', 'shape', '7b 69 01 78 7b 7d 7d', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['an empty object for a union', 'shape', '7b 7d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a sparse variant object of two entries', 'shape', '7b 69 01 30 7b 69 01 30 69 01 7d 69 01 31 7b 7d 7d', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a sparse variant holding an array', 'shape', '7b 69 01 30 5b 69 01 5d 7d', { code: 'unexpected-type', offset: 4, schemaPath: '#' }],
  ['a variant with more elements than its positions', 'shape', '5b 69 00 69 03 69 04 5d', { code: 'schema-violation', offset: 0, schemaPath: '#/oneOf/0' }],
  ['a variant without its required field', 'shape', '5b 69 00 5d', { code: 'schema-violation', offset: 0, schemaPath: '#/oneOf/0' }],
  ['a string where the object goes', 'record', '53 69 01 61', { code: 'unexpected-type', offset: 0, schemaPath: '#' }],
];

const decoding = suite('UBJSON compact layout: decode errors');

for (const [title, name, hex, expected] of faults) {
  decoding(`${title}: ${name} ${hex}`, () => {
    assert.equal(decodeErrorOf((bytes) => codecs[name].decode(bytes), hex), expected);
  });
}

const map = compileCodec(ROLE, { format: 'ubjson' });

// The same fault in the map layout's bytes: the same code and schema path, each at its own offset.
const againstMap: [string, string, string, [number, number]][] = [
  // [] / {}
  ['a missing required property', '5b 5d', '7b 7d', [0, 0]],
  // ["a"] / {"id": "a"}
  ['a value of the wrong type', '5b 53 69 01 61 5d', '7b 69 02 69 64 53 69 01 61 7d', [1, 5]],
  // [7, "x", 2] / {"id": 7, "role": "root"}
  ['an enum index past the enum, a value outside it', '5b 69 07 53 69 01 78 69 02 5d', '7b 69 02 69 64 69 07 69 04 72 6f 6c 65 53 69 04 72 6f 6f 74 7d', [7, 13]],
  // {"3": 1} / {"z": 1}
  ['a key past the positions, an undeclared key', '7b 69 01 33 69 01 7d', '7b 69 02 69 64 69 07 69 01 7a 69 01 7d', [1, 7]],
];

for (const [title, compactHex, mapHex, offsets] of againstMap) {
  decoding(`${title}: the map layout's code and schema path`, () => {
    const fromCompact = decodeErrorOf((bytes) => codecs.role.decode(bytes), compactHex);
    const fromMap = decodeErrorOf((bytes) => map.decode(bytes), mapHex);
    assert.equal([fromCompact.code, fromCompact.schemaPath], [fromMap.code, fromMap.schemaPath]);
    assert.equal([fromCompact.offset, fromMap.offset], offsets);
  });
}

decoding('a malformed value at a reserved position of the array is refused, not skipped blindly', () => {
  // 0xff is no UBJSON marker.
  assert.equal(decodeErrorOf((bytes) => codecs.point.decode(bytes), '5b 69 01 69 02 ff 5d').offset, 5);
});

decoding('a malformed value under a reserved position key is refused', () => {
  assert.equal(decodeErrorOf((bytes) => codecs.point.decode(bytes), '7b 69 01 30 69 01 69 01 33 ff 7d').offset, 9);
});

decoding('a declared count beyond the input is refused before anything is allocated', () => {
  // {# 2^31-1 entries: at least three bytes each, far more than the input holds.
  assert.is(decodeErrorOf((bytes) => codecs.record.decode(bytes), '7b 23 6c 7f ff ff ff 69 01 30 69 01').code, 'unexpected-end');
  // [# 2^31-1 elements.
  assert.is(decodeErrorOf((bytes) => codecs.record.decode(bytes), '5b 23 6c 7f ff ff ff 69 01').code, 'unexpected-end');
  // [$Z# 2^31-1: payload-free elements, over the element budget.
  assert.equal(decodeErrorOf((bytes) => codecs.record.decode(bytes), '5b 24 5a 23 6c 7f ff ff ff'), { code: 'length-limit', offset: 4, schemaPath: '#' });
});

decoding('an extra key "__proto__" becomes an own property and pollutes nothing', () => {
  // {"": {"__proto__": 1}}
  const decoded = codecs.open.decode(fromHex('7b 69 00 7b 69 09 5f 5f 70 72 6f 74 6f 5f 5f 69 01 7d 7d')) as Record<string, unknown>;
  assert.ok(Object.prototype.hasOwnProperty.call(decoded, '__proto__'));
  assert.is(Object.getPrototypeOf(decoded), Object.prototype);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

const truncation = suite('UBJSON compact layout: truncated input');

// Both forms, a union's two forms, extras, and counted and typed containers.
const whole: [CodecName, string][] = [
  ['record', '5b 69 01 53 69 01 61 5b 53 69 01 78 5d 53 69 01 62 46 5d'],
  ['record', '7b 69 01 30 69 01 69 01 34 54 7d'],
  ['record', '7b 23 69 02 69 01 34 54 69 01 30 69 01'],
  ['open', '5b 53 69 01 78 53 69 01 79 53 69 01 7a 53 69 01 77 7b 69 01 65 69 05 7d 5d'],
  ['open', '7b 69 01 32 53 69 01 78 69 00 7b 69 01 7a 69 01 7d 7d'],
  ['point', '5b 24 69 23 69 02 01 02'],
  ['point', '5b 69 01 69 02 5a 54 5b 5d 7b 7d 53 69 01 70 5d'],
  ['role', '5b 69 07 53 69 01 78 4c 00 00 00 00 00 00 00 01 5d'],
  ['shape', '5b 69 00 69 03 5d'],
  ['shape', '7b 23 69 01 69 01 31 7b 23 69 02 69 01 36 53 69 01 6e 69 01 30 69 02'],
];

for (const [name, hex] of whole) {
  truncation(`every proper prefix of ${name} ${hex} throws a DecodeError, and the whole decodes`, () => {
    const bytes = fromHex(hex);
    codecs[name].decode(bytes);
    for (let length = 0; length < bytes.length; length++) {
      try {
        codecs[name].decode(bytes.subarray(0, length));
        assert.unreachable(`the first ${length} bytes decoded`);
      } catch (error) {
        assert.ok(isDecodeError(error), `the first ${length} bytes: ${String(error)}`);
      }
    }
  });
}

decoding.run();
truncation.run();
