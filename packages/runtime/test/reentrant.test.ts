// An encode or decode that starts while another runs on the same shared writer or reader: a getter
// of the value that encodes again, an extension's decode hook that decodes again (embedded CBOR,
// tag 24, is the natural case). Each call must give what it gives alone; expected bytes are
// written by hand from RFC 8949 §3, the MessagePack spec and UBJSON Draft 12.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cbor from '../src/cbor/index.js';
import * as msgpack from '../src/msgpack/index.js';
import * as ubjson from '../src/ubjson/index.js';
import * as dagCbor from '../src/dag-cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { fromHex, toHex } from './cbor-fixtures.js';

/** `{ x: 'aaaaaaaaaa', a: <getter>, b: 'outer' }`: the getter encodes 'inner' with `encode` and returns the output's length (CBOR and MessagePack 6, UBJSON 8: `S i 5` and 5 bytes). */
function valueEncodingAgain(encode: (value: unknown) => Uint8Array, inner: Uint8Array[]): unknown {
  return {
    x: 'aaaaaaaaaa',
    get a() {
      const bytes = encode('inner');
      inner.push(bytes);
      return bytes.length;
    },
    b: 'outer',
  };
}

const A10 = '61'.repeat(10);
const encodes = suite('an encode started by a getter during another');

const cases = [
  // a3, "x" "aaaaaaaaaa", "a" 6, "b" "outer"; inner: "inner"
  ['cbor', cbor.encode, `a3 6178 6a${A10} 6161 06 6162 656f75746572`, '65696e6e6572'],
  ['cbor (an encoder instance)', (value: unknown) => instanceCbor.encode(value), `a3 6178 6a${A10} 6161 06 6162 656f75746572`, '65696e6e6572'],
  ['dag-cbor (keys sorted by length, then bytes)', dagCbor.encode, `a3 6161 06 6162 656f75746572 6178 6a${A10}`, '65696e6e6572'],
  ['msgpack', msgpack.encode, `83 a178 aa${A10} a161 06 a162 a56f75746572`, 'a5696e6e6572'],
  ['ubjson', ubjson.encode, `7b 690178 5369 0a${A10} 690161 6908 690162 536905 6f75746572 7d`, '5369 05 696e6e6572'],
] as const;
const instanceCbor = new cbor.CborEncoder();

for (const [name, encode, outer, inner] of cases) {
  encodes(`${name}: both outputs are whole`, () => {
    const inners: Uint8Array[] = [];
    // Twice: the second outer call starts where the first left the shared writer.
    for (let round = 0; round < 2; round++) {
      const bytes = encode(valueEncodingAgain(encode as (value: unknown) => Uint8Array, inners));
      assert.is(toHex(bytes), outer.replace(/ /g, ''), `${name} round ${round}`);
    }
    for (const bytes of inners) assert.is(toHex(bytes), inner.replace(/ /g, ''));
  });
}

encodes.run();

const decodes = suite('a decode started by an extension hook during another');

class Embedded {
  constructor(readonly value: unknown) {}
}

const cborEmbedded = { tag: 24, Class: Embedded, decode: (bytes: Uint8Array) => new Embedded(cbor.decode(bytes)) };
const msgpackEmbedded = { type: 5, Class: Embedded, decode: (bytes: Uint8Array) => new Embedded(msgpack.decode(bytes)) };

decodes('cbor: the outer decode reads on after the hook (tag 24 holding {"dee": [1, 2, 3]})', () => {
  // {"k": "before", "w": 24(h'a1 63646565 83010203'), "z": "after"}
  const bytes = fromHex('a3 616b 666265666f7265 6177 d818 49 a163646565 83010203 617a 656166746572'.replace(/ /g, ''));
  const value = cbor.decode(bytes, { extensions: [cborEmbedded] }) as Record<string, unknown>;
  assert.equal(value, { k: 'before', w: new Embedded({ dee: [1, 2, 3] }), z: 'after' });
});

decodes('msgpack: the outer decode reads on after the hook (ext 5 holding {"dee": [1, 2, 3]})', () => {
  // [{"k": "before"}, {"w": ext 5 (81 a3646565 93010203)}, {"z": "after"}]
  const bytes = fromHex('93 81a16b a6 6265666f7265 81a177 c70905 81a3646565 93010203 81a17a a56166746572'.replace(/ /g, ''));
  assert.equal(msgpack.decode(bytes, { extensions: [msgpackEmbedded] }), [{ k: 'before' }, { w: new Embedded({ dee: [1, 2, 3] }) }, { z: 'after' }]);
});

decodes('trailing bytes after an item whose hook decoded are still refused', () => {
  for (const [name, run, offset] of [
    ['cbor', () => cbor.decode(fromHex('d8184101ffffff'), { extensions: [cborEmbedded] }), 4],
    ['cbor in an array', () => cbor.decode(fromHex('81d81841011c1c'), { extensions: [cborEmbedded] }), 5],
    ['msgpack', () => msgpack.decode(fromHex('d40501c1c1'), { extensions: [msgpackEmbedded] }), 3],
  ] as const) {
    try {
      run();
      assert.unreachable(`${name}: decoded`);
    } catch (error) {
      assert.instance(error, DecodeError, name);
      assert.is((error as DecodeError).code, 'trailing-bytes', name);
      assert.is((error as DecodeError).offset, offset, name);
    }
  }
});

decodes('a hook that fails leaves the shared decoder usable', () => {
  const failing = { tag: 24, Class: Embedded, decode: (bytes: Uint8Array) => new Embedded(cbor.decode(bytes)) };
  assert.throws(() => cbor.decode(fromHex('d81841ff'), { extensions: [failing] }), (error: unknown) => error instanceof DecodeError);
  assert.equal(cbor.decode(fromHex('820102')), [1, 2]);
});

decodes.run();
