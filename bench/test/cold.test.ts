import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { coldCodecs, runCold, type ColdCodec } from '../src/cold.js';
import { parseColdOptions } from '../src/cold-main.js';
import { judgeColdBars, type ColdRow } from '../src/cold-markdown.js';
import { UsageError } from '../src/options.js';
import { AHEAD_OF_TIME, type CodecEntry } from '../src/registry.js';
import { copyBytes } from '../src/values.js';

const dir = mkdtempSync(join(tmpdir(), 'binschema-cold-test-'));

/** The markdown table row of `payload` under the heading `title`, split into cells. */
function tableRow(markdown: string, title: string, payload: string): string[] {
  const section = markdown.split(`## ${title}\n`)[1].split('\n## ')[0];
  const line = section.split('\n').find((text) => text.startsWith(`| ${payload} |`));
  assert.ok(line !== undefined, `${title} has a ${payload} row`);
  return line!.split('|').slice(2, -1).map((cell) => cell.trim());
}

const Cold = suite('cold mode');

Cold('a quick run times every codec of one payload in fresh processes and reports a number in every cell', async () => {
  const out = join(dir, 'quick');
  const report = await runCold({ payload: 'small-object', quick: true, processes: 3, out });
  assert.equal(report.payloads, ['small-object']);
  assert.is(report.settings.processes, 1, 'quick runs one process per cell');
  assert.equal(report.settings.counts, [1, 10, 100]);
  assert.equal(report.rows.filter((row) => row.status !== 'ok').map((row) => `${row.format} ${row.direction} ${row.codec}: ${row.reason}`), []);
  for (const row of report.rows) {
    assert.is(row.times!.length, 3);
    assert.ok(row.times!.every((time) => Number.isFinite(time) && time >= 0));
  }
  const markdown = readFileSync(`${out}.md`, 'utf8');
  assert.match(markdown, /^# binschema cold benchmark\n\nNode v\d+\.\d+\.\d+ · V8 \d/);
  for (const title of ['CBOR encode', 'CBOR decode', 'UBJSON encode', 'UBJSON decode', 'MSGPACK encode', 'MSGPACK decode']) {
    const cells = tableRow(markdown, title, 'small-object');
    // Ours and the peers and baselines of the format, first call and 100 calls each, then two
    // ratios. MessagePack: ours generated and generic, three peers and JSON.
    const codecs = title.startsWith('UBJSON') ? 4 : title.startsWith('CBOR') ? 5 : 6;
    assert.is(cells.length, codecs * 2 + 2);
    for (const cell of cells.slice(0, -2)) assert.match(cell, /^\d[\d,]*\.\d+$/);
    for (const cell of cells.slice(-2)) assert.match(cell, /^\d+\.\d\dx$/);
  }
  // The import before the first call: a time per codec, not counted in the call columns.
  for (const row of report.rows) assert.ok(Number.isFinite(row.importMs) && row.importMs! > 0, `${row.format} ${row.direction} ${row.codec} import`);
  for (const [title, codecs] of [['CBOR import', 5], ['UBJSON import', 4], ['MSGPACK import', 6]] as const) {
    const cells = tableRow(markdown, title, 'small-object');
    assert.is(cells.length, codecs);
    for (const cell of cells) assert.match(cell, /^\d[\d,]*\.\d+$/);
  }
  // Each format each way.
  assert.is(report.bars.length, 6);
  const json = JSON.parse(readFileSync(`${out}.json`, 'utf8'));
  assert.is(json.rows.length, report.rows.length);
});

/** A codec that passes in the parent (cbor-x) but whose child imports `file`. */
function brokenCodec(id: string, file: string): ColdCodec {
  const entry: CodecEntry = {
    id,
    label: id,
    names: { encode: id, decode: id },
    format: 'cbor',
    wire: 'cbor',
    origin: 'ours',
    notes: [],
    async load() {
      const { Encoder } = await import('cbor-x');
      const encoder = new Encoder({ useRecords: false });
      return () => ({ encode: (value) => encoder.encode(value), decode: (bytes) => encoder.decode(bytes), prepare: copyBytes });
    },
  };
  return { entry, child: () => ({ module: file }) };
}

Cold('a child whose codec gives a wrong result or throws is reported failing and posts no time', async () => {
  const wrong = join(dir, 'wrong.mjs');
  // Encodes everything as CBOR null; decodes everything to an empty array.
  writeFileSync(wrong, 'export const encode = () => new Uint8Array([0xf6]);\nexport const decode = () => [];\n');
  const throwing = join(dir, 'throwing.mjs');
  writeFileSync(throwing, 'export const encode = () => { throw new RangeError("no room"); };\nexport const decode = () => { throw new RangeError("bad byte"); };\n');
  const out = join(dir, 'broken');
  const peers = coldCodecs(['cbor']).filter((codec) => codec.entry.id === 'cbor-x');
  const report = await runCold({ payload: 'small-object', format: 'cbor', quick: true, processes: 1, out }, [...peers, brokenCodec('wrong', wrong), brokenCodec('throwing', throwing)]);
  for (const codec of ['wrong', 'throwing']) {
    for (const row of report.rows.filter((item) => item.codec === codec)) {
      assert.is(row.status, 'failing', `${codec} ${row.direction}`);
      assert.is(row.times, undefined);
      assert.equal(row.runs, []);
    }
  }
  const reasons = report.rows.filter((row) => row.status === 'failing').map((row) => `${row.codec} ${row.direction}: ${row.reason}`);
  assert.ok(reasons.some((reason) => /^wrong encode: .*differs at \//.test(reason)), reasons.join('\n'));
  assert.ok(reasons.some((reason) => /^wrong decode: .*differs at \//.test(reason)), reasons.join('\n'));
  assert.ok(reasons.some((reason) => /^throwing decode: .*RangeError: bad byte/.test(reason)), reasons.join('\n'));
  assert.ok(report.rows.filter((row) => row.codec === 'cbor-x').every((row) => row.status === 'ok'));
  const cells = tableRow(readFileSync(`${out}.md`, 'utf8'), 'CBOR encode', 'small-object');
  assert.equal(cells.slice(2, 6), ['failing', '', 'failing', '']);
});

const Bars = suite('cold bars');

/** Ours and cbor-x on CBOR encode: [first call, first N calls] in ms each, per payload. */
function rows(cases: Record<string, { ours: [number, number]; peer: [number, number] }>): ColdRow[] {
  return Object.entries(cases).flatMap(([payload, { ours, peer }]) => [
    { payload, format: 'cbor', direction: 'encode', codec: 'cbor-x', label: 'cbor-x', origin: 'peer', status: 'ok', runs: [peer], times: peer },
    { payload, format: 'cbor', direction: 'encode', codec: AHEAD_OF_TIME, label: 'ours', origin: 'ours', status: 'ok', runs: [ours], times: ours,
      ratios: [peer[0] / ours[0], peer[1] / ours[1]], fastestPeers: ['cbor-x', 'cbor-x'] },
  ] satisfies ColdRow[]);
}

Bars('is met at a 1.0x geomean with one payload slower than the peer, and a first call 2x the peer\'s', () => {
  // 100/101 and 100/99: geomean 1.00x; the first call 2.00 ms against 1.00: exactly 2x.
  const bar = judgeColdBars(rows({ a: { ours: [2, 101], peer: [1, 100] }, b: { ours: [1, 99], peer: [1, 100] } }), ['a', 'b'])[0];
  assert.is(bar.status, 'met', bar.detail);
  assert.match(bar.detail, /worst payload a 0\.99x/);
});

Bars('is met when a first call over 2x is within 1 ms of the peer\'s', () => {
  const bar = judgeColdBars(rows({ a: { ours: [1.9, 90], peer: [0.95, 100] } }), ['a'])[0];
  assert.is(bar.status, 'met', bar.detail);
});

Bars('is not met below a 1.0x geomean, or with a first call over 2x and 1 ms', () => {
  // 100/105 and 100/96: geomean 0.998x.
  const slow = judgeColdBars(rows({ a: { ours: [1, 105], peer: [1, 100] }, b: { ours: [1, 96], peer: [1, 100] } }), ['a', 'b'])[0];
  assert.is(slow.status, 'not met');
  assert.match(slow.detail, /geomean 1\.00x/);
  const first = judgeColdBars(rows({ a: { ours: [4.1, 50], peer: [2, 100] } }), ['a'])[0];
  assert.is(first.status, 'not met');
  assert.match(first.detail, /first call over 2x and 1 ms: a 4\.10 vs 2\.00 ms/);
});

Bars('is not met when a payload has no timing of ours', () => {
  const bar = judgeColdBars(rows({ a: { ours: [1, 50], peer: [1, 100] } }), ['a', 'b'])[0];
  assert.is(bar.status, 'not met');
  assert.match(bar.detail, /incomplete/);
});

const Options = suite('cold options');

Options('defaults to 3 processes and reads the filters', () => {
  assert.equal(parseColdOptions([]), { processes: 3, quick: false });
  assert.equal(parseColdOptions(['--quick', '--payload', 'tokens', '--format', 'ubjson', '--processes', '5']), { processes: 5, quick: true, payload: 'tokens', format: 'ubjson' });
  assert.throws(() => parseColdOptions(['--format', 'json']), (error: unknown) => error instanceof UsageError);
  assert.throws(() => parseColdOptions(['--processes', '0']), (error: unknown) => error instanceof UsageError);
  assert.throws(() => parseColdOptions(['--steady']), (error: unknown) => error instanceof UsageError);
});

Cold.after(() => rmSync(dir, { recursive: true, force: true }));

Cold.run();
Bars.run();
Options.run();
