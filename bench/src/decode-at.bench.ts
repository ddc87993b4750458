/**
 * `decodeAt` (decode only the item at a JSON Pointer) against a full `decode` of
 * very-large-object, in CBOR and UBJSON, for a pointer near the start and one at the end of the
 * document (the worst case: every entry before it is skipped). Results are checked before timing.
 * Run: `pnpm build && node --expose-gc --import tsx bench/src/decode-at.bench.ts`.
 *
 * Two runs on the shared 2-core machine (2026-11-24, medians): CBOR decode 197-200 µs, decodeAt
 * first entry 1.8-1.9 µs, last entry 92 µs (2.2x faster than decode: skipping builds nothing);
 * UBJSON decode 226-238 µs, first entry 2.8 µs, last entry 208-245 µs (no faster: UBJSON has no
 * container lengths, so skipping a value is reading it).
 */
import { bench, do_not_optimize, run, summary } from 'mitata';
import * as assert from 'node:assert/strict';
import * as cbor from '@binschema/runtime/cbor';
import * as ubjson from '@binschema/runtime/ubjson';
import { loadPayloads } from './payloads.js';

const [payload] = loadPayloads('very-large-object');
const document = payload.value as { json: Record<string, { instance: unknown }> };
const keys = Object.keys(document.json);
const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const POINTERS = {
  first: `/json/${escape(keys[0])}/instance`,
  last: `/json/${escape(keys[keys.length - 1])}/instance`,
};
const FORMATS = {
  cbor: { encode: cbor.encode, decode: cbor.decode, decodeAt: cbor.decodeAt },
  ubjson: { encode: ubjson.encode, decode: ubjson.decode, decodeAt: ubjson.decodeAt },
};

for (const [format, codec] of Object.entries(FORMATS)) {
  const bytes = codec.encode(payload.value).slice();
  const full = codec.decode(bytes) as typeof document;
  for (const [where, pointer] of Object.entries(POINTERS)) {
    const key = where === 'first' ? keys[0] : keys[keys.length - 1];
    assert.deepEqual(codec.decodeAt(bytes, pointer), full.json[key].instance, `${format} ${where}`);
  }
  summary(() => {
    bench(`${format} decode (whole, ${bytes.length} bytes)`, () => do_not_optimize(codec.decode(bytes)));
    for (const [where, pointer] of Object.entries(POINTERS)) {
      bench(`${format} decodeAt ${where} entry`, () => do_not_optimize(codec.decodeAt(bytes, pointer)));
    }
  });
}

await run();
