// A generated encode that starts while another writes on the runtime's shared writer: a getter of
// the value encodes again (with the same module's encode, another definition's, or the generic
// encoder). Each output must be whole: the outer one what it is for the plain value, the inner one
// what it is alone. Expected bytes are written by hand from RFC 8949 §3, the MessagePack spec and
// UBJSON Draft 12.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec } from '../src/index.js';

const test = suite('an encode started by a getter during a generated encode');

const schema = {
  type: 'object',
  properties: { x: { type: 'string' }, b: { $ref: '#/$defs/Word' } },
  required: ['x', 'b'],
  // `a` undeclared: read while the object is being written (declared properties first).
  additionalProperties: { type: 'integer' },
  $defs: { Word: { type: 'string' } },
};

const A10 = '61'.repeat(10);
// { x: 'aaaaaaaaaa', b: 'outer', a: <length of the inner output> }, and the inner output: 'inner'.
const EXPECTED = {
  cbor: { outer: `a3 6178 6a${A10} 6162 656f75746572 6161 06`, inner: '65 696e6e6572' },
  msgpack: { outer: `83 a178 aa${A10} a162 a56f75746572 a161 06`, inner: 'a5 696e6e6572' },
  ubjson: { outer: `7b 690178 5369 0a${A10} 690162 536905 6f75746572 690161 6908 7d`, inner: '536905 696e6e6572' },
} as const;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

for (const format of ['cbor', 'msgpack', 'ubjson'] as const) {
  for (const codeSize of ['speed', 'small'] as const) {
    test(`${format}, ${codeSize}: the outer and the inner output are whole`, () => {
      const codec = compileCodec(schema, { format, codeSize });
      const inners: Uint8Array[] = [];
      const value = {
        x: 'aaaaaaaaaa',
        b: 'outer',
        get a() {
          const bytes = codec.definitions.Word.encode('inner');
          inners.push(bytes);
          return bytes.length;
        },
      };
      // Twice: the second call starts where the first left the shared writer.
      for (let round = 0; round < 2; round++) assert.is(hex(codec.encode(value)), EXPECTED[format].outer.replace(/ /g, ''), `round ${round}`);
      assert.ok(inners.length >= 2);
      for (const bytes of inners) assert.is(hex(bytes), EXPECTED[format].inner.replace(/ /g, ''));
      // A getter whose encode fails leaves the outer call to fail alone, and the writer usable.
      const failing = { x: 'y', b: 'z', get a() { return codec.definitions.Word.encode(5 as unknown as string).length; } };
      assert.throws(() => codec.encode(failing));
      assert.is(hex(codec.definitions.Word.encode('inner')), EXPECTED[format].inner.replace(/ /g, ''));
    });
  }
}

test.run();
