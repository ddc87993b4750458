// `codeSize: 'compact'` (record tables walked by the runtime) against the specialised code of
// `'fast'`, an independent implementation of the same schemas: same bytes, same values, same
// errors (code, offset or value path, schema path). cbor-x reads the bytes back on its own, one
// map is laid out by hand from RFC 8949, and the module size is bounded on a detekt-like schema.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decoder as CborXDecoder, encode as cborXEncode } from 'cbor-x';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { AUTO_COMPACT_PROPERTIES, compileCodec, compileSchema, type CodeSize, type CompiledCodec } from '../src/index.js';

const cborX = new CborXDecoder({ int64AsNumber: true, mapsAsObjects: true } as ConstructorParameters<typeof CborXDecoder>[0]);

const rule = { type: 'object', properties: { active: { type: 'boolean' }, excludes: { type: 'array', items: { type: 'string' } } } };

/** Schemas by the feature they exercise, each with valid values and invalid ones. */
const CASES: { name: string; schema: object; valid: unknown[]; invalid: unknown[] }[] = [
  {
    name: 'required and optional scalars, closed',
    schema: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, score: { type: 'number' }, on: { type: 'boolean' }, none: { type: 'null' }, any: {} },
      required: ['id', 'name'],
      additionalProperties: false,
    },
    valid: [{ id: 1, name: 'a' }, { name: 'b', id: -7, score: 1.5, on: true, none: null, any: [1, { x: 'y' }] }, { id: 2 ** 40, name: '' }],
    invalid: [{ id: 1, name: 'a', constructor: undefined }, { id: 1 }, { id: 1.5, name: 'a' }, { id: 1, name: 2 }, { id: 1, name: 'a', extra: 1 }, { id: 1, name: 'a', score: Infinity }, [], null, 'text'],
  },
  {
    name: 'nested objects, arrays of objects and of scalars',
    schema: {
      type: 'object',
      properties: {
        point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] },
        tags: { type: 'array', items: { type: 'string' } },
        items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } },
      },
    },
    valid: [{}, { point: { x: 1, y: 2, z: 'extra' }, tags: ['a', 'b'], items: [{ n: 1 }, { n: 2 }] }, { other: { deep: [1, 2] }, tags: [] }],
    invalid: [{ point: { x: 1 } }, { tags: ['a', 3] }, { items: [{ n: 1 }, { n: 'two' }] }, { items: [{ n: 1, m: 2 }] }, { tags: 'a' }],
  },
  {
    name: 'const and enum',
    schema: {
      type: 'object',
      properties: { kind: { const: 'point' }, level: { enum: ['low', 'high'] }, mixed: { enum: [1, 'one', null, { a: [1] }] } },
      required: ['kind'],
    },
    valid: [{ kind: 'point' }, { kind: 'point', level: 'high', mixed: { a: [1] } }, { kind: 'point', mixed: null }],
    invalid: [{ kind: 'line' }, { kind: 'point', level: 'medium' }, { kind: 'point', mixed: { a: [2] } }, { kind: 1 }],
  },
  {
    name: 'patternProperties, additionalProperties schema, extra required names, property counts',
    schema: {
      type: 'object',
      properties: { x_declared: { type: 'integer' }, name: { type: 'string' } },
      patternProperties: { '^x_': { type: 'number', minimum: 0 }, '^x_n': { type: 'integer' } },
      additionalProperties: { type: 'string' },
      required: ['name', 'other'],
      minProperties: 2,
      maxProperties: 5,
    },
    valid: [{ name: 'a', other: 'b' }, { name: 'a', other: 'b', x_declared: 3, x_n: 4, x_f: 0.5 }],
    invalid: [{ name: 'a' }, { name: 'a', other: 1 }, { name: 'a', other: 'b', x_declared: -1 }, { name: 'a', other: 'b', x_n: 1.5 }, { name: 'a', other: 'b', c: 'c', d: 'd', e: 'e', f: 'f' }],
  },
  {
    name: 'allOf with a $ref merged into many objects, recursion through a definition',
    schema: {
      $defs: { rule, tree: { type: 'object', properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/tree' } } }, required: ['value'] } },
      type: 'object',
      properties: {
        first: { type: 'object', allOf: [{ $ref: '#/$defs/rule' }], properties: { limit: { type: 'integer' } } },
        second: { type: 'object', allOf: [{ $ref: '#/$defs/rule' }], properties: { names: { type: 'array', items: { type: 'string' } } } },
        tree: { $ref: '#/$defs/tree' },
      },
    },
    valid: [{ first: { active: true, limit: 3 }, second: { excludes: ['a'], names: [] } }, { tree: { value: 1, children: [{ value: 2, children: [] }, { value: 3 }] } }],
    invalid: [{ first: { active: 'yes' } }, { second: { excludes: [1] } }, { tree: { value: 1, children: [{}] } }, { tree: { children: [] } }],
  },
  {
    name: 'unions told apart by JSON type, typeless schemas with properties',
    schema: {
      type: 'object',
      properties: {
        v: { type: ['string', 'null', 'integer'] },
        w: { oneOf: [{ type: 'string', minLength: 2 }, { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } } }, { type: 'boolean' }] },
        loose: { properties: { a: { type: 'string' } } },
      },
    },
    valid: [{ v: null, w: 'ab' }, { v: 3, w: [{ a: 1 }, {}], loose: { a: 'x' } }, { v: 'x', w: true, loose: 5 }, { loose: [1, 'two'] }, { loose: null }],
    invalid: [{ v: 1.5 }, { v: [] }, { w: 'a' }, { w: [{ a: 'b' }] }, { w: 3 }, { loose: { a: 1 } }],
  },
  {
    name: 'maps without declared properties',
    schema: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'integer' } } },
    valid: [{}, { a: { x: 1 }, '1000': {}, __proto__x: { y: 2 } }],
    invalid: [{ a: 1 }, { a: { x: 'one' } }],
  },
];

function compile(schema: object, codeSize: CodeSize, deterministic = false): CompiledCodec {
  return compileCodec(schema, { format: 'cbor', codeSize, deterministic });
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
 * code at the same offset; its schema path may be deeper in compact code, which reads a property
 * through its own field codec where specialised code reads it inline in the object's function.
 */
function assertSameDecode(compact: CompiledCodec, fast: CompiledCodec, bytes: Uint8Array, label: string): void {
  const ours = decodeOutcome(compact, bytes) as { code?: string; schemaPath?: string };
  const theirs = decodeOutcome(fast, bytes) as { code?: string; schemaPath?: string };
  if (ours.code === undefined || ours.code === 'schema-violation' || ours.code === 'unexpected-type') {
    assert.equal(ours, theirs, label);
    return;
  }
  assert.equal({ ...ours, schemaPath: undefined }, { ...theirs, schemaPath: undefined }, label);
  assert.ok(ours.schemaPath !== undefined && theirs.schemaPath !== undefined && ours.schemaPath.startsWith(theirs.schemaPath), `${label}: ${ours.schemaPath} is not within ${theirs.schemaPath}`);
}

const test = suite('codeSize compact');

test('caches fast and compact codecs apart', () => {
  const schema = { type: 'object', properties: { a: { type: 'integer' } } };
  const fast = compile(schema, 'fast');
  const compact = compile(schema, 'compact');
  assert.is.not(fast, compact);
  assert.not.match(compileSchema(schema, 'x', { format: 'cbor', codeSize: 'fast' })[0].text, /RecordTable/);
  assert.match(compileSchema(schema, 'x', { format: 'cbor', codeSize: 'compact' })[0].text, /RecordTable/);
});

for (const { name, schema, valid, invalid } of CASES) {
  for (const deterministic of [false, true]) {
    const mode = deterministic ? ' (deterministic)' : '';
    test(`writes and reads ${name} as the specialised codecs do${mode}`, () => {
      const fast = compile(schema, 'fast', deterministic);
      const compact = compile(schema, 'compact', deterministic);
      for (const value of valid) {
        const bytes = compact.encode(value);
        assert.equal(Array.from(bytes), Array.from(fast.encode(value)), `bytes of ${JSON.stringify(value)}`);
        // An independent decoder reads the value back (undefined-valued keys are not written).
        assert.equal(cborX.decode(bytes), JSON.parse(JSON.stringify(value)));
        assert.equal(compact.decode(bytes), fast.decode(bytes));
        // Keys in the value's order, as cbor-x writes them (not the schema's): the decoders agree.
        const foreign = cborXEncode(JSON.parse(JSON.stringify(value)));
        assertSameDecode(compact, fast, foreign, `cbor-x bytes of ${JSON.stringify(value)}`);
      }
    });
    test(`refuses what the specialised codecs refuse, with the same errors: ${name}${mode}`, () => {
      const fast = compile(schema, 'fast', deterministic);
      const compact = compile(schema, 'compact', deterministic);
      for (const value of invalid) {
        const outcome = encodeOutcome(compact, value);
        assert.not.ok(Array.isArray(outcome), `encoded the invalid ${JSON.stringify(value)}`);
        assert.equal(outcome, encodeOutcome(fast, value), `encode error for ${JSON.stringify(value)}`);
        // The invalid value's bytes from cbor-x, and every truncation of them: same DecodeError.
        const bytes = cborXEncode(value);
        assertSameDecode(compact, fast, bytes, `decode of ${JSON.stringify(value)}`);
        for (let end = 0; end < bytes.length; end++) assertSameDecode(compact, fast, bytes.subarray(0, end), `truncated at ${end}`);
      }
    });
  }
}

test('writes a one-property map as RFC 8949 lays it out', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } }, 'compact');
  // a2 (map, 2 entries), 61 61 ("a"), 01, 61 62 ("b"), 62 68 69 ("hi"): §3.1 major types 5, 3, 0.
  assert.equal(Array.from(codec.encode({ a: 1, b: 'hi' })), [0xa2, 0x61, 0x61, 0x01, 0x61, 0x62, 0x62, 0x68, 0x69]);
  // Indefinite-length map (§3.2.2), keys out of order, an indefinite-length key: all accepted.
  assert.equal(codec.decode(Uint8Array.from([0xbf, 0x61, 0x62, 0x60, 0x7f, 0x61, 0x61, 0xff, 0x18, 0x18, 0xff])), { a: 24, b: '' });
});

test('reads a repeated key as its last value, and keeps __proto__ an own property', () => {
  const codec = compile({ type: 'object', properties: { a: { type: 'integer' } } }, 'compact');
  // a3, "a": 1, "__proto__": {}, "a": 2
  const bytes = Uint8Array.from([0xa3, 0x61, 0x61, 0x01, 0x69, ...new TextEncoder().encode('__proto__'), 0xa0, 0x61, 0x61, 0x02]);
  const value = codec.decode(bytes) as Record<string, unknown>;
  assert.is(value.a, 2);
  assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
  assert.is(Object.getPrototypeOf(value), Object.prototype);
});

/** A detekt-like schema: `count` rule objects, each `allOf: [$ref rule]` plus properties of its own. */
function rulesSchema(count: number): object {
  const properties: Record<string, object> = {};
  for (let index = 0; index < count; index++) {
    properties[`Rule${index}`] = { type: 'object', allOf: [{ $ref: '#/$defs/rule' }], properties: { [`limit${index}`]: { type: 'integer' }, [`names${index}`]: { type: 'array', items: { type: 'string' } } } };
  }
  return { $defs: { rule: { ...rule, properties: { ...rule.properties, ignore: { type: 'array', items: { type: 'string' } } } } }, type: 'object', properties };
}

test('keeps a large merged schema under 8x its JSON in compact JS', () => {
  const schema = rulesSchema(200);
  const js = compileSchema(schema, 'rules', { format: 'cbor', target: 'js', codeSize: 'compact' }).find((file) => file.fileName.endsWith('.js'))!.text;
  const ratio = js.length / JSON.stringify(schema).length;
  assert.ok(ratio <= 8, `compact module is ${ratio.toFixed(1)}x the schema`);
  const codec = compile(schema, 'compact');
  const value = { Rule3: { active: true, limit3: 2, ignore: ['x'] }, Rule199: { names199: ['a'], excludes: [] } };
  assert.equal(codec.decode(codec.encode(value)), value);
});

test(`auto keeps specialised code up to ${AUTO_COMPACT_PROPERTIES} declared properties and goes compact past them`, () => {
  const text = (schema: object) => compileSchema(schema, 'x', { format: 'cbor' })[0].text;
  assert.not.ok(text(rulesSchema(2)).includes('writeRecord('));
  assert.ok(text(rulesSchema(100)).includes('writeRecord('));
});

test('refuses an unknown codeSize with a SchemaError', () => {
  assert.throws(() => compileCodec({}, { format: 'cbor', codeSize: 'tiny' as CodeSize }), (error: Error) => error.name === 'SchemaError');
});

test.run();
