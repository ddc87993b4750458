// `codeSize: 'small'` (record tables walked by the runtime) against the specialised code of
// `'speed'` (the default), an independent implementation of the same schemas, in every format: same bytes, same
// values, same errors (code, offset or value path, schema path), on feature schemas and on the
// benchmark payloads. Independent decoders (cbor-x, @shelacek/ubjson, msgpackr) read the bytes
// back, other encoders' bytes (cbor-x; json-pack, @shelacek/ubjson, counted and typed UBJSON
// containers; msgpackr, @msgpack/msgpack, wider MessagePack forms) are read alike, one map per
// format is laid out by hand from its spec, and the module size is bounded on a detekt-like schema.
import { readFileSync, readdirSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decoder as CborXDecoder, encode as cborXEncode } from 'cbor-x';
import { decode as shelacekDecode, encode as shelacekEncode } from '@shelacek/ubjson';
import { encode as ubjsonEncode } from '@binschema/runtime/ubjson';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { AUTO_SMALL_PROPERTIES, compileCodec, compileSchema, type CodeSize, type CompiledCodec, type Format } from '../src/index.js';
import { CASES, rule } from './support/code-size-cases.js';
import { PackEncoder, PackWriter } from './support/json-pack.js';
import { ubjsonVariant } from './support/ubjson-variants.js';
import { msgpackVariant } from './support/msgpack-variants.js';
import { Packr } from 'msgpackr';
import { encode as msgpackReferenceEncode } from '@msgpack/msgpack';
import { Random, seedFor } from './support/random.js';
import { testDataPath } from '../../../test-data/index.js';

const cborX = new CborXDecoder({ int64AsNumber: true, mapsAsObjects: true } as ConstructorParameters<typeof CborXDecoder>[0]);
const pack = new PackEncoder(new PackWriter());
const variantRandom = new Random(seedFor('compact ubjson variants'));
const msgpackVariantRandom = new Random(seedFor('compact msgpack variants'));
const packr = new Packr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });

/** `L` (int64) as a number when safe, as our decoders give it (@shelacek/ubjson throws by default). */
function int64AsNumber(storage: { view: DataView }, offset: number): number | bigint {
  const value = storage.view.getBigInt64(offset);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** What the cross-checks need of a format besides its compiled codecs. */
interface FormatCheck {
  format: Format;
  /** CBOR's deterministic mode is a second set of codecs; UBJSON and MessagePack have none. */
  modes: boolean[];
  /** An independent decoder of our bytes. */
  independentDecode(bytes: Uint8Array): unknown;
  /** Other encoders' bytes of a value (other widths, key orders, container forms). */
  foreign(value: unknown): Uint8Array[];
}

/** The bytes of the encoders that can write the value (an invalid value, `{ a: undefined }`, is beyond some); at least one can. */
function encodable(encoders: (() => Uint8Array)[]): Uint8Array[] {
  const written: Uint8Array[] = [];
  for (const encode of encoders) {
    try {
      written.push(encode());
    } catch {
      // This peer cannot write the value: the others' bytes are checked.
    }
  }
  assert.ok(written.length > 0, 'no encoder could write the value');
  return written;
}

const FORMAT_CHECKS: FormatCheck[] = [
  {
    format: 'cbor',
    modes: [false, true],
    independentDecode: (bytes) => cborX.decode(bytes),
    // Keys in the value's order, as cbor-x writes them (not the schema's).
    foreign: (value) => [cborXEncode(value)],
  },
  {
    format: 'ubjson',
    modes: [false],
    // json-pack's decoder fails on typed arrays (`[$i#`): @shelacek/ubjson reads them, `L` as we do.
    independentDecode: (bytes) => shelacekDecode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, { int64Handling: int64AsNumber }),
    // json-pack (`U` lengths, `D` beyond int32), the generic encoder with `d` floats and `C`
    // chars, @shelacek/ubjson's typed arrays, and a re-encoding with counted and typed containers and no-ops.
    foreign: (value) =>
      encodable([
        () => pack.encode(value).slice(),
        () => ubjsonEncode(value, { float32: true, chars: true }),
        () => new Uint8Array(shelacekEncode(value, { optimizeArrays: true })),
        () => ubjsonVariant(value, variantRandom),
      ]),
  },
  {
    format: 'msgpack',
    modes: [false],
    independentDecode: (bytes) => packr.unpack(bytes),
    // msgpackr and @msgpack/msgpack (keys in the value's order), and a re-encoding with wider heads, integers and str8.
    foreign: (value) =>
      encodable([
        () => packr.pack(value),
        () => msgpackReferenceEncode(value),
        () => msgpackVariant(value, msgpackVariantRandom),
      ]),
  },
];

function compile(schema: object, codeSize: CodeSize, deterministic = false, format: Format = 'cbor'): CompiledCodec {
  return compileCodec(schema, { format, codeSize, deterministic });
}

function encodeOutcome(codec: CompiledCodec, value: unknown): unknown {
  try {
    return Array.from(codec.encode(value));
  } catch (error) {
    assert.ok(isEncodeError(error), `expected an EncodeError, got ${String(error)}`);
    return { code: error.code, path: error.path, schemaPath: error.schemaPath };
  }
}

function decodeOutcome(codec: CompiledCodec, bytes: Uint8Array): unknown {
  try {
    return { value: codec.decode(bytes) };
  } catch (error) {
    assert.ok(isDecodeError(error), `expected a DecodeError, got ${String(error)}`);
    return { code: error.code, offset: error.offset, schemaPath: error.schemaPath };
  }
}

/**
 * The same outcome from both decoders. Malformed input (truncated, bad UTF-8) fails with the same
 * code at the same offset; its schema path may be deeper in small code, which reads a property
 * through its own field codec where specialised code reads it inline in the object's function.
 */
function assertSameDecode(small: CompiledCodec, speed: CompiledCodec, bytes: Uint8Array, label: string): void {
  const ours = decodeOutcome(small, bytes) as { code?: string; schemaPath?: string };
  const theirs = decodeOutcome(speed, bytes) as { code?: string; schemaPath?: string };
  if (ours.code === undefined || ours.code === 'schema-violation' || ours.code === 'unexpected-type') {
    assert.equal(ours, theirs, label);
    return;
  }
  assert.equal({ ...ours, schemaPath: undefined }, { ...theirs, schemaPath: undefined }, label);
  // Both without one: UBJSON's root marker is read before any read function runs.
  if (ours.schemaPath === undefined && theirs.schemaPath === undefined) return;
  assert.ok(ours.schemaPath !== undefined && theirs.schemaPath !== undefined && ours.schemaPath.startsWith(theirs.schemaPath), `${label}: ${ours.schemaPath} is not within ${theirs.schemaPath}`);
}

const test = suite('codeSize small');

test('caches speed and small codecs apart', () => {
  const schema = { type: 'object', properties: { a: { type: 'integer' } } };
  const speed = compile(schema, 'speed');
  const small = compile(schema, 'small');
  assert.is.not(speed, small);
  assert.not.match(compileSchema(schema, 'x', { format: 'cbor', codeSize: 'speed' })[0].text, /RecordTable/);
  assert.match(compileSchema(schema, 'x', { format: 'cbor', codeSize: 'small' })[0].text, /RecordTable/);
});

for (const check of FORMAT_CHECKS) {
  for (const { name, schema, valid, invalid } of CASES) {
    for (const deterministic of check.modes) {
      const mode = `${check.format}${deterministic ? ', deterministic' : ''}`;
      test(`writes and reads ${name} as the specialised codecs do (${mode})`, () => {
        const speed = compile(schema, 'speed', deterministic, check.format);
        const small = compile(schema, 'small', deterministic, check.format);
        for (const value of valid) {
          const bytes = small.encode(value);
          assert.equal(Array.from(bytes), Array.from(speed.encode(value)), `bytes of ${JSON.stringify(value)}`);
          // An independent decoder reads the value back (undefined-valued keys are not written).
          assert.equal(check.independentDecode(bytes), JSON.parse(JSON.stringify(value)));
          assert.equal(small.decode(bytes), speed.decode(bytes));
          for (const foreign of check.foreign(JSON.parse(JSON.stringify(value)))) assertSameDecode(small, speed, foreign, `foreign bytes of ${JSON.stringify(value)}`);
        }
      });
      test(`refuses what the specialised codecs refuse, with the same errors: ${name} (${mode})`, () => {
        const speed = compile(schema, 'speed', deterministic, check.format);
        const small = compile(schema, 'small', deterministic, check.format);
        for (const value of invalid) {
          const outcome = encodeOutcome(small, value);
          assert.not.ok(Array.isArray(outcome), `encoded the invalid ${JSON.stringify(value)}`);
          assert.equal(outcome, encodeOutcome(speed, value), `encode error for ${JSON.stringify(value)}`);
          // The invalid value's bytes from other encoders, and every truncation of them: same DecodeError.
          for (const bytes of check.foreign(value)) {
            assertSameDecode(small, speed, bytes, `decode of ${JSON.stringify(value)}`);
            for (let end = 0; end < bytes.length; end++) assertSameDecode(small, speed, bytes.subarray(0, end), `truncated at ${end}`);
          }
        }
      });
    }
  }
}

test('writes a one-property map as RFC 8949 lays it out', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } }, 'small');
  // a2 (map, 2 entries), 61 61 ("a"), 01, 61 62 ("b"), 62 68 69 ("hi"): §3.1 major types 5, 3, 0.
  assert.equal(Array.from(codec.encode({ a: 1, b: 'hi' })), [0xa2, 0x61, 0x61, 0x01, 0x61, 0x62, 0x62, 0x68, 0x69]);
  // Indefinite-length map (§3.2.2), keys out of order, an indefinite-length key: all accepted.
  assert.equal(codec.decode(Uint8Array.from([0xbf, 0x61, 0x62, 0x60, 0x7f, 0x61, 0x61, 0xff, 0x18, 0x18, 0xff])), { a: 24, b: '' });
});

test('reads a repeated key as its last value, and keeps __proto__ an own property', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' } } }, 'small');
  // a3, "a": 1, "__proto__": {}, "a": 2
  const bytes = Uint8Array.from([0xa3, 0x61, 0x61, 0x01, 0x69, ...new TextEncoder().encode('__proto__'), 0xa0, 0x61, 0x61, 0x02]);
  const value = codec.decode(bytes) as Record<string, unknown>;
  assert.is(value.a, 2);
  assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
  assert.is(Object.getPrototypeOf(value), Object.prototype);
});

test('writes a UBJSON object as the spec lays it out and reads its other forms', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } }, 'small', false, 'ubjson');
  // { (7b), key "a" (i 1 'a'), i 1 (69 01), key "b", S i 2 "hi", } (7d): container-types.html#object, value-types.html.
  assert.equal(Array.from(codec.encode({ a: 1, b: 'hi' })), [0x7b, 0x69, 0x01, 0x61, 0x69, 0x01, 0x69, 0x01, 0x62, 0x53, 0x69, 0x02, 0x68, 0x69, 0x7d]);
  // Counted ({#i2), keys out of order, a no-op before a key, U lengths, `C` for a one-char string.
  assert.equal(codec.decode(Uint8Array.from([0x7b, 0x23, 0x69, 0x02, 0x4e, 0x55, 0x01, 0x62, 0x43, 0x78, 0x69, 0x01, 0x61, 0x55, 0x18])), { a: 24, b: 'x' });
  // Typed ({$i#i2): the values carry no marker.
  assert.equal(codec.decode(Uint8Array.from([0x7b, 0x24, 0x69, 0x23, 0x69, 0x01, 0x69, 0x01, 0x61, 0x05])), { a: 5 });
});

test('reads a repeated UBJSON key as its last value, and keeps __proto__ an own property', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' } } }, 'small', false, 'ubjson');
  // {, "a": i 1, "__proto__": {}, "a": i 2, }
  const bytes = Uint8Array.from([0x7b, 0x69, 0x01, 0x61, 0x69, 0x01, 0x69, 0x09, ...new TextEncoder().encode('__proto__'), 0x7b, 0x7d, 0x69, 0x01, 0x61, 0x69, 0x02, 0x7d]);
  const value = codec.decode(bytes) as Record<string, unknown>;
  assert.is(value.a, 2);
  assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
  assert.is(Object.getPrototypeOf(value), Object.prototype);
});

test('writes a MessagePack map as the spec lays it out and reads its other forms', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } }, 'small', false, 'msgpack');
  // 82 (fixmap, 2 entries), a1 61 (fixstr "a"), 01 (positive fixint), a1 62 ("b"), a2 68 69 ("hi"): spec.md "Overview of formats".
  assert.equal(Array.from(codec.encode({ a: 1, b: 'hi' })), [0x82, 0xa1, 0x61, 0x01, 0xa1, 0x62, 0xa2, 0x68, 0x69]);
  // map16, keys out of order, str8 for a short key, uint16 for 24, str8 for "".
  assert.equal(codec.decode(Uint8Array.from([0xde, 0x00, 0x02, 0xd9, 0x01, 0x62, 0xd9, 0x00, 0xa1, 0x61, 0xcd, 0x00, 0x18])), { a: 24, b: '' });
});

test('reads a repeated MessagePack key as its last value, and keeps __proto__ an own property', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' } } }, 'small', false, 'msgpack');
  // 83, "a": 1, "__proto__": {}, "a": 2
  const bytes = Uint8Array.from([0x83, 0xa1, 0x61, 0x01, 0xa9, ...new TextEncoder().encode('__proto__'), 0x80, 0xa1, 0x61, 0x02]);
  const value = codec.decode(bytes) as Record<string, unknown>;
  assert.is(value.a, 2);
  assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
  assert.is(Object.getPrototypeOf(value), Object.prototype);
});

test('reads a repeated key of a map without declared properties as its last value in its first place, __proto__ an own property', () => {
  const proto = [...new TextEncoder().encode('__proto__')];
  // "a": 1, "__proto__": 1, "a": 2 in each format's map (RFC 8949 §3.1; UBJSON container-types.html#object; MessagePack fixmap and fixstr).
  const maps: [Format, number[]][] = [
    ['cbor', [0xa3, 0x61, 0x61, 0x01, 0x69, ...proto, 0x01, 0x61, 0x61, 0x02]],
    ['ubjson', [0x7b, 0x69, 0x01, 0x61, 0x69, 0x01, 0x69, 0x09, ...proto, 0x69, 0x01, 0x69, 0x01, 0x61, 0x69, 0x02, 0x7d]],
    ['msgpack', [0x83, 0xa1, 0x61, 0x01, 0xa9, ...proto, 0x01, 0xa1, 0x61, 0x02]],
  ];
  for (const [format, bytes] of maps) {
    const codec = compile({ type: 'object', additionalProperties: { type: 'integer' } }, 'small', false, format);
    const value = codec.decode(Uint8Array.from(bytes)) as Record<string, unknown>;
    assert.equal(Object.keys(value), ['a', '__proto__'], format);
    assert.is(value.a, 2, format);
    assert.is(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, 1, format);
    assert.is(Object.getPrototypeOf(value), Object.prototype, format);
  }
});

test('false subschemas and checked values in tables are shared codecs, not functions of their own', () => {
  const { schema } = CASES.find((entry) => entry.name.startsWith('patterns of a closed object'))!;
  for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
    const js = compileSchema(schema, 'x', { format, target: 'js', codeSize: 'small' }).find((file) => file.fileName.endsWith('.js'))!.text;
    assert.match(js, /extra: "never"/, format);
    assert.match(js, /\["nothing", "never", 0\]/, format);
    assert.is(js.match(/\["checked", /g)?.length, 5, `${format}: the pattern's object, the list, the union and two of its variants`);
    // The kits name each shared field once per direction.
    assert.match(js, /never: writeNeverField[,\s]/, format);
    assert.match(js, /checked: readCheckedField[,\s]/, format);
    // Only the root's reader and writer are generated: the runtime reads and writes the rest.
    assert.equal(js.match(/^function (read|write)\w*/gm)?.sort(), ['function readRoot', 'function writeRoot'], format);
  }
});

/** A detekt-like schema: `count` rule objects, each `allOf: [$ref rule]` plus properties of its own. */
function rulesSchema(count: number): object {
  const properties: Record<string, object> = {};
  for (let index = 0; index < count; index++) {
    properties[`Rule${index}`] = { type: 'object', allOf: [{ $ref: '#/$defs/rule' }], properties: { [`limit${index}`]: { type: 'integer' }, [`names${index}`]: { type: 'array', items: { type: 'string' } } } };
  }
  return { $defs: { rule: { ...rule, properties: { ...rule.properties, ignore: { type: 'array', items: { type: 'string' } } } } }, type: 'object', properties };
}

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  test(`keeps a large merged schema under 8x its JSON in small ${format} JS`, () => {
    const schema = rulesSchema(200);
    const js = compileSchema(schema, 'rules', { format, target: 'js', codeSize: 'small' }).find((file) => file.fileName.endsWith('.js'))!.text;
    const ratio = js.length / JSON.stringify(schema).length;
    assert.ok(ratio <= 8, `small module is ${ratio.toFixed(1)}x the schema`);
    const codec = compile(schema, 'small', false, format);
    const value = { Rule3: { active: true, limit3: 2, ignore: ['x'] }, Rule199: { names199: ['a'], excludes: [] } };
    assert.equal(codec.decode(codec.encode(value)), value);
  });
}

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  test(`auto keeps specialised ${format} code up to ${AUTO_SMALL_PROPERTIES} declared properties and goes small past them`, () => {
    const text = (schema: object) => compileSchema(schema, 'x', { format, codeSize: 'auto' })[0].text;
    assert.not.ok(text(rulesSchema(2)).includes('writeRecord('));
    assert.ok(text(rulesSchema(100)).includes('writeRecord('));
  });
}

test('compiles a 2,000-property object small for UBJSON, which round-trips and refuses a wrong value', () => {
  const properties: Record<string, object> = {};
  for (let index = 0; index < 2000; index++) properties[`p${index}`] = index % 2 === 0 ? { type: 'string' } : { type: 'object', properties: { n: { type: 'integer' } } };
  const schema = { type: 'object', properties, additionalProperties: false };
  const js = compileSchema(schema, 'wide', { format: 'ubjson', target: 'js', codeSize: 'small' }).find((file) => file.fileName.endsWith('.js'))!.text;
  assert.ok(js.includes('readRecord('), 'record tables');
  assert.ok(js.length / JSON.stringify(schema).length <= 8, `small module is ${(js.length / JSON.stringify(schema).length).toFixed(1)}x the schema`);
  const codec = compileCodec(schema, { format: 'ubjson', codeSize: 'small' });
  const value = { p0: 'a', p1: { n: 1 }, p1998: '', p1999: {} };
  assert.equal(codec.decode(codec.encode(value)), value);
  assert.equal(encodeOutcome(codec, { p1: { n: 'one' } }), { code: 'unexpected-type', path: '/p1/n', schemaPath: '#/properties/p1/properties/n' });
});

/** Each benchmark payload with its schema (test-data/payloads). */
const payloadDir = testDataPath('payloads/');
const payloads = readdirSync(payloadDir)
  .filter((file) => file.endsWith('.schema.json'))
  .map((file) => file.slice(0, -'.schema.json'.length))
  .sort()
  .map((name) => ({ name, schema: JSON.parse(readFileSync(`${payloadDir}${name}.schema.json`, 'utf8')), value: JSON.parse(readFileSync(`${payloadDir}${name}.json`, 'utf8')) }));

/** Up to `most` offsets spread over `length` bytes (every one when there are few). */
function sampleOffsets(length: number, most: number): number[] {
  const step = Math.max(1, Math.floor(length / most));
  const offsets: number[] = [];
  for (let offset = 0; offset < length; offset += step) offsets.push(offset);
  return offsets;
}

for (const check of FORMAT_CHECKS) {
  for (const { name, schema, value } of payloads) {
    test(`${name}: small ${check.format} writes the specialised bytes and reads them and other encoders' alike`, () => {
      const speed = compile(schema, 'speed', false, check.format);
      const small = compile(schema, 'small', false, check.format);
      const bytes = small.encode(value);
      assert.equal(Array.from(bytes), Array.from(speed.encode(value)));
      assert.equal(small.decode(bytes), value);
      for (const foreign of check.foreign(value)) assertSameDecode(small, speed, foreign, `foreign bytes of ${name}`);
    });
    test(`${name}: small ${check.format} fails as the specialised codecs do on truncated and mutated input`, () => {
      const speed = compile(schema, 'speed', false, check.format);
      const small = compile(schema, 'small', false, check.format);
      const random = new Random(seedFor(`compact mutations ${check.format} ${name}`));
      for (const bytes of [speed.encode(value), ...check.foreign(value)]) {
        for (const end of sampleOffsets(bytes.length, 60)) assertSameDecode(small, speed, bytes.subarray(0, end), `${name} truncated at ${end}`);
        for (const at of sampleOffsets(bytes.length, 120)) {
          const mutated = bytes.slice();
          mutated[at] = random.int(0, 255);
          assertSameDecode(small, speed, mutated, `${name} with byte ${at} set to ${mutated[at]}`);
        }
      }
    });
  }
}

test('refuses an unknown codeSize with a SchemaError', () => {
  assert.throws(() => compileCodec({}, { format: 'cbor', codeSize: 'tiny' as CodeSize }), (error: Error) => error.name === 'SchemaError');
});

test.run();
