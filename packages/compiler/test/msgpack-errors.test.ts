// Generated MessagePack codecs, map (both code sizes) and compact layouts: hand-written faults get a DecodeError with
// the code, byte offset and schema path of the item at fault; every valid encoding the generic
// decoder reads (wider heads and integers, str8 for short text, float32, keys in any order) is read;
// values the schema refuses get an EncodeError with the JSON Pointer of the value at fault.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isEncodeError } from '@binschema/runtime';
import { decode as genericDecode } from '@binschema/runtime/msgpack';
import { compileCodec } from '../src/index.js';
import { fromHex as hex } from './support/values.js';
import { SHAPES } from './support/compact-schemas.js';
import { decodeErrorOf as decodeError } from './support/decode-error.js';

// Positions in the compact layout: a 0, color 1, shape 2, 3 reserved, old 4.
const shapes = SHAPES;
const compact = compileCodec(shapes, { format: 'msgpack', layout: 'compact' });
const openSchema = { type: 'object', additionalProperties: { type: 'integer' } };
/** The map layout in both code sizes: record tables (the default) and specialised code. */
const mapCodecs = (['small', 'speed'] as const).map((codeSize) => ({
  codeSize,
  map: compileCodec(shapes, { format: 'msgpack', codeSize }),
  open: compileCodec(openSchema, { format: 'msgpack', codeSize }),
}));

const decoding = suite('generated MessagePack decoders: errors with code, offset and schema path');

const mapFaults: { title: string; bytes: string; error: { code: string; offset: number; schemaPath: string } }[] = [
  // {}
  { title: 'a missing required property, at the map', bytes: '80', error: { code: 'schema-violation', offset: 0, schemaPath: '#' } },
  // {"a": "x"}
  { title: 'a value of the wrong type, at the value', bytes: '81 a1 61 a1 78', error: { code: 'unexpected-type', offset: 3, schemaPath: '#/properties/a' } },
  // {"a": 0xc1}: the byte that is never used, where a number goes.
  { title: 'the reserved byte 0xc1', bytes: '81 a1 61 c1', error: { code: 'unexpected-type', offset: 3, schemaPath: '#/properties/a' } },
  // {"a": 1, "z": 2}
  { title: 'an undeclared key, at the key', bytes: '82 a1 61 01 a1 7a 02', error: { code: 'schema-violation', offset: 4, schemaPath: '#' } },
  // {"a": 1, "color": "pink"}
  { title: 'a string outside the enum, at the value', bytes: '82 a1 61 01 a5 63 6f 6c 6f 72 a4 70 69 6e 6b', error: { code: 'schema-violation', offset: 10, schemaPath: '#/properties/color' } },
  // {"a": 1, "shape": {"type": "hexagon"}}
  { title: 'a discriminator naming no variant, at the union', bytes: '82 a1 61 01 a5 73 68 61 70 65 81 a4 74 79 70 65 a7 68 65 78 61 67 6f 6e', error: { code: 'schema-violation', offset: 10, schemaPath: '#/properties/shape' } },
  // {"a": 1} and one byte more.
  { title: 'a trailing byte, after the item', bytes: '81 a1 61 01 00', error: { code: 'trailing-bytes', offset: 4, schemaPath: '#' } },
  // A map key that is an integer.
  { title: 'a key that is no str, at the key', bytes: '81 01 01', error: { code: 'unexpected-type', offset: 1, schemaPath: '#' } },
  // An array where the map goes.
  { title: 'an array for the object', bytes: '90', error: { code: 'unexpected-type', offset: 0, schemaPath: '#' } },
];

for (const { codeSize, map, open } of mapCodecs) {
  for (const fault of mapFaults) {
    decoding(`map layout (codeSize ${codeSize}): ${fault.title}`, () => {
      assert.equal(decodeError(map.decode, fault.bytes), fault.error);
    });
  }

  decoding(`map layout (codeSize ${codeSize}): every strict prefix of a valid encoding is unexpected-end at the end of the input`, () => {
    // {"a": 1, "color": "red", "shape": {"type": "circle", "r": 1000}}
    const bytes = Array.from(map.encode({ a: 1, color: 'red', shape: { type: 'circle', r: 1000 } }));
    for (let cut = 0; cut < bytes.length; cut++) {
      const error = decodeError(map.decode, Buffer.from(bytes.slice(0, cut)).toString('hex'));
      assert.is(error.code, 'unexpected-end', `cut at ${cut}`);
      assert.is(error.offset, cut, `cut at ${cut}`);
    }
  });

  decoding(`map layout (codeSize ${codeSize}): declared lengths past the input are refused before anything is allocated`, () => {
    // map32, str32 (a key) of 2^32-1; array32 (the compact layout's dense form).
    for (const [codec, bytes] of [[map, 'df ff ff ff ff'], [map, '81 db ff ff ff ff'], [compact, 'dd ff ff ff ff']] as const) {
      const started = performance.now();
      assert.is(decodeError(codec.decode, bytes).code, 'unexpected-end', bytes);
      assert.ok(performance.now() - started < 200, bytes);
    }
  });

  decoding(`map layout (codeSize ${codeSize}): reads wider heads and integers, str8 for short text, float32 and keys in any order`, () => {
    // {"color": str8 "red", "a": uint32 1}
    assert.equal(map.decode(hex('de 00 02 d9 05 63 6f 6c 6f 72 d9 03 72 65 64 a1 61 ce 00 00 00 01')), { a: 1, color: 'red' });
    // {"a": float32 1.0}, {"a": int64 -5}
    assert.equal(map.decode(hex('81 a1 61 ca 3f 80 00 00')), { a: 1 });
    assert.equal(map.decode(hex('81 a1 61 d3 ff ff ff ff ff ff ff fb')), { a: -5 });
    // {"a": float32 1.5}: not an integer (as the encoder says: "expected integer").
    assert.equal(decodeError(map.decode, '81 a1 61 ca 3f c0 00 00'), { code: 'unexpected-type', offset: 3, schemaPath: '#/properties/a' });
  });

  decoding(`map layout (codeSize ${codeSize}): __proto__ is an own property, never the prototype`, () => {
    const value = open.decode(hex('81 a9 5f 5f 70 72 6f 74 6f 5f 5f 01')) as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
    assert.is(Object.getPrototypeOf(value), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, 1);
  });
}

const compactFaults: { title: string; bytes: string; error: { code: string; offset: number; schemaPath: string } }[] = [
  // []
  { title: 'a missing required property, at the array', bytes: '90', error: { code: 'schema-violation', offset: 0, schemaPath: '#' } },
  // ["x"]
  { title: 'a value of the wrong type at a position', bytes: '91 a1 78', error: { code: 'unexpected-type', offset: 1, schemaPath: '#/properties/a' } },
  // [1, 7]
  { title: 'an enum index past the enum', bytes: '92 01 07', error: { code: 'schema-violation', offset: 2, schemaPath: '#/properties/color' } },
  // [1, "x"]
  { title: 'an enum index that is no integer', bytes: '92 01 a1 78', error: { code: 'unexpected-type', offset: 2, schemaPath: '#/properties/color' } },
  // {0: 1, 2: [5, 1]}
  { title: 'a variant index past the variants', bytes: '82 00 01 02 92 05 01', error: { code: 'schema-violation', offset: 5, schemaPath: '#/properties/shape' } },
  // {0: 1, 2: []}
  { title: 'a union value without its variant index', bytes: '82 00 01 02 90', error: { code: 'schema-violation', offset: 4, schemaPath: '#/properties/shape' } },
  // {0: 1, 0: 2}
  { title: 'a repeated position, at its key', bytes: '82 00 01 00 02', error: { code: 'schema-violation', offset: 3, schemaPath: '#' } },
  // {0: 1, 9: 1}
  { title: 'a position past the positions, at its key', bytes: '82 00 01 09 01', error: { code: 'schema-violation', offset: 3, schemaPath: '#' } },
  // {0: 1, -1: 1}
  { title: 'a negative position, at its key', bytes: '82 00 01 ff 01', error: { code: 'schema-violation', offset: 3, schemaPath: '#' } },
  // {0: 1, 0.0: 1}
  { title: 'a float key, at the key', bytes: '82 00 01 ca 00 00 00 00 01', error: { code: 'schema-violation', offset: 3, schemaPath: '#' } },
  // {0: 1, "a": 1}: a declared property by name where no extras are allowed.
  { title: 'a str key where no extras are allowed, at the key', bytes: '82 00 01 a1 61 01', error: { code: 'schema-violation', offset: 3, schemaPath: '#' } },
  // [1, 0, [0, 1], nil, "x", 7]: six elements, five positions.
  { title: 'more elements than positions, at the array', bytes: '96 01 00 92 00 01 c0 a1 78 07', error: { code: 'schema-violation', offset: 0, schemaPath: '#' } },
  // A str where the object goes.
  { title: 'neither an array nor a map', bytes: 'a1 78', error: { code: 'unexpected-type', offset: 0, schemaPath: '#' } },
];

for (const fault of compactFaults) {
  decoding(`compact layout: ${fault.title}`, () => {
    assert.equal(decodeError(compact.decode, fault.bytes), fault.error);
  });
}

decoding('compact layout: a value at a reserved position is skipped, but must be well-formed', () => {
  // [1, 0, [0, 1], 9]
  assert.equal(compact.decode(hex('94 01 00 92 00 01 09')), { a: 1, color: 'red', shape: { type: 'circle', r: 1 } });
  // [1, 0, [0, 1], str of 5 bytes with 1]
  assert.is(decodeError(compact.decode, '94 01 00 92 00 01 a5 61').code, 'unexpected-end');
});

decoding('compact layout: reads wider heads, indexes and position keys', () => {
  // array16 [uint16 1, uint8 2]; map16 {uint32 0: 1, int8 4: str8 "x"}
  assert.equal(compact.decode(hex('dc 00 02 cd 00 01 cc 02')), { a: 1, color: 'blue' });
  assert.equal(compact.decode(hex('de 00 02 ce 00 00 00 00 01 d0 04 d9 01 78')), { a: 1, old: 'x' });
});

const encoding = suite('generated MessagePack encoders: bytes and refusals');

encoding('compact layout: dense without holes, sparse (position keys) with them', () => {
  const cases: [unknown, string][] = [
    [{ a: 1, color: 'blue' }, '92 01 02'],
    // A variant: [variantIndex, …positions]; its discriminator (a required const) is not written.
    [{ a: 1, color: 'red', shape: { type: 'square', side: 2 } }, '93 01 00 92 01 02'],
    // color absent before shape, and a reserved position before old: holes, so maps.
    [{ a: 1, shape: { type: 'square', side: 2 } }, '82 00 01 02 92 01 02'],
    [{ a: 1, color: 'green', shape: { type: 'circle', r: 3 }, old: 'x' }, '84 00 01 01 01 02 92 00 03 04 a1 78'],
  ];
  for (const [value, bytes] of cases) {
    const ours = compact.encode(value);
    assert.is(Buffer.from(ours).toString('hex'), bytes.replaceAll(' ', ''), JSON.stringify(value));
    assert.equal(compact.decode(ours), value);
    // Well-formed MessagePack for any reader.
    genericDecode(ours);
  }
});

for (const { codeSize, map } of mapCodecs) {
  encoding(`map layout (codeSize ${codeSize}): the smallest forms, as the generic encoder writes them`, () => {
    assert.is(Buffer.from(map.encode({ a: -33, color: 'red' })).toString('hex'), '82a161d0dfa5636f6c6f72a3726564');
    assert.is(Buffer.from(map.encode({ a: 2 ** 40 })).toString('hex'), '81a161cf0000010000000000');
  });
}

const refusals: { title: string; value: unknown; error: { code: string; path: string; schemaPath: string } }[] = [
  { title: 'a missing required property', value: {}, error: { code: 'schema-violation', path: '', schemaPath: '#' } },
  { title: 'a value of the wrong type', value: { a: 'x' }, error: { code: 'unexpected-type', path: '/a', schemaPath: '#/properties/a' } },
  { title: 'a non-integer number', value: { a: 1.5 }, error: { code: 'unexpected-type', path: '/a', schemaPath: '#/properties/a' } },
  { title: 'an undeclared property', value: { a: 1, z: 2 }, error: { code: 'schema-violation', path: '/z', schemaPath: '#' } },
  { title: 'a string outside the enum', value: { a: 1, color: 'pink' }, error: { code: 'schema-violation', path: '/color', schemaPath: '#/properties/color' } },
  { title: 'a discriminator naming no variant', value: { a: 1, shape: { type: 'hexagon' } }, error: { code: 'schema-violation', path: '/shape/type', schemaPath: '#/properties/shape' } },
  { title: 'a bad value inside a variant', value: { a: 1, shape: { type: 'circle', r: 'big' } }, error: { code: 'unexpected-type', path: '/shape/r', schemaPath: '#/properties/shape/oneOf/0/properties/r' } },
];

for (const refusal of refusals) {
  encoding(`both layouts refuse ${refusal.title} with the JSON Pointer of the value`, () => {
    for (const codec of [...mapCodecs.map(({ map }) => map), compact]) {
      try {
        codec.encode(refusal.value);
        assert.unreachable('encoded');
      } catch (error) {
        assert.ok(isEncodeError(error), String(error));
        assert.equal({ code: error.code, path: error.path, schemaPath: error.schemaPath }, refusal.error);
        assert.is(error.format, 'msgpack');
      }
    }
  });
}

decoding.run();
encoding.run();
