// Generated decoders read a record whose head announces every declared property straight-line,
// keys in write order (emit/specialised/object-reader.ts `straightPath`), and hand over to the entry loop at the
// first other key. These inputs walk that hand-over at every place; the generic decoder plus ajv
// judge what is valid, and error offsets are computed here from the bytes laid out by the test.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { encode as cborEncode, decode as cborDecode } from '@binschema/runtime/cbor';
import { encode as ubjsonEncode, decode as ubjsonDecode } from '@binschema/runtime/ubjson';
import { compileCodec, compileSchema } from '../src/index.js';
import { decodeErrorOf } from './support/verdicts.js';

const record = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
};
const validate = new Ajv2020({ strict: false }).compile(record);

type Entry = [key: string, value: unknown];

/** How a test lays out a map in one format: entries encoded one by one, offsets known. */
interface Layout {
  format: 'cbor' | 'ubjson';
  generic(bytes: Uint8Array): unknown;
  /** The map's head for `count` entries (undefined: indefinite/uncounted) and its end. */
  head(count: number | undefined): { start: number[]; end: number[] };
  key(text: string): number[];
  value(value: unknown): number[];
  /** Bytes between entries that mean nothing, if the format has them. */
  noop?: number[];
}

const cbor: Layout = {
  format: 'cbor',
  generic: (bytes) => cborDecode(bytes),
  head: (count) => (count === undefined ? { start: [0xbf], end: [0xff] } : { start: [0xa0 + count], end: [] }),
  key: (text) => [...cborEncode(text)],
  value: (value) => [...cborEncode(value)],
};

const ubjson: Layout = {
  format: 'ubjson',
  generic: (bytes) => ubjsonDecode(bytes),
  // container-types.html#object: `{` entries `}`, or `{#i<n>` entries.
  head: (count) => (count === undefined ? { start: [0x7b], end: [0x7d] } : { start: [0x7b, 0x23, 0x69, count], end: [] }),
  // A key is a string without its `S` marker.
  key: (text) => [...ubjsonEncode(text)].slice(1),
  value: (value) => [...ubjsonEncode(value)],
  noop: [0x4e],
};

/** The map's bytes and where each entry's key and value start. */
function layOut(layout: Layout, entries: (Entry | 'noop')[], count: number | undefined): { bytes: Uint8Array; keyAt: number[]; valueAt: number[] } {
  const { start, end } = layout.head(count);
  const bytes = [...start];
  const keyAt: number[] = [];
  const valueAt: number[] = [];
  for (const entry of entries) {
    if (entry === 'noop') {
      bytes.push(...layout.noop!);
      continue;
    }
    keyAt.push(bytes.length);
    bytes.push(...layout.key(entry[0]));
    valueAt.push(bytes.length);
    bytes.push(...layout.value(entry[1]));
  }
  bytes.push(...end);
  return { bytes: Uint8Array.from(bytes), keyAt, valueAt };
}

/** What the judges say: the generic decoder's value if it decodes and ajv accepts it, else undefined. */
function judged(layout: Layout, bytes: Uint8Array): unknown {
  const value = layout.generic(bytes);
  return validate(value) ? value : undefined;
}

for (const [layout, codeSize] of [cbor, ubjson].flatMap((layout) => (['small', 'speed'] as const).map((codeSize) => [layout, codeSize] as const))) {
  const codec = compileCodec(record, { format: layout.format, codeSize });
  const test = suite(`generated ${layout.format.toUpperCase()} decoder (codeSize ${codeSize}) on records read straight-line`);
  const entryCount = (entries: (Entry | 'noop')[]) => entries.filter((entry) => entry !== 'noop').length;

  /** A valid input: the generated decoder gives what the generic one gives, and ajv accepts it. */
  const agrees = (entries: (Entry | 'noop')[], counted: boolean) => {
    const { bytes } = layOut(layout, entries, counted ? entryCount(entries) : undefined);
    const expected = judged(layout, bytes);
    assert.ok(expected !== undefined, 'the judges accept this input');
    assert.equal(codec.decode(bytes), expected);
  };

  if (codeSize === 'speed') test('reads each property in one place, keys matched through a key table', () => {
    const text = compileSchema(record, 'record', { format: layout.format, codeSize })[0].text;
    // Issue 24: one entry loop reads each value once (the straight line that read them all again is gone).
    assert.not.match(text, /straight: if \(/);
    // Keys go through the table alone: no byte comparisons spelled out per key.
    assert.match(text, /let field = matchKey\(reader, KEYS_\w+, expected\);/);
    assert.not.match(text, /uint8\[at \+ 1\] ===/);
  });

  test('decodes every property in schema order', () => {
    agrees([['id', 7], ['name', 'ann'], ['tag', 'x']], true);
  });

  test('decodes every property in another order', () => {
    agrees([['tag', 'x'], ['id', 7], ['name', 'ann']], true);
    agrees([['id', 7], ['tag', 'x'], ['name', 'ann']], true);
  });

  test('decodes a record without its optional property', () => {
    agrees([['id', 7], ['name', 'ann']], true);
  });

  test('keeps the last value of a key repeated where the next declared key was expected', () => {
    agrees([['id', 1], ['id', 2], ['name', 'ann']], true);
  });

  test('keeps the last value of keys repeated after every declared one (count above the declared)', () => {
    agrees([['id', 1], ['name', 'ann'], ['tag', 'x'], ['tag', 'y']], true);
  });

  test('decodes a map without a count in schema order and with a repeated key after the declared ones', () => {
    agrees([['id', 7], ['name', 'ann'], ['tag', 'x']], false);
    agrees([['id', 7], ['name', 'ann'], ['tag', 'x'], ['id', 8]], false);
  });

  test('rejects an undeclared key among as many entries as declared properties at its offset', () => {
    for (const position of [0, 1, 2]) {
      const entries: Entry[] = [['id', 7], ['name', 'ann'], ['tag', 'x']];
      entries[position] = ['other', 1];
      const { bytes, keyAt } = layOut(layout, entries, 3);
      assert.is(judged(layout, bytes), undefined);
      const error = decodeErrorOf(() => codec.decode(bytes));
      assert.is(error.code, 'schema-violation');
      assert.is(error.offset, keyAt[position]);
    }
  });

  test('rejects a missing required property at the map start, with a repeat filling the count', () => {
    const { bytes } = layOut(layout, [['id', 7], ['tag', 'x'], ['tag', 'y']], 3);
    assert.is(judged(layout, bytes), undefined);
    const error = decodeErrorOf(() => codec.decode(bytes));
    assert.is(error.code, 'schema-violation');
    assert.is(error.offset, 0);
  });

  test('rejects a missing required property at the map start when the count is below the declared', () => {
    const { bytes } = layOut(layout, [['id', 7]], 1);
    assert.is(judged(layout, bytes), undefined);
    const error = decodeErrorOf(() => codec.decode(bytes));
    assert.is(error.code, 'schema-violation');
    assert.is(error.offset, 0);
  });

  test('rejects a value of the wrong type at its offset on the straight line', () => {
    const { bytes, valueAt } = layOut(layout, [['id', 7], ['name', 5], ['tag', 'x']], 3);
    assert.is(judged(layout, bytes), undefined);
    const error = decodeErrorOf(() => codec.decode(bytes));
    assert.is(error.code, 'unexpected-type');
    assert.is(error.offset, valueAt[1]);
  });

  test('rejects every truncation of an in-order record after its head as the generic decoder does', () => {
    const { bytes } = layOut(layout, [['id', 7], ['name', 'ann'], ['tag', 'x']], 3);
    // Cuts that leave the head's own check (a count needing more bytes than are left: at least 2
    // a CBOR entry, 3 a UBJSON one) satisfied: that check comes before the straight line.
    for (let length = layout.head(3).start.length + 3 * 3; length < bytes.length; length++) {
      const cut = bytes.subarray(0, length);
      const generic = decodeErrorOf(() => layout.generic(cut));
      const error = decodeErrorOf(() => codec.decode(cut));
      assert.is(error.code, generic.code, `cut at ${length}`);
      assert.is(error.offset, generic.offset, `cut at ${length}`);
    }
  });

  test('keeps a declared __proto__ an own property', () => {
    // JSON.parse: a literal `__proto__:` in an object literal would set the prototype instead.
    const schema: unknown = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"boolean"}}},"id":{"type":"integer"}},"required":["__proto__","id"],"additionalProperties":false}',
    );
    const protoCodec = compileCodec(schema, { format: layout.format, codeSize });
    const { bytes } = layOut(layout, [['__proto__', { polluted: true }], ['id', 1]], 2);
    const value = protoCodec.decode(bytes) as Record<string, unknown>;
    assert.is(Object.getPrototypeOf(value), Object.prototype);
    assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
    assert.is((value as { polluted?: unknown }).polluted, undefined);
    assert.equal(value, layout.generic(bytes));
  });

  test('keeps the loop alone for a record with more properties than the straight line takes', () => {
    const properties = Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`p${index}`, { type: 'integer' }]));
    const wide = { type: 'object', properties, additionalProperties: false };
    assert.not.match(compileSchema(wide, 'wide', { format: layout.format, codeSize })[0].text, /straight: if \(/);
    const entries = Array.from({ length: 17 }, (_, index): Entry => [`p${index}`, index]);
    const { bytes } = layOut(layout, entries, 17);
    assert.equal(compileCodec(wide, { format: layout.format, codeSize }).decode(bytes), layout.generic(bytes));
  });

  if (layout.format === 'cbor') {
    test('decodes an indefinite-length map through the loop', () => {
      agrees([['id', 7], ['name', 'ann'], ['tag', 'x']], false);
      agrees([['name', 'ann'], ['id', 7]], false);
    });
  } else {
    test('decodes a counted object with no-ops between entries', () => {
      agrees([['id', 7], 'noop', ['name', 'ann'], ['tag', 'x']], true);
      agrees([['id', 7], ['name', 'ann'], ['tag', 'x'], 'noop'], false);
    });

    test('rejects an uncounted object whose entries run past the end of the input', () => {
      const { bytes } = layOut(layout, [['id', 7], ['name', 'ann'], ['tag', 'x']], undefined);
      const cut = bytes.subarray(0, bytes.length - 1);
      const generic = decodeErrorOf(() => layout.generic(cut));
      const error = decodeErrorOf(() => codec.decode(cut));
      assert.is(error.code, generic.code);
      assert.is(error.offset, generic.offset);
    });
  }

  test.run();
}
