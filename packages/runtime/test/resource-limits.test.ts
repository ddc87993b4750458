// Issue 15 item 6: hostile inputs that cost far more than their size. Each runs in a child
// process with a 64 MiB heap (the heap bound: the child dies of out-of-memory otherwise) and must
// take at most 10x the honest cost of the same size of input (hostile-inputs.ts).
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';

const child = fileURLToPath(new URL('./hostile-child.ts', import.meta.url));
const HEAP_MIB = 64;
const TIME_FACTOR = 10;
/** Below this the timer and the engine's warm-up dominate: the bound never goes lower. */
const FLOOR_MS = 20;

interface Outcome {
  code: string;
  hostileMs: number;
  honestMs: number;
}

function runChild(name: string): Outcome {
  const output = execFileSync(process.execPath, [`--max-old-space-size=${HEAP_MIB}`, '--stack-size=984', '--import', 'tsx', child, name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Outcome;
}

function withinBounds(name: string, expectedCode: string): Outcome {
  let outcome: Outcome;
  try {
    outcome = runChild(name);
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    return assert.unreachable(`${name}: the child failed (heap over ${HEAP_MIB} MiB or a crash): ${stderr.slice(0, 300)}`);
  }
  assert.is(outcome.code, expectedCode);
  const bound = Math.max(FLOOR_MS, TIME_FACTOR * outcome.honestMs);
  assert.ok(outcome.hostileMs <= bound, `${name}: ${outcome.hostileMs.toFixed(1)} ms, bound ${bound.toFixed(1)} ms (honest ${outcome.honestMs.toFixed(1)} ms)`);
  return outcome;
}

const nested = suite('preallocation bounded by the input across all open containers');

nested('CBOR arrays that each declare 65,535 elements stay within the heap at the default depth', () => {
  withinBounds('cbor-nested-counts', 'too-deep');
});

nested('CBOR arrays that each declare 65,535 elements stay within the heap at a raised depth', () => {
  withinBounds('cbor-nested-counts-deep', 'too-deep');
});

nested('UBJSON counted arrays that each declare 32,767 elements stay within the heap', () => {
  withinBounds('ubjson-nested-counts', 'too-deep');
});

nested.run();

const numbers = suite('long numbers in linear time');

numbers('a 1 MiB CBOR bignum decodes in linear time', () => {
  withinBounds('cbor-bignum', 'ok');
});

numbers('a UBJSON H value of 1 Mi digits decodes in linear time', () => {
  withinBounds('ubjson-high-precision', 'ok');
});

numbers.run();

const msgpack = suite('hostile MessagePack');
/** Issue 25: each hostile MessagePack input fails within 200 ms (and the child's heap bound, below 256 MiB). */
const MSGPACK_MS = 200;

// [case, code]: the DecodeError each case ends in (hostile-inputs.ts says what the bytes are).
const MSGPACK_CASES: [string, string, string][] = [
  ['msgpack-nested-counts', 'too-deep', 'array16 heads that each declare 65,535 elements, nested'],
  ['msgpack-nested-fixarrays', 'too-deep', '100,000 nested fixarrays'],
  ['msgpack-array32-head', 'unexpected-end', 'an array32 head of 2^32-1 elements in 6 bytes'],
  ['msgpack-map32-head', 'unexpected-end', 'a map32 head of 2^32-1 entries in 6 bytes'],
  ['msgpack-str32-head', 'unexpected-end', 'a str32 head of 2^32-1 bytes in 6 bytes'],
  ['msgpack-bin32-head', 'unexpected-end', 'a bin32 head of 2^32-1 bytes in 6 bytes'],
  ['msgpack-reserved-byte', 'not-well-formed', 'the reserved byte 0xc1'],
  ['msgpack-trailing-byte', 'trailing-bytes', 'a trailing byte'],
];

for (const [name, code, what] of MSGPACK_CASES) {
  msgpack(`${what} is ${code} within ${MSGPACK_MS} ms and the heap bound`, () => {
    const outcome = withinBounds(name, code);
    assert.ok(outcome.hostileMs <= MSGPACK_MS, `${name}: ${outcome.hostileMs.toFixed(1)} ms`);
  });
}

msgpack.run();

const limit = suite('maxBignumBytes');

function failure(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('expected a DecodeError, got success');
}

/** Tag 2 (or 3) at offset `at` around a byte string of `length` bytes 0xff. */
function bignumBytes(length: number, tag = 0xc2, prefix: number[] = []): Uint8Array {
  const head = length < 24 ? [0x40 | length] : length < 256 ? [0x58, length] : length < 65536 ? [0x59, length >> 8, length & 0xff] : [0x5a, 0, length >> 16, (length >> 8) & 0xff, length & 0xff];
  const bytes = new Uint8Array(prefix.length + 1 + head.length + length).fill(0xff);
  bytes.set([...prefix, tag, ...head]);
  return bytes;
}

limit('allows 65,536 bytes by default and refuses one more with length-limit at the tag', () => {
  assert.is(decode(bignumBytes(65_536)), 2n ** (8n * 65_536n) - 1n);
  const error = failure(() => decode(bignumBytes(65_537, 0xc3, [0x81])));
  assert.is(error.code, 'length-limit');
  assert.is(error.offset, 1);
});

limit('is configurable', () => {
  assert.is(decode(bignumBytes(9), { maxBignumBytes: 9 }), 2n ** 72n - 1n);
  assert.is(failure(() => decode(bignumBytes(10), { maxBignumBytes: 9 })).code, 'length-limit');
});

limit('converts every length exactly (against Node hex parsing)', () => {
  let seed = 7;
  for (const length of [0, 1, 7, 8, 9, 63, 64, 65, 100, 1000, 4097]) {
    const bytes = bignumBytes(length);
    for (let index = bytes.length - length; index < bytes.length; index++) bytes[index] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const magnitude = bytes.subarray(bytes.length - length);
    const expected = length === 0 ? 0n : BigInt(`0x${Buffer.from(magnitude).toString('hex')}`);
    assert.is(decode(bytes), expected, `length ${length}`);
  }
});

limit.run();
