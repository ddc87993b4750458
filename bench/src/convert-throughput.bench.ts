/**
 * `binschema convert` throughput, NDJSON → CBOR sequence, in MB of NDJSON per second of one core:
 *
 *   binschema convert           the CLI's pipeline (cli/dist/convert/pipeline.js): line splitting,
 *                               JSON.parse, the generic CborEncoder, 64 KiB batched output
 *   binschema convert --schema  the same through the schema's generated encoder (compileCodec)
 *   JSON.parse + cbor-x         the same line splitting and batching around JSON.parse and
 *                               cbor-x `Encoder({ useRecords: false })`: the pipeline people write today
 *
 * All three run in this process on the same 64 KiB chunks of one NDJSON text held in memory (no
 * disk), into a sink that drops the bytes. Each output is checked first: cbor-x's
 * `decodeMultiple` must give back every record. Then rounds alternate the three in rotating order;
 * the report gives, per pipeline, the median and range over rounds of input MB per wall second and
 * per CPU second (user + system, `process.cpuUsage`), which is "per core" for this single-threaded
 * work and less disturbed by other load on the machine.
 *
 * Run: `pnpm build && node --expose-gc --import tsx bench/src/convert-throughput.bench.ts [--quick]`.
 * Writes bench/results/convert-throughput.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { Encoder, decodeMultiple } from 'cbor-x';
import { compileCodec } from '@binschema/compiler';
import { describeMachine } from './machine.js';

const quick = process.argv.includes('--quick');
const RECORDS = quick ? 5_000 : 100_000;
const ROUNDS = quick ? 1 : 9;
const CHUNK = 64 * 1024;

const schema = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 0 },
    name: { type: 'string' },
    email: { type: 'string' },
    active: { type: 'boolean' },
    score: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city', 'zip'], additionalProperties: false },
  },
  required: ['id', 'name', 'email', 'active', 'score', 'tags', 'address'],
  additionalProperties: false,
};

function record(index: number) {
  return {
    id: index * 7919,
    name: `user number ${index}`,
    email: `user${index}@example.com`,
    active: index % 3 !== 0,
    score: (index % 1000) / 8,
    tags: ['alpha', 'beta', 'gamma'].slice(0, (index % 3) + 1),
    address: { city: ['Lisbon', 'Zürich', 'Osaka'][index % 3], zip: String(10000 + (index % 90000)) },
  };
}

const records = Array.from({ length: RECORDS }, (_, index) => record(index));
const ndjson = Buffer.from(records.map((value) => `${JSON.stringify(value)}\n`).join(''));
const chunks: Buffer[] = [];
for (let offset = 0; offset < ndjson.length; offset += CHUNK) chunks.push(ndjson.subarray(offset, offset + CHUNK));

type Pipeline = () => Promise<Buffer[]>;

/** A sink that keeps what it is given only when asked to (for the check). */
function sink(keep: Buffer[] | undefined): Writable {
  return new Writable({ write: (data: Buffer, _encoding, done) => (keep?.push(data), done()) });
}

async function* input(): AsyncGenerator<Buffer> {
  yield* chunks;
}

const { convert } = (await import(new URL('../../cli/dist/convert/pipeline.js', import.meta.url).href)) as typeof import('../../cli/src/convert/pipeline.js');
const { BatchedOutput } = (await import(new URL('../../cli/dist/convert/output.js', import.meta.url).href)) as typeof import('../../cli/src/convert/output.js');
const generated = compileCodec(schema, { format: 'cbor' });

function binschema(withSchema: boolean, keep?: Buffer[]): Promise<unknown> {
  const options = { from: 'ndjson' as const, to: 'cbor-seq' as const, maxBytes: 1 << 20, encodeItem: withSchema ? generated.encode : undefined };
  return convert(input(), new BatchedOutput(sink(keep)), options);
}

/** JSON.parse + cbor-x with the same framing: split at line breaks, batch 64 KiB writes. */
async function jsonParseCborX(keep?: Buffer[]): Promise<void> {
  const encoder = new Encoder({ useRecords: false });
  const out = sink(keep);
  let rest = '';
  let batch: Uint8Array[] = [];
  let pending = 0;
  for await (const chunk of input()) {
    const text = rest + chunk.toString('utf8');
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') continue;
      const bytes = encoder.encode(JSON.parse(line));
      batch.push(bytes);
      pending += bytes.length;
      if (pending >= CHUNK) {
        out.write(Buffer.concat(batch, pending));
        batch = [];
        pending = 0;
      }
    }
  }
  out.write(Buffer.concat(batch, pending));
}

const pipelines: Record<string, (keep?: Buffer[]) => Promise<unknown>> = {
  'binschema convert': (keep) => binschema(false, keep),
  'binschema convert --schema': (keep) => binschema(true, keep),
  'JSON.parse + cbor-x': (keep) => jsonParseCborX(keep),
};

// Check before timing: every pipeline's output decodes (by cbor-x) to the records.
for (const [name, run] of Object.entries(pipelines)) {
  const kept: Buffer[] = [];
  await run(kept);
  const decoded = decodeMultiple(Buffer.concat(kept)) as unknown[];
  if (!isDeepStrictEqual(decoded, records)) throw new Error(`${name}: output does not decode to the input records`);
}

const wall: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
const names = Object.keys(pipelines);
for (let round = 0; round < ROUNDS; round++) {
  for (let step = 0; step < names.length; step++) {
    const name = names[(round + step) % names.length];
    globalThis.gc?.();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await pipelines[name]();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpuBefore);
    (wall[name] ??= []).push(ndjson.length / 1e6 / seconds);
    (cpu[name] ??= []).push(ndjson.length / 1e6 / ((used.user + used.system) / 1e6));
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const figure = (values: number[]): string => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
const peer = 'JSON.parse + cbor-x';
const machine = describeMachine();
const machineLine = `${machine.cpu}, ${machine.cores} cores, ${machine.platform}, Node ${machine.node}, ${machine.date}, commit ${machine.commit}.`;
const lines = [
  '# convert throughput: NDJSON → CBOR sequence',
  '',
  `${RECORDS.toLocaleString('en-US')} records, ${(ndjson.length / 1e6).toFixed(1)} MB of NDJSON in ${CHUNK / 1024} KiB chunks, ${ROUNDS} rounds, median (min–max). ${machineLine}`,
  '',
  '| pipeline | MB/s (wall) | MB per CPU-second | vs JSON.parse + cbor-x (CPU) |',
  '| --- | --- | --- | --- |',
  ...names.map((name) => `| ${name} | ${figure(wall[name])} | ${figure(cpu[name])} | ${(median(cpu[name]) / median(cpu[peer])).toFixed(2)}× |`),
  '',
];
console.log(lines.join('\n'));
if (!quick) {
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/convert-throughput.md', import.meta.url), lines.join('\n'));
}
