/**
 * Objects that only look like built-ins (a Date, Map, Set, RegExp, typed array or array
 * prototype without the internal slots) are class instances the generic encoders refuse with
 * `unsupported-value` at their JSON Pointer: `instanceof` passes them, and the built-in's own
 * methods then threw a TypeError (or an array prototype was written as an empty array).
 * Real instances keep their encodings.
 */
import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cbor from '../src/cbor/index.js';
import * as msgpack from '../src/msgpack/index.js';
import * as ubjson from '../src/ubjson/index.js';
import * as dagCbor from '../src/dag-cbor/index.js';
import { EncodeError } from '../src/errors.js';

const test = suite('generic encoders refuse fake built-ins');

type Encode = (value: unknown, options?: never) => Uint8Array;

const ENCODERS: [string, Encode, object?][] = [
  ['cbor', cbor.encode as Encode],
  ['cbor deterministic', cbor.encode as Encode, { deterministic: true }],
  ['cbor typedArrays', cbor.encode as Encode, { typedArrays: true }],
  ['cbor structuredClone', cbor.encode as Encode, { structuredClone: true }],
  ['msgpack', msgpack.encode as Encode],
  ['msgpack with an extension', msgpack.encode as Encode, { extensions: [{ type: 1, Class: class Unused {}, encode: () => new Uint8Array(0) }] }],
  ['ubjson', ubjson.encode as Encode],
  ['dag-cbor', dagCbor.encode as Encode],
];

/** The prototype of `real` on an object that has none of its internal slots. */
const fakeOf = (real: object): object => Object.create(Object.getPrototypeOf(real));

/** Fakes no encoder may take for the built-in they imitate. */
function fakes(): [string, object][] {
  const realDate = new Date(0);
  return [
    ['Object.create(Date.prototype)', fakeOf(realDate)],
    ['an object whose prototype is a real Date', Object.create(realDate)],
    ['Object.create(Map.prototype)', fakeOf(new Map())],
    ['Object.create(Set.prototype)', fakeOf(new Set())],
    ['Object.create(RegExp.prototype)', fakeOf(/x/)],
    ['Object.create(Array.prototype)', fakeOf([])],
    ['Object.create(Uint8Array.prototype)', fakeOf(new Uint8Array(1))],
    ['Object.create(Float32Array.prototype)', fakeOf(new Float32Array(1))],
    ['a DataView with the Uint8Array prototype', Object.setPrototypeOf(new DataView(new ArrayBuffer(2)), Uint8Array.prototype)],
    ['a DataView with the Float32Array prototype', Object.setPrototypeOf(new DataView(new ArrayBuffer(4)), Float32Array.prototype)],
    ['a Uint16Array with the Uint8Array prototype', Object.setPrototypeOf(new Uint16Array([258]), Uint8Array.prototype)],
  ];
}

function encodeError(encode: Encode, value: unknown, options?: object): EncodeError {
  try {
    encode(value, options as never);
  } catch (error) {
    if (error instanceof EncodeError) return error;
    throw new Error(`expected an EncodeError, got ${String(error)}`);
  }
  throw new Error('expected an EncodeError, got success');
}

test('refuses every fake with unsupported-value at its JSON Pointer, in every format and mode', () => {
  for (const [format, encode, options] of ENCODERS) {
    for (const [name, fake] of fakes()) {
      for (const [value, path] of [[fake, ''], [{ a: [fake] }, '/a/0'], [new Map([['k', fake]]), '/k']] as const) {
        // UBJSON has no Map, and DAG-CBOR refuses the Map itself (not in the IPLD data model).
        if ((format === 'ubjson' || format === 'dag-cbor') && value instanceof Map) continue;
        const error = encodeError(encode, value, options);
        assert.is(error.code, 'unsupported-value', `${format}: ${name} at ${path}`);
        assert.is(error.path, path, `${format}: ${name}`);
      }
    }
  }
});

test('refuses extension data that only looks like a Uint8Array (msgpack)', () => {
  const error = encodeError(msgpack.encode as Encode, [new msgpack.Ext(5, fakeOf(new Uint8Array(1)) as Uint8Array)]);
  assert.is(error.code, 'unsupported-value');
  assert.is(error.path, '/0');
});

test('refuses a tag 2 whose content only looks like a byte string (cbor)', () => {
  const error = encodeError(cbor.encode as Encode, { n: new cbor.Tag(2, fakeOf(new Uint8Array(1))) });
  assert.is(error.code, 'unsupported-value');
  assert.is(error.path, '/n');
});

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test('still writes real built-ins, subclasses and Buffers as before', () => {
  class Stamp extends Date {}
  class Bytes extends Uint8Array {}
  class Table extends Map<unknown, unknown> {}
  class List extends Array<unknown> {}
  const list = new List();
  list.push(1);
  const value = [new Date(1000), new Stamp(2000), new Uint8Array([1]), new Bytes([2]), Buffer.from([3]), new Map([[1, 2]]), new Table([[3, 4]]), list];
  // Written by hand: tag 1 with 1 and 2 (seconds), three byte strings, two maps, one array.
  assert.is(hex(cbor.encode(value)), '88' + 'c101' + 'c102' + '4101' + '4102' + '4103' + 'a10102' + 'a10304' + '8101');
  // Timestamp 32 (fixext4, type -1), three bin8, two fixmaps, one fixarray.
  assert.is(hex(msgpack.encode(value)), '98' + 'd6ff00000001' + 'd6ff00000002' + 'c40101' + 'c40102' + 'c40103' + '810102' + '810304' + '9101');
  // Three [$U#i1 byte arrays and an array [i1].
  assert.is(hex(ubjson.encode(value.slice(2, 5).concat([list]))), '5b' + '5b245523690101' + '5b245523690102' + '5b245523690103' + '5b69015d' + '5d');
  const clone = cbor.decode(cbor.encode({ set: new Set([1]), map: new Map([['k', 1]]), pattern: /a+/g, floats: new Float32Array([0.5]) }, { structuredClone: true }), { structuredClone: true }) as Record<string, unknown>;
  assert.equal(clone.set, new Set([1]));
  assert.equal(clone.map, new Map([['k', 1]]));
  assert.is(String(clone.pattern), '/a+/g');
  assert.equal(clone.floats, new Float32Array([0.5]));
});

test.run();
