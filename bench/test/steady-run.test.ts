import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JSON_TYPE } from '../src/json-type-peer.js';
import { AHEAD_OF_TIME } from '../src/registry.js';
import type { Row } from '../src/summary.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'binschema-steady-test-'));

const Run = suite('a quick steady run');

Run('times each format in its own child process, one after another, and reports the new rows and the bars first', () => {
  const out = join(dir, 'quick');
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', MAIN, '--quick', '--payload', 'small-object', '--out', out], { encoding: 'utf8', maxBuffer: 1 << 24 });
  assert.is(run.status, 0, run.stderr);
  const report = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { processes: { run: number; format: string; pid: number }[]; cases: Row[]; bars: { issue: string }[] };
  // One child per format, none of them the parent.
  assert.equal(report.processes.map((child) => `${child.run} ${child.format}`), ['1 cbor', '1 ubjson', '1 msgpack']);
  const pids = report.processes.map((child) => child.pid);
  assert.is(new Set(pids).size, 3);
  assert.not.ok(pids.includes(run.pid!));
  const row = (format: string, direction: string, codec: string) => report.cases.find((item) => item.format === format && item.direction === direction && item.codec === codec);
  for (const format of ['cbor', 'ubjson', 'msgpack']) {
    for (const direction of ['encode', 'decode']) {
      const ours = row(format, direction, AHEAD_OF_TIME)!;
      assert.is(ours.status, 'ok', `${format} ${direction}`);
      // The figure is the fastest round; one quick round makes it the median too.
      assert.is(ours.nsPerOp, Math.min(...ours.rounds!));
      assert.is(ours.medianNs, ours.nsPerOp);
      const alternatives = report.cases.filter((item) => item.format === format && item.direction === direction && item.origin === 'alternative');
      assert.is(alternatives.length, format === 'cbor' ? 2 : 1);
      assert.ok(alternatives.every((item) => item.status === 'ok' && item.nsPerOp! > 0), `${format} ${direction} alternatives timed`);
      assert.is(row(format, direction, 'binschema generated (small)')?.status, 'ok');
    }
  }
  assert.is(row('cbor', 'encode', JSON_TYPE)?.status, 'ok');
  assert.is(row('cbor', 'decode', JSON_TYPE), undefined);
  // Six peer bars, two against the hand-written reference (n/a: typical-object is not in this run), six against the alternatives.
  assert.is(report.bars.filter((bar) => bar.issue === 'issue 37').length, 14);
  const markdown = readFileSync(`${out}.md`, 'utf8');
  assert.is(markdown.match(/^## .*/m)![0], '## Bars');
  assert.match(markdown, /## The user's alternative: a generic codec \+ ajv\n/);
  assert.match(markdown, /\| ajv validate \+ cbor-x encode \| ajv validate \+ json-pack encode \| ours \(ahead-of-time\) \| ours vs fastest alternative \|/);
});

Run.after(() => rmSync(dir, { recursive: true, force: true }));

Run.run();
