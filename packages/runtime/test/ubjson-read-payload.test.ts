// readPayload: the generic decoder's dispatch for generated decoders, with the marker already
// consumed and the payload-free budget carried across calls of one decode.
import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Reader, isDecodeError } from '../src/index.js';
import { DEFAULT_MAX_COUNT, DEFAULT_MAX_DEPTH, decode, readPayload } from '../src/ubjson/index.js';

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'hex'));

function readerAt(bytes: Uint8Array, pos: number): Reader {
  const reader = new Reader('ubjson');
  reader.reset(bytes);
  reader.pos = pos;
  return reader;
}

function codeAndOffset(run: () => unknown): [string, number] {
  try {
    run();
  } catch (error) {
    assert.ok(isDecodeError(error), String(error));
    return [error.code, error.offset];
  }
  throw new Error('expected a DecodeError');
}

const test = suite('ubjson readPayload');

const cases: { what: string; bytes: string }[] = [
  { what: 'an int16', bytes: '49 012c' },
  { what: 'a string', bytes: '53 69 02 6869' },
  { what: 'a typed array', bytes: '5b 24 69 23 69 02 01 02' },
  { what: 'an object with a no-op before a key', bytes: '7b 4e 69 01 61 5a 7d' },
  { what: 'a high-precision integer', bytes: '48 69 02 3432' },
];

for (const { what, bytes } of cases) {
  test(`reads ${what} after its marker as decode reads the whole value`, () => {
    const input = hex(bytes);
    const reader = readerAt(input, 1);
    const budget = { left: DEFAULT_MAX_COUNT };
    assert.equal(readPayload(reader, input[0], 0, budget), decode(input));
    assert.is(reader.pos, input.length);
  });
}

test('reads a payload whose type a typed container fixes (no marker in the input)', () => {
  const reader = readerAt(hex('012c'), 0);
  assert.is(readPayload(reader, 0x49, 0, { left: DEFAULT_MAX_COUNT }), 300);
});

test('draws payload-free typed elements from one budget across calls', () => {
  // [$Z# with 600,000 elements, twice: each alone is within DEFAULT_MAX_COUNT, both together are not.
  const input = hex('5b 24 5a 23 6c 000927c0');
  const budget = { left: DEFAULT_MAX_COUNT };
  assert.is((readPayload(readerAt(input, 1), 0x5b, 0, budget) as unknown[]).length, 600_000);
  assert.is(budget.left, DEFAULT_MAX_COUNT - 600_000);
  assert.equal(codeAndOffset(() => readPayload(readerAt(input, 1), 0x5b, 0, budget)), ['length-limit', 4]);
});

test('counts nesting from the depth given, as the generic decoder from the top', () => {
  const input = hex('5b 5b 5d 5d');
  assert.equal(readPayload(readerAt(input, 1), 0x5b, DEFAULT_MAX_DEPTH - 2, { left: DEFAULT_MAX_COUNT }), [[]]);
  assert.equal(codeAndOffset(() => readPayload(readerAt(input, 1), 0x5b, DEFAULT_MAX_DEPTH - 1, { left: DEFAULT_MAX_COUNT }))[0], 'too-deep');
});

test('refuses a no-op where a value is required', () => {
  assert.equal(codeAndOffset(() => readPayload(readerAt(hex('4e'), 1), 0x4e, 0, { left: DEFAULT_MAX_COUNT })), ['not-well-formed', 0]);
});

test.run();
