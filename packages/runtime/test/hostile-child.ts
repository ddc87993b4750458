// Runs one case of hostile-inputs.ts in this child process (started with a small heap by
// resource-limits.test.ts) and prints one JSON line: the hostile decode's error code ('ok' for a
// value) and the least time of three runs of the hostile decode and of the honest work.
import { CASES } from './hostile-inputs.js';

function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    outcome(run);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const testCase = CASES[process.argv[2]]();
const code = outcome(testCase.hostile);
console.log(JSON.stringify({ code, hostileMs: fastest(testCase.hostile), honestMs: fastest(testCase.honest) }));
