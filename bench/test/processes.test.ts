import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAll } from '../src/check.js';
import { parseOptions } from '../src/options.js';
import { loadPayloads } from '../src/payloads.js';
import { mergeChild, planChildren } from '../src/processes.js';
import { registry } from '../src/registry.js';

const small = loadPayloads('small-object');

const Split = suite('one process per format');

Split('the steady mode plans one child per format and run, one after another, each told its format and a seed of its run', () => {
  const plan = planChildren(['--payload', 'tokens', '--processes', '2'], 2, ['cbor', 'ubjson', 'msgpack'], 40);
  assert.equal(plan.map((child) => `${child.run} ${child.format}`), ['1 cbor', '1 ubjson', '1 msgpack', '2 cbor', '2 ubjson', '2 msgpack']);
  assert.equal(plan[1].args, ['--payload', 'tokens', '--format', 'ubjson', '--seed', '40']);
  const child = parseOptions(plan[4].args);
  assert.equal([child.format, child.seed, child.processes, child.payload], ['ubjson', 41, 1, 'tokens']);
  // The mixed mode's --processes: one child per run, every format in it.
  assert.equal(planChildren(['--mixed'], 2, undefined, 7).map((child) => [child.format, child.args]), [[undefined, ['--mixed', '--seed', '7']], [undefined, ['--mixed', '--seed', '8']]]);
});

Split('merges each child\'s rounds as one more process of its cases, and refuses rounds of another format', async () => {
  const result = await checkAll(small, registry().filter((entry) => entry.id === 'JSON'));
  const key = (format: string) => `small-object/${format}/encode/JSON`;
  const timings = new Map();
  mergeChild(result.cases, { run: 1, format: 'cbor' }, { timings: { [key('cbor')]: [5, 4] }, failed: {}, skipped: {} }, timings);
  mergeChild(result.cases, { run: 2, format: 'cbor' }, { timings: { [key('cbor')]: [3] }, failed: {}, skipped: {} }, timings);
  mergeChild(result.cases, { run: 1, format: 'ubjson' }, { timings: {}, failed: { [key('ubjson')]: 'threw while timed: RangeError' }, skipped: { 'msgpack/JSON': 'no module' } }, timings);
  const of = (format: string, direction = 'encode') => result.cases.find((item) => item.format === format && item.direction === direction)!;
  assert.equal(timings.get(of('cbor')), [[5, 4], [3]]);
  assert.is(of('ubjson').status, 'failing');
  assert.is(of('ubjson').reason, 'process 1 (ubjson): threw while timed: RangeError');
  // A skip in another format's child is not this child's business; in its own, the case fails with why.
  assert.is(of('msgpack').status, 'ok');
  mergeChild(result.cases, { run: 1, format: 'msgpack' }, { timings: {}, failed: {}, skipped: { 'msgpack/JSON': 'no module' } }, timings);
  assert.match(of('msgpack', 'decode').reason!, /process 1 \(msgpack\) could not load it: no module/);
  assert.throws(() => mergeChild(result.cases, { run: 1, format: 'cbor' }, { timings: { [key('ubjson')]: [1] }, failed: {}, skipped: {} }, timings), /the cbor process timed small-object\/ubjson/);
});

Split.run();
