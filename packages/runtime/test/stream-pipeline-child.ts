// Child process of streams.test.ts: pushes ~100 MB of CBOR (or UBJSON) through encoder → re-chunker
// → decoder and prints the item count, the byte count and the peak of heapUsed + arrayBuffers.
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CborDecoderStream, CborEncoderStream, UbjsonDecoderStream, UbjsonEncoderStream } from '../src/streams/node.js';

const format = process.argv[2] === 'ubjson' ? 'ubjson' : 'cbor';
const TARGET = 100 * 1024 * 1024;
const text = 'x'.repeat(900);
let bytes = 0;
let items = 0;
let peak = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peak = Math.max(peak, usage.heapUsed + usage.arrayBuffers);
};

function* values(): Generator<unknown> {
  for (let index = 0; bytes < TARGET; index++) yield { index, text, list: [index, -index, 1.5, true, null] };
}

/** Re-cuts the byte stream into chunks of an odd size, so items straddle chunk boundaries. */
const rechunk = new Transform({
  transform(chunk: Uint8Array, _encoding, callback) {
    bytes += chunk.length;
    for (let start = 0; start < chunk.length; start += 4093) this.push(chunk.subarray(start, start + 4093));
    callback();
  },
});

const count = new Writable({
  objectMode: true,
  write(value: { index: number }, _encoding, callback) {
    if (value.index !== items) return callback(new Error(`item ${items} came as ${value.index}`));
    items++;
    if (items % 5000 === 0) sample();
    callback();
  },
});

global.gc?.();
sample();
const start = performance.now();
if (format === 'cbor') await pipeline(Readable.from(values()), new CborEncoderStream(), rechunk, new CborDecoderStream(), count);
else await pipeline(Readable.from(values()), new UbjsonEncoderStream(), rechunk, new UbjsonDecoderStream(), count);
console.log(JSON.stringify({ items, bytes, peak, ms: Math.round(performance.now() - start) }));
