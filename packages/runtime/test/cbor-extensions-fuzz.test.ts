// Mutated and truncated structured-clone and extension input: every outcome is a value or a
// DecodeError, never another exception (issue 15: bad input gets a typed error and nothing else).
import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode, decode, setExtension, urlExtension, embeddedCborExtension, decimalExtension, bigfloatExtension, Decimal, EmbeddedCbor } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { fromHex, seededRandom } from './cbor-fixtures.js';

const OPTIONS = {
  structuredClone: true,
  typedArrays: true,
  extensions: [urlExtension, embeddedCborExtension, decimalExtension, bigfloatExtension],
};

function seedValue(): unknown {
  const shared = { s: [1, 2] };
  const root: Record<string, unknown> = {
    shared,
    again: shared,
    map: new Map<unknown, unknown>([[1, shared], ['b', new Set([shared])]]),
    pattern: /x+/u,
    error: new SyntaxError('e'),
    floats: new Float32Array([1.5, -2]),
    big: new BigInt64Array([-3n]),
    url: new URL('https://example.com/a'),
    decimal: new Decimal(12345n, -3),
    embedded: new EmbeddedCbor(fromHex('a1616101')),
    date: new Date(0),
  };
  root.self = root;
  return root;
}

const fuzz = suite('structured clone and extensions on mutated input');

fuzz('every mutation decodes to a value or a DecodeError', () => {
  const bytes = encode(seedValue(), { structuredClone: true, typedArrays: true, extensions: [urlExtension, embeddedCborExtension, decimalExtension, setExtension] });
  decode(bytes, OPTIONS);
  const next = seededRandom(15);
  let errors = 0;
  for (let round = 0; round < 20_000; round++) {
    const mutated = bytes.slice(0, next() < 0.2 ? Math.floor(next() * bytes.length) : bytes.length);
    const changes = 1 + Math.floor(next() * 3);
    for (let change = 0; change < changes && mutated.length > 0; change++) {
      const at = Math.floor(next() * mutated.length);
      // Small values hit tag numbers, counts and reference ids; any byte elsewhere.
      mutated[at] = next() < 0.5 ? Math.floor(next() * 256) : mutated[at] ^ (1 << Math.floor(next() * 8));
    }
    try {
      decode(mutated, OPTIONS);
    } catch (error) {
      if (!(error instanceof DecodeError)) {
        assert.unreachable(`round ${round}: ${String(error)} on ${Buffer.from(mutated).toString('hex')}`);
      }
      errors++;
    }
  }
  assert.ok(errors > 1000);
});

fuzz.run();
