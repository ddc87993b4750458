// Generated CBOR decoders on hand-written bytes: every valid encoding of a conforming value is
// accepted (RFC 8949: any head width, indefinite lengths, any float width, keys in any order)
// and every violation is a DecodeError with its code, byte offset and schema path.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode as decodeGeneric } from '@binschema/runtime/cbor';
import { compileCodec } from '../src/index.js';
import { decodeErrorOf } from './support/verdicts.js';
import { fromHex as hex } from './support/values.js';

const record = compileCodec(
  {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 0, maximum: 1000 },
      name: { type: 'string', maxLength: 3, pattern: '^[a-z]+$' },
      score: { type: 'number' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 3, uniqueItems: true },
    },
    required: ['id', 'name'],
    additionalProperties: false,
  },
  { format: 'cbor' },
);

// {"id": 1, "name": "ab"} in preferred serialization: a2 62 6964 01 64 6e616d65 62 6162
const accepts = suite('generated CBOR decoder accepts every valid encoding');

accepts('decodes the preferred encoding', () => {
  assert.equal(record.decode(hex('a2 62 6964 01 64 6e616d65 62 6162')), { id: 1, name: 'ab' });
});

accepts('accepts non-shortest heads for the map, keys, integers and strings', () => {
  const bytes = hex('b9 0002  78 02 6964  1b 0000000000000001  7a 00000004 6e616d65  79 0002 6162');
  assert.equal(record.decode(bytes), { id: 1, name: 'ab' });
});

accepts('accepts an indefinite-length map, text and array', () => {
  const bytes = hex('bf 62 6964 01 64 6e616d65 7f 61 61 61 62 ff 64 74616773 9f 61 78 ff ff');
  assert.equal(record.decode(bytes), { id: 1, name: 'ab', tags: ['x'] });
});

accepts('accepts a declared key written as an indefinite-length string', () => {
  assert.equal(record.decode(hex('a2 7f 61 69 61 64 ff 01 64 6e616d65 62 6162')), { id: 1, name: 'ab' });
});

accepts('accepts keys in any order', () => {
  assert.equal(record.decode(hex('a2 64 6e616d65 62 6162 62 6964 01')), { id: 1, name: 'ab' });
});

accepts('accepts f16, f32 and f64 numbers', () => {
  for (const score of ['f9 3e00', 'fa 3fc00000', 'fb 3ff8000000000000']) {
    assert.equal(record.decode(hex(`a3 62 6964 01 64 6e616d65 62 6162 65 73636f7265 ${score}`)), { id: 1, name: 'ab', score: 1.5 });
  }
});

accepts('accepts an integral float for an integer', () => {
  assert.equal(record.decode(hex('a2 62 6964 f9 4000 64 6e616d65 62 6162')), { id: 2, name: 'ab' });
});

accepts('keeps the last value of a repeated key, as the generic decoder does', () => {
  assert.equal(record.decode(hex('a3 62 6964 01 64 6e616d65 62 6162 62 6964 02')), { id: 2, name: 'ab' });
});

accepts('skips a leading self-described CBOR tag (RFC 8949 §3.4.6)', () => {
  assert.equal(record.decode(hex('d9d9f7 a2 62 6964 01 64 6e616d65 62 6162')), { id: 1, name: 'ab' });
});

accepts.run();

const rejects = suite('generated CBOR decoder rejects with code, offset and schema path');

function rejectsWith(bytes: string, code: string, offset: number, schemaPath?: string): void {
  const error = decodeErrorOf(() => record.decode(hex(bytes)));
  assert.is(error.code, code);
  assert.is(error.offset, offset);
  if (schemaPath !== undefined) assert.is(error.schemaPath, schemaPath);
}

rejects('rejects text where an integer belongs', () => {
  rejectsWith('a2 62 6964 61 31 64 6e616d65 62 6162', 'unexpected-type', 4, '#/properties/id');
});

rejects('rejects a fractional number for an integer', () => {
  rejectsWith('a2 62 6964 f9 3e00 64 6e616d65 62 6162', 'unexpected-type', 4, '#/properties/id');
});

rejects('rejects an integer above the maximum', () => {
  rejectsWith('a2 62 6964 19 03e9 64 6e616d65 62 6162', 'schema-violation', 4, '#/properties/id');
});

rejects('rejects a string longer than maxLength in code points', () => {
  rejectsWith('a2 62 6964 01 64 6e616d65 64 61626364', 'schema-violation', 10, '#/properties/name');
});

rejects('counts maxLength in code points, not UTF-16 units', () => {
  // "a😀b": 3 code points, 4 UTF-16 units; the pattern refuses it, so check the length on its own.
  const short = compileCodec({ type: 'string', maxLength: 3 }, { format: 'cbor' });
  assert.is(short.decode(hex('66 61 f09f9880 62')), 'a😀b');
});

rejects('rejects a string that misses the pattern', () => {
  rejectsWith('a2 62 6964 01 64 6e616d65 62 4142', 'schema-violation', 10, '#/properties/name');
});

rejects('rejects a key the schema does not allow, at the key', () => {
  rejectsWith('a3 62 6964 01 64 6e616d65 62 6162 61 7a 01', 'schema-violation', 13, '#');
});

rejects('rejects a missing required property at the map', () => {
  rejectsWith('a1 62 6964 01', 'schema-violation', 0, '#');
});

rejects('rejects repeated items under uniqueItems', () => {
  rejectsWith('a3 62 6964 01 64 6e616d65 62 6162 64 74616773 82 61 78 61 78', 'schema-violation', 18, '#/properties/tags');
});

rejects('rejects a map where an array belongs', () => {
  rejectsWith('a3 62 6964 01 64 6e616d65 62 6162 64 74616773 a0', 'unexpected-type', 18, '#/properties/tags');
});

rejects('rejects a non-text key', () => {
  rejectsWith('a1 01 01', 'unexpected-type', 1, '#');
});

rejects('reads a 64-bit integer a double holds exactly as a number and refuses one it cannot hold', () => {
  const integer = compileCodec({ type: 'integer' }, { format: 'cbor' });
  const number = compileCodec({ type: 'number' }, { format: 'cbor' });
  // Expected values from BigInt arithmetic, independent of the decoder.
  const exact: [string, bigint][] = [
    ['1b 001fffffffffffff', 2n ** 53n - 1n],
    ['1b 0020000000000002', 2n ** 53n + 2n],
    ['1b 0d6f7c4e6594d000', 968129121061490688n],
    ['3b 001fffffffffffff', -(2n ** 53n)],
    ['3b 0020000000000001', -(2n ** 53n) - 2n],
    ['3b ffffffffffffffff', -(2n ** 64n)],
  ];
  for (const [bytes, value] of exact) {
    assert.is(integer.decode(hex(bytes)), Number(value), bytes);
    assert.is(number.decode(hex(bytes)), Number(value), bytes);
    assert.is(BigInt(integer.decode(hex(bytes)) as number), value, bytes);
  }
  for (const bytes of ['1b 0020000000000001', '3b 0020000000000000', '1b ffffffffffffffff', '1b 7fffffffffffffff']) {
    for (const codec of [integer, number]) {
      const error = decodeErrorOf(() => codec.decode(hex(bytes)));
      assert.is(error.code, 'unsupported-value', bytes);
      assert.is(error.offset, 0, bytes);
    }
  }
  // Inside an array the offset is the integer's head.
  const list = compileCodec({ type: 'array', items: { type: 'integer' } }, { format: 'cbor' });
  const error = decodeErrorOf(() => list.decode(hex('82 01 1b 0020000000000001')));
  assert.is(error.code, 'unsupported-value');
  assert.is(error.offset, 2);
});

rejects('rejects bytes after the item', () => {
  rejectsWith('a2 62 6964 01 64 6e616d65 62 6162 00', 'trailing-bytes', 13);
});

rejects('rejects invalid UTF-8 in a string', () => {
  rejectsWith('a2 62 6964 01 64 6e616d65 62 c328', 'invalid-utf8', 11);
});

rejects('rejects a declared length longer than the input at its end, as the generic decoder, without allocating for it', () => {
  // 2^31 - 1 tags declared, none there: the first is missing at offset 23, the end of input.
  rejectsWith('a3 62 6964 01 64 6e616d65 62 6162 64 74616773 9a 7fffffff', 'unexpected-end', 23, '#/properties/tags');
  // Maps and arrays cut short fail where the generic decoder fails (RFC 8949 Appendix C: at the end of input).
  const open = compileCodec({ type: 'object', additionalProperties: { type: 'integer' } }, { format: 'cbor' });
  const list = compileCodec({ type: 'array', items: { type: 'integer' } }, { format: 'cbor' });
  for (const [codec, bytes] of [[open, 'a4 6161 20 6165'], [open, 'ba 00010000 6161 01'], [list, '98 64 01 02'], [list, '9a 00010000']] as const) {
    const generated = decodeErrorOf(() => codec.decode(hex(bytes)));
    const generic = decodeErrorOf(() => decodeGeneric(hex(bytes)));
    assert.is(generated.code, 'unexpected-end', bytes);
    assert.is(generated.code, generic.code, bytes);
    assert.is(generated.offset, generic.offset, bytes);
  }
});

rejects('rejects truncated input', () => {
  rejectsWith('a2 62 6964 01 64 6e616d65 62 61', 'unexpected-end', 12);
});

rejects('rejects input that is not a Uint8Array', () => {
  const error = decodeErrorOf(() => record.decode('a0' as unknown as Uint8Array));
  assert.is(error.code, 'unexpected-type');
});

rejects.run();

const limits = suite('generated CBOR decoder limits');

const tree = compileCodec(
  {
    $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    $ref: '#/$defs/node',
  },
  { format: 'cbor' },
);

limits('stops nesting at the generic decoder depth limit', () => {
  // {"children": [ {"children": [ … ]} ]}: two levels per node.
  const levels = 300;
  const parts: string[] = [];
  for (let level = 0; level < levels; level++) parts.push('a1 68 6368696c6472656e 81');
  parts.push('a0');
  const error = decodeErrorOf(() => tree.decode(hex(parts.join(''))));
  assert.is(error.code, 'too-deep');
});

limits('accepts nesting within the limit', () => {
  const parts: string[] = [];
  for (let level = 0; level < 100; level++) parts.push('a1 68 6368696c6472656e 81');
  parts.push('a0');
  let value = tree.decode(hex(parts.join(''))) as { children?: unknown[] };
  let depth = 0;
  while (value.children !== undefined) {
    value = value.children[0] as { children?: unknown[] };
    depth++;
  }
  assert.is(depth, 100);
});

limits('keeps __proto__ and constructor keys as own properties, never touching a prototype', () => {
  const open = compileCodec({ type: 'object', properties: { a: { type: 'integer' } } }, { format: 'cbor' });
  // {"__proto__": {"polluted": true}, "constructor": 1}
  const value = open.decode(hex('a2 69 5f5f70726f746f5f5f a1 68 706f6c6c75746564 f5 6b 636f6e7374727563746f72 01')) as Record<string, unknown>;
  assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
  assert.is(Object.getPrototypeOf(value), Object.prototype);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(value.constructor, 1);
});

limits.run();
