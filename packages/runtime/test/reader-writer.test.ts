import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Reader } from '../src/reader.js';
import { Writer } from '../src/writer.js';
import { writeBytes } from '../src/generated-support.js';
import { DecodeError, isDecodeError } from '../src/errors.js';

const io = suite('Reader and Writer');

function throwsAt(run: () => unknown, code: string, offset: number): DecodeError {
  try {
    run();
  } catch (error) {
    assert.ok(isDecodeError(error), String(error));
    assert.is((error as DecodeError).code, code);
    assert.is((error as DecodeError).offset, offset);
    return error as DecodeError;
  }
  assert.unreachable('expected a DecodeError');
  throw new Error('unreachable');
}

io('reads big-endian numbers that a DataView wrote', () => {
  const view = new DataView(new ArrayBuffer(35));
  view.setUint8(0, 0xab);
  view.setUint16(1, 0x1234);
  view.setUint32(3, 0xdeadbeef);
  view.setBigUint64(7, BigInt(2 ** 53 - 1));
  view.setFloat32(15, 1.5);
  view.setFloat64(19, -0.1);
  view.setBigInt64(27, -5n);
  const reader = new Reader('cbor', new Uint8Array(view.buffer));
  assert.is(reader.u8(), 0xab);
  assert.is(reader.u16(), 0x1234);
  assert.is(reader.u32(), 0xdeadbeef);
  assert.is(reader.u64(), 2 ** 53 - 1);
  assert.is(reader.f32(), 1.5);
  assert.is(reader.f64(), -0.1);
  assert.is(reader.i64(), -5);
  assert.is(reader.remaining, 0);
});

io('writes u8, f64 and copied bytes (short by loop, long by set) big-endian, across growth', () => {
  const writer = new Writer(64);
  writer.u8(0xab);
  writer.f64(-0.1);
  const short = Uint8Array.of(7, 8, 9);
  const block = Uint8Array.from({ length: 100 }, (_, index) => index);
  writeBytes(writer, short);
  writeBytes(writer, block);
  const bytes = writer.finish();
  const expected = new DataView(new ArrayBuffer(112));
  expected.setUint8(0, 0xab);
  expected.setFloat64(1, -0.1);
  new Uint8Array(expected.buffer).set(short, 9);
  new Uint8Array(expected.buffer).set(block, 12);
  assert.equal(Array.from(bytes), Array.from(new Uint8Array(expected.buffer)));
});

io('returns 64-bit values beyond 2^53 as bigint', () => {
  const view = new DataView(new ArrayBuffer(16));
  view.setBigUint64(0, 2n ** 64n - 1n);
  view.setBigInt64(8, -(2n ** 63n));
  const reader = new Reader('cbor', new Uint8Array(view.buffer));
  assert.is(reader.u64(), 2n ** 64n - 1n);
  assert.is(reader.i64(), -(2n ** 63n));
});

io('never overwrites an output it has returned, across growth and reuse', () => {
  const writer = new Writer(64);
  const outputs: Uint8Array[] = [];
  for (let round = 0; round < 200; round++) {
    for (let index = 0; index <= round % 37; index++) writer.u8(round & 0xff);
    outputs.push(writer.finish());
  }
  outputs.forEach((out, round) => {
    assert.is(out.length, (round % 37) + 1);
    assert.ok(out.every((byte) => byte === (round & 0xff)), `output ${round} changed`);
  });
});

io('reset drops the output in progress', () => {
  const writer = new Writer(64);
  writer.u8(1);
  writer.reset();
  writer.u8(2);
  assert.equal(Array.from(writer.finish()), [2]);
});

io('throws unexpected-end at the input length for every read past the end', () => {
  const bytes = Uint8Array.from([1, 2, 3]);
  const reads: ((reader: Reader) => unknown)[] = [
    (r) => r.u32(), (r) => r.f64(), (r) => r.u64(), (r) => r.i64(), (r) => r.bytes(4), (r) => r.utf8(9), (r) => r.f32(), (r) => r.i32(),
  ];
  for (const read of reads) throwsAt(() => read(new Reader('cbor', bytes)), 'unexpected-end', 3);
  const reader = new Reader('ubjson', bytes);
  reader.u16();
  reader.u8();
  throwsAt(() => reader.u8(), 'unexpected-end', 3);
  throwsAt(() => reader.peek(), 'unexpected-end', 3);
});

io('reads a subarray input with its own offsets', () => {
  const backing = Uint8Array.from([9, 9, 0x12, 0x34, 9]);
  const reader = new Reader('cbor', backing.subarray(2, 4));
  assert.is(reader.u16(), 0x1234);
  throwsAt(() => reader.u8(), 'unexpected-end', 2);
});

io('reads numbers at unaligned offsets of a subarray like a DataView does, across resets', () => {
  const reader = new Reader('cbor');
  for (let round = 0; round < 50; round++) {
    const backing = Uint8Array.from({ length: 40 }, (_, index) => (index * 73 + round * 31) & 0xff);
    const start = 1 + (round % 7);
    const bytes = backing.subarray(start, start + 30);
    const view = new DataView(backing.buffer, start, 30);
    reader.reset(bytes);
    assert.is(reader.view.byteOffset, start);
    for (let pos = 0; pos + 8 <= 30; pos += 3) {
      reader.pos = pos;
      assert.ok(Object.is(reader.f64(), view.getFloat64(pos)));
      reader.pos = pos;
      assert.ok(Object.is(reader.f32(), view.getFloat32(pos)));
      reader.pos = pos;
      assert.is(reader.u32(), view.getUint32(pos));
      reader.pos = pos;
      assert.is(reader.i32(), view.getInt32(pos));
      reader.pos = pos;
      const wide = view.getBigUint64(pos);
      assert.is(reader.u64(), wide <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(wide) : wide);
    }
  }
});

io('reports invalid UTF-8 at the first byte of the string', () => {
  const reader = new Reader('cbor', Uint8Array.from([0x61, 0xff, 0x61]));
  reader.u8();
  throwsAt(() => reader.utf8(2), 'invalid-utf8', 1);
});


io('expectEnd names what is left after the item, at the first byte left', () => {
  const cases: Array<['cbor' | 'ubjson', number[], number, string]> = [
    ['cbor', [0x00, 0x00], 1, '1 byte after the item'],
    ['ubjson', [0x5a, 0x5a, 0x5a], 1, '2 bytes after the value'],
  ];
  for (const [format, bytes, pos, detail] of cases) {
    const reader = new Reader(format, Uint8Array.from(bytes));
    reader.pos = pos;
    const error = throwsAt(() => reader.expectEnd(), 'trailing-bytes', pos);
    assert.is(error.detail, detail);
    reader.pos = bytes.length;
    reader.expectEnd();
  }
});

io.run();
