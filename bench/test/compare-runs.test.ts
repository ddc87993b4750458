import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareRuns } from '../src/compare-runs.js';
import type { Row } from '../src/summary.js';

/** A run of one payload: ours and one peer, with the rounds given and the medians reported from them. */
function run(ours: number[], peer: number[]) {
  const median = (rounds: number[]) => rounds.slice().sort((x, y) => x - y)[rounds.length >> 1];
  const row = (codec: string, origin: Row['origin'], rounds: number[]): Row => ({
    payload: 'p', format: 'cbor', direction: 'decode', codec, label: codec, origin, status: 'ok', rounds, nsPerOp: median(rounds),
    ratio: median(peer) / median(rounds),
  });
  return {
    machine: { node: 'v26', v8: '14', cpu: 'cpu', date: 'today', commit: 'abc' },
    settings: {},
    geometricMeans: [{ format: 'cbor' as const, direction: 'decode' as const, codec: 'ours', label: 'ours', origin: 'ours' as const, ratio: median(peer) / median(ours), worst: 0, payloads: 1 }],
    cases: [row('ours', 'ours', ours), row('peer', 'peer', peer)],
  };
}

const test = suite('compare-runs');

// Run A: ours mostly in a slow stretch (median 200), run B mostly fast (median 100); the peer steady.
const a = run([100, 200, 200], [150, 150, 150]);
const b = run([100, 100, 200], [150, 150, 150]);

test('by the reported medians, a run whose median fell in a slow stretch is 50% apart', () => {
  const ours = compareRuns(a, b).find((item) => item.key === 'p cbor decode ours')!;
  assert.is(ours.a, 0.75);
  assert.is(ours.b, 1.5);
  assert.is(ours.apart, 0.5);
});

test('by the fastest round (--statistic min), the same two runs agree', () => {
  const agreements = compareRuns(a, b, 'min');
  const ours = agreements.find((item) => item.key === 'p cbor decode ours')!;
  assert.is(ours.a, 1.5);
  assert.is(ours.b, 1.5);
  assert.is(ours.apart, 0);
  assert.is(agreements.find((item) => item.key === 'geomean cbor decode ours')!.a, 1.5);
});

test.run();
