// The main job: encode and decode each example document with its generated codec, check the
// result, and print the sizes next to JSON and the generic codec. Run: pnpm start (at the root).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import * as cbor from '@binschema/runtime/cbor';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import * as fileTree from '../generated/file-tree.cbor.js';
import * as telemetry from '../generated/telemetry-event.cbor.js';
import * as priceBook from '../generated/price-book.cbor.js';

interface Codec {
  encode(value: never): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

const examples: { name: string; codec: Codec }[] = [
  { name: 'file-tree', codec: fileTree },
  { name: 'telemetry-event', codec: telemetry },
  { name: 'price-book', codec: priceBook },
];

function readDocument(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8'));
}

function roundTrip(name: string, codec: Codec): void {
  const document = readDocument(name);
  const jsonBytes = Buffer.byteLength(JSON.stringify(document));
  const generated = codec.encode(document as never);
  const decoded = codec.decode(generated);
  const genericBytes = cbor.encode(document);
  const fromGeneric = codec.decode(genericBytes);
  const ok = isDeepStrictEqual(decoded, document) && isDeepStrictEqual(fromGeneric, document) && isDeepStrictEqual(cbor.decode(generated), document);
  console.log(
    `${name.padEnd(16)} JSON ${String(jsonBytes).padStart(6)} B   CBOR (generated) ${String(generated.length).padStart(6)} B` +
      `   CBOR (generic) ${String(genericBytes.length).padStart(6)} B   round-trip ${ok ? 'ok' : 'MISMATCH'}`,
  );
  if (!ok) process.exitCode = 1;
}

function showErrors(): void {
  const batch = readDocument('telemetry-event') as { events: { x?: number }[] };
  const bytes = telemetry.encode(batch as never);
  try {
    telemetry.decode(bytes.subarray(0, bytes.length - 3));
  } catch (error) {
    if (!isDecodeError(error)) throw error;
    console.log(`truncated input  → ${error.message}`);
  }
  const invalid = structuredClone(batch);
  const click = invalid.events.find((event) => event.x !== undefined);
  if (click) click.x = -1;
  try {
    telemetry.encode(invalid as never);
  } catch (error) {
    if (!isEncodeError(error)) throw error;
    console.log(`invalid value    → ${error.message}`);
  }
}

console.log('binschema examples: generated CBOR codecs\n');
for (const { name, codec } of examples) roundTrip(name, codec);
console.log('');
showErrors();
