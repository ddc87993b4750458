import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode, decode, checkWellFormed, skipItem, Tag, Simple } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual, seededRandom, toHex } from './cbor-fixtures.js';

// Seeded random values: round trips, every truncation, deterministic mode, byte mutations.
const random = suite('cbor seeded random values');
const SEED = 0xcb0e;
const next = seededRandom(SEED);
const view = new DataView(new ArrayBuffer(8));

function integer(limit: number): number {
  return Math.floor(next() * limit);
}

function pick<T>(items: readonly T[]): T {
  return items[integer(items.length)];
}

/** Text of random code points: ASCII, two- and three-byte BMP, and astral (surrogate pairs). */
function randomText(): string {
  const length = pick([0, 1, 5, 23, 24, 30, 47, 48, 49, 64, 65, 100, 255, 256, 300]);
  let text = '';
  while (text.length < length) {
    const kind = integer(8);
    let code: number;
    if (kind < 4) code = 0x20 + integer(0x5f);
    else if (kind === 4) code = 0x80 + integer(0x780);
    else if (kind === 5) code = 0x800 + integer(0xd000);
    else if (kind === 6) code = 0xe000 + integer(0x2000);
    else code = 0x10000 + integer(0x100000);
    text += String.fromCodePoint(code);
  }
  return text;
}

function randomNumber(): number {
  switch (integer(9)) {
    case 0:
      return integer(30);
      // falls through
    case 1:
      return -integer(2 ** 20);
    case 2:
      return pick([23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1, -(2 ** 53 - 1), -24, -25, -257]);
    case 3:
      return Math.floor((next() - 0.5) * 2 ** 53);
    case 4:
      return pick([-0, NaN, Infinity, -Infinity, 0.5, 1e300, -5e-324, 2 ** 53, 65504, 1.5]);
    case 5:
      return Math.fround((next() - 0.5) * 1000);
    default:
      view.setUint32(0, integer(2 ** 32));
      view.setUint32(4, integer(2 ** 32));
      return view.getFloat64(0);
  }
}

/** Only bigints that decode back as bigints: beyond ±(2^53-1) (documented mapping). */
function randomBigint(): bigint {
  const magnitude = BigInt(2 ** 53) + BigInt(integer(2 ** 30)) * BigInt(1 + integer(2 ** 30)) ** BigInt(1 + integer(4));
  return next() < 0.5 ? magnitude : -magnitude;
}

function randomBytes(): Uint8Array {
  const bytes = new Uint8Array(pick([0, 1, 23, 24, 100, 300]));
  for (let index = 0; index < bytes.length; index++) bytes[index] = integer(256);
  return bytes;
}

function randomValue(depth: number): unknown {
  const kind = integer(depth > 0 ? 16 : 11);
  switch (kind) {
    case 0:
    case 1:
      return randomText();
    case 2:
    case 3:
      return randomNumber();
    case 4:
      return randomBigint();
    case 5:
      return randomBytes();
    case 6:
      return pick([true, false, null, undefined]);
    case 7:
      return new Date(Math.floor((next() - 0.5) * 2 * 8.64e15));
    case 8:
      return new Simple(pick([0, 5, 16, 19, 32, 100, 255]));
    case 9:
      return new Date(integer(2 ** 31) * 1000);
    case 10:
      return randomText();
    case 11:
      return new Tag(pick([4, 23, 32, 1000, 55798, 2 ** 40, 2n ** 60n]), randomValue(depth - 1));
    case 12:
    case 13:
      return Array.from({ length: integer(6) }, () => randomValue(depth - 1));
    case 14:
      return randomObject(depth);
    default:
      return randomMap(depth);
  }
}

function randomObject(depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = integer(7);
  for (let index = 0; index < count; index++) {
    const key = pick(['a', 'id', '__proto__', 'constructor', '', 'key', randomText()]);
    Object.defineProperty(object, key, { value: randomValue(depth - 1), writable: true, enumerable: true, configurable: true });
  }
  return object;
}

/** A Map always has a non-text key, so it decodes back to a Map (text-only maps become objects). */
function randomMap(depth: number): Map<unknown, unknown> {
  const map = new Map<unknown, unknown>([[integer(1000), randomValue(depth - 1)]]);
  const count = integer(5);
  for (let index = 0; index < count; index++) {
    map.set(pick([randomText(), -integer(100), randomBigint(), 1.5, true, null]), randomValue(depth - 1));
  }
  return map;
}

const values = Array.from({ length: 3000 }, () => randomValue(4));

random('round-trips every value in the default, shortest-float and deterministic modes', () => {
  for (const [index, value] of values.entries()) {
    for (const options of [undefined, { float: 'shortest' as const }, { deterministic: true }]) {
      const back = decode(encode(value, options));
      if (!deepEqual(back, value, options?.deterministic !== true)) assert.unreachable(`value ${index} (seed ${SEED}) with ${JSON.stringify(options)}`);
    }
  }
});

random('fails with unexpected-end at the cut for every truncation of an encoding', () => {
  for (const [index, value] of values.entries()) {
    if (index % 4 !== 0) continue;
    const bytes = encode(value).slice();
    for (let cut = 0; cut < bytes.length; cut++) {
      for (const check of [decode, checkWellFormed]) {
        try {
          check(bytes.subarray(0, cut));
          assert.unreachable(`value ${index} cut at ${cut} was accepted`);
        } catch (error) {
          if (!(error instanceof DecodeError) || error.code !== 'unexpected-end' || error.offset !== cut) {
            assert.unreachable(`value ${index} cut at ${cut}: ${String(error)}`);
          }
        }
      }
    }
  }
});

/** Walks an encoding and checks that every map's keys are in strictly increasing byte order. */
function assertKeysSorted(bytes: Uint8Array, offset: number): number {
  const initial = bytes[offset];
  const major = initial >> 5;
  const info = initial & 0x1f;
  if (major !== 4 && major !== 5 && major !== 6) return skipItem(bytes, offset).end;
  let count = info;
  let pos = offset + 1;
  if (info >= 24) {
    const width = 1 << (info - 24);
    count = 0;
    for (let index = 0; index < width; index++) count = count * 256 + bytes[pos + index];
    pos += width;
  }
  if (major === 6) return assertKeysSorted(bytes, pos);
  let previous: Uint8Array | undefined;
  for (let index = 0; index < count; index++) {
    if (major === 5) {
      const keyEnd = assertKeysSorted(bytes, pos);
      const key = bytes.subarray(pos, keyEnd);
      if (previous !== undefined && Buffer.compare(previous, key) >= 0) assert.unreachable(`keys out of order at ${pos}`);
      previous = key;
      pos = keyEnd;
    }
    pos = assertKeysSorted(bytes, pos);
  }
  return pos;
}

random('deterministic output equals the re-encoding of its decode, with sorted map keys', () => {
  for (const [index, value] of values.entries()) {
    const bytes = encode(value, { deterministic: true }).slice();
    const again = encode(decode(bytes), { deterministic: true });
    if (toHex(bytes) !== toHex(again)) assert.unreachable(`value ${index} re-encodes differently`);
    assert.is(assertKeysSorted(bytes, 0), bytes.length);
  }
});

random('mutated encodings either decode or fail with a DecodeError, never another exception', () => {
  let rejected = 0;
  for (const [index, value] of values.entries()) {
    const bytes = encode(value).slice();
    for (let round = 0; round < 8; round++) {
      const mutated = bytes.slice();
      const flips = 1 + integer(3);
      for (let flip = 0; flip < flips; flip++) mutated[integer(mutated.length)] = integer(256);
      let decodeError: unknown;
      try {
        decode(mutated);
      } catch (error) {
        decodeError = error;
        if (!(error instanceof DecodeError)) assert.unreachable(`value ${index}: ${String(error)}`);
        rejected++;
      }
      // The validator agrees with the decoder on every input.
      try {
        checkWellFormed(mutated);
        if (decodeError !== undefined) assert.unreachable(`value ${index}: checkWellFormed accepted what decode rejected`);
      } catch (error) {
        if (!(error instanceof DecodeError)) assert.unreachable(`value ${index}: ${String(error)}`);
        assert.is((error as DecodeError).code, (decodeError as DecodeError).code);
        assert.is((error as DecodeError).offset, (decodeError as DecodeError).offset);
      }
    }
  }
  assert.ok(rejected > 1000, `${rejected} rejected`);
});

random.run();
