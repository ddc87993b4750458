// Truncated and mutated input: generated decoders return a value or throw DecodeError, nothing
// else (no TypeError, RangeError, hang or prototype change). Deterministic seed, so failures replay.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isDecodeError } from '@binschema/runtime';
import { compileCodec } from '../src/index.js';
import { testDataPath } from '../../../test-data/index.js';

const payloads = testDataPath('payloads/');
const names = ['small-object', 'typical-object', 'large-object', 'numbers', 'tokens', 'short-strings', 'object-with-many-keys'];

/** xorshift32: a small deterministic generator. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

function decodesOrRefuses(decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array, label: string): void {
  try {
    decode(bytes);
  } catch (error) {
    assert.ok(isDecodeError(error), `${label}: ${String(error)}`);
  }
}

const test = suite('generated CBOR decoders on damaged input');

for (const name of names) {
  test(`${name}: every truncation and 2,000 mutations give a value or a DecodeError`, () => {
    const codec = compileCodec(JSON.parse(readFileSync(`${payloads}${name}.schema.json`, 'utf8')), { format: 'cbor' });
    const bytes = codec.encode(JSON.parse(readFileSync(`${payloads}${name}.json`, 'utf8'))).slice();
    for (let length = 0; length < bytes.length; length++) {
      const error = (() => {
        try {
          codec.decode(bytes.subarray(0, length));
          return undefined;
        } catch (caught) {
          return caught;
        }
      })();
      assert.ok(isDecodeError(error), `truncated to ${length}: ${String(error)}`);
    }
    const next = random(name.length * 7919);
    for (let round = 0; round < 2000; round++) {
      const mutated = bytes.slice();
      const edits = 1 + Math.floor(next() * 3);
      for (let edit = 0; edit < edits; edit++) mutated[Math.floor(next() * mutated.length)] = Math.floor(next() * 256);
      decodesOrRefuses(codec.decode, mutated, `round ${round}`);
    }
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  });
}

test.run();
