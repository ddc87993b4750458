/**
 * A wall-clock bound for synchronous work: the compiler runs on the main thread and a hang there
 * would freeze the timers that could catch it. A worker thread (plain JS, no loader) watches a
 * shared clock; when one step runs past its bound it writes the step's label to stderr with a
 * blocking write (the main thread is stuck, so console output would never flush) and ends the
 * process with SIGTERM, which fails the run visibly instead of hanging CI.
 */
import { Worker } from 'node:worker_threads';

const LABEL_BYTES = 512;

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const clock = new Float64Array(workerData.shared, 0, 2);
const label = new Uint8Array(workerData.shared, 16, ${LABEL_BYTES});
setInterval(() => {
  const started = clock[0];
  if (started > 0 && Date.now() - started > clock[1]) {
    const text = Buffer.from(label).toString('utf8').replace(/\\0+$/, '');
    writeSync(2, '\\nwatchdog: "' + text + '" ran longer than ' + clock[1] + ' ms; ending the test process\\n');
    process.kill(process.pid, 'SIGTERM');
  }
}, 100);
parentPort.postMessage('ready');
`;

export class Watchdog {
  private readonly clock: Float64Array;
  private readonly label: Uint8Array;
  private readonly worker: Worker;

  constructor() {
    const shared = new SharedArrayBuffer(16 + LABEL_BYTES);
    this.clock = new Float64Array(shared, 0, 2);
    this.label = new Uint8Array(shared, 16, LABEL_BYTES);
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared } });
    this.worker.unref();
    this.ready = new Promise((resolve) => this.worker.once('message', () => resolve()));
  }

  /** Resolves once the watching thread runs (await it before the first bounded step). */
  readonly ready: Promise<void>;

  /** Runs `step` under a bound of `limitMs`; returns its result and how long it took. */
  run<T>(label: string, limitMs: number, step: () => T): { result: T; elapsedMs: number } {
    this.label.fill(0);
    this.label.set(Buffer.from(label.slice(0, 200), 'utf8').subarray(0, LABEL_BYTES));
    this.clock[1] = limitMs;
    const started = Date.now();
    this.clock[0] = started;
    try {
      return { result: step(), elapsedMs: Date.now() - started };
    } finally {
      this.clock[0] = 0;
    }
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}
