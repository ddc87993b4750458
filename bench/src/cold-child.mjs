#!/usr/bin/env node
/**
 * One cell of the cold bench (`cold.ts`), in a fresh process run by plain `node` (no loader: users
 * run none). It imports one codec, times the first call alone and the first 10, 100, … calls
 * together (cumulative from the first call; every input made with the clock stopped), writes the
 * last result for the parent to check, and prints one JSON line: `{"times":[ms, …],"importMs":ms}`.
 *
 * Usage: node cold-child.mjs '<spec as JSON>' with the spec
 *   { format, direction: 'encode' | 'decode', codec: '<id>' | { module: '<file>' },
 *     payload: '<payload .json>', input?: '<bytes to decode>', counts: [1, 10, 100, 1000], result: '<file>' }
 * `codec` is a registry id, called as `peer-calls.mjs` says (the registry calls peers through it
 * too), or a module exporting `encode` and `decode` (ours: a `binschema compile --target js`
 * module). The result file gets the last encoder output's bytes, or the last decoded value
 * through `v8.serialize`. Importing `peer-calls.mjs` imports no codec: each loader imports its own,
 * and `importMs` is how long that took (the codec's modules loaded and evaluated; not in `times`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { serialize } from 'node:v8';
import { loadPeerCalls } from './peer-calls.mjs';

async function loadCodec(format, codec) {
  if (typeof codec === 'object') {
    const module = await import(pathToFileURL(codec.module).href);
    if (typeof module.encode !== 'function' || typeof module.decode !== 'function') throw new TypeError(`${codec.module} exports no encode/decode`);
    return { encode: module.encode, decode: module.decode };
  }
  return loadPeerCalls(format, codec);
}

/** A deep copy of JSON data, as `values.ts` cloneJson: a fresh input per call, nothing to memoise on identity. */
function cloneJson(value) {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = cloneJson(value[index]);
    return copy;
  }
  const copy = {};
  for (const key of Object.keys(value)) copy[key] = cloneJson(value[key]);
  return copy;
}

/** A copy of the bytes in its own ArrayBuffer, as `values.ts` copyBytes. */
function copyBytes(bytes) {
  const copy = new Uint8Array(new ArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

function asBytes(output) {
  if (output instanceof Uint8Array) return output;
  if (output instanceof ArrayBuffer) return new Uint8Array(output);
  throw new TypeError(`encoder returned ${Object.prototype.toString.call(output)}, not bytes`);
}

/**
 * Inputs are made in chunks of `CHUNK` just before they are used, with the clock stopped: all
 * 1,000 copies of a large payload made up front stay alive through the timed calls (~250 MB for
 * combined), and the collector's marking of them took up to 3.6x the time of the calls themselves
 * (cbor-x, combined, Node 26: 2,424 ms for 1,000 encodes against 1,131 ms in chunks of 10).
 */
const CHUNK = 10;

async function main(spec) {
  const importStart = process.hrtime.bigint();
  const codec = await loadCodec(spec.format, spec.codec);
  const importMs = Number(process.hrtime.bigint() - importStart) / 1e6;
  let makeInput;
  if (spec.direction === 'encode') {
    const value = JSON.parse(readFileSync(spec.payload, 'utf8'));
    makeInput = () => cloneJson(value);
  } else {
    const bytes = new Uint8Array(readFileSync(spec.input));
    const prepare = codec.prepare ?? copyBytes;
    makeInput = () => prepare(bytes);
  }
  const run = spec.direction === 'encode' ? codec.encode : codec.decode;
  const times = [];
  let elapsed = 0n;
  let done = 0;
  let last;
  for (const count of spec.counts) {
    while (done < count) {
      const size = Math.min(CHUNK, count - done);
      const inputs = new Array(size);
      for (let index = 0; index < size; index++) inputs[index] = makeInput();
      const start = process.hrtime.bigint();
      for (let index = 0; index < size; index++) last = run(inputs[index]);
      elapsed += process.hrtime.bigint() - start;
      done += size;
    }
    times.push(Number(elapsed) / 1e6);
  }
  writeFileSync(spec.result, spec.direction === 'encode' ? asBytes(last) : serialize(last));
  return { times, importMs };
}

try {
  process.stdout.write(`${JSON.stringify(await main(JSON.parse(process.argv[2])))}\n`);
} catch (error) {
  const text = error instanceof Error ? `${error.name}${typeof error.code === 'string' ? ` [${error.code}]` : ''}: ${error.message.split('\n')[0]}` : String(error);
  process.stdout.write(`${JSON.stringify({ error: text })}\n`);
  process.exitCode = 1;
}
