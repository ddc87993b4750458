import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareRuns } from '../src/compare-runs.js';
import type { Row } from '../src/summary.js';

const median = (rounds: number[]) => rounds.slice().sort((x, y) => x - y)[rounds.length >> 1];

/**
 * A run of one payload: ours and one peer with the rounds given. `layout`: as the bench writes it
 * since issue 37 (`nsPerOp` the fastest round, `medianNs` beside it) or before (`nsPerOp` the median).
 */
function run(ours: number[], peer: number[], layout: 'fastest' | 'median' = 'fastest') {
  const row = (codec: string, origin: Row['origin'], rounds: number[]): Row => ({
    payload: 'p', format: 'cbor', direction: 'decode', codec, label: codec, origin, status: 'ok', rounds,
    ...(layout === 'fastest' ? { nsPerOp: Math.min(...rounds), medianNs: median(rounds) } : { nsPerOp: median(rounds) }),
  });
  return {
    machine: { node: 'v26', v8: '14', cpu: 'cpu', date: 'today', commit: 'abc' },
    settings: {},
    cases: [row('ours', 'ours', ours), row('peer', 'peer', peer)],
  };
}

const test = suite('compare-runs');

// Run A: ours mostly in a slow stretch (median 200), run B mostly fast (median 100); the peer steady.
const a = run([100, 200, 200], [150, 150, 150]);
const b = run([100, 100, 200], [150, 150, 150]);

test('by default scores each case from its fastest round, so the same two runs agree', () => {
  const agreements = compareRuns(a, b);
  const ours = agreements.find((item) => item.key === 'p cbor decode ours')!;
  assert.is(ours.a, 1.5);
  assert.is(ours.b, 1.5);
  assert.is(ours.apart, 0);
  assert.is(agreements.find((item) => item.key === 'geomean cbor decode ours')!.a, 1.5);
});

test('--statistic median: a run whose median fell in a slow stretch is 50% apart', () => {
  const ours = compareRuns(a, b, 'median').find((item) => item.key === 'p cbor decode ours')!;
  assert.is(ours.a, 0.75);
  assert.is(ours.b, 1.5);
  assert.is(ours.apart, 0.5);
});

test('reads runs written before issue 37, whose nsPerOp was the median, with either statistic', () => {
  const old = run([100, 200, 200], [150, 150, 150], 'median');
  assert.is(compareRuns(old, b, 'median').find((item) => item.key === 'p cbor decode ours')!.a, 0.75);
  assert.is(compareRuns(old, b).find((item) => item.key === 'p cbor decode ours')!.apart, 0);
});

test.run();
