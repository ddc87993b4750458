import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { ProgressBar, type ProgressStream } from '../src/convert/progress.js';
import { runConvert } from '../src/commands/convert.js';

/** A stand-in for a terminal on stderr: records what is written. */
function fakeTty(isTTY: boolean, columns = 80): ProgressStream & { written: string[] } {
  const written: string[] = [];
  return { isTTY, columns, written, write: (text: string) => written.push(text) };
}

/** A clock the test moves by hand (milliseconds). */
function clock(start: number): { now: () => number; at: (time: number) => void } {
  let time = start;
  return { now: () => time, at: (next) => (time = next) };
}

const progress = suite('convert progress bar');

progress('draws a bar, the percentage, bytes, rate and items on one line redrawn in place', () => {
  const tty = fakeTty(true, 80);
  const time = clock(1000);
  const bar = new ProgressBar(tty, 1000, time.now);
  time.at(3000);
  bar.update(500, 1234);
  // 500 of 1000 bytes after 2 s: 50%, 250 B/s; the text takes 42 columns, so the bar gets
  // 80 - 42 - 5 = 33 cells, half of them (16.5, rounded) filled.
  const text = ' 50%  500 B / 1000 B  250 B/s  1,234 items';
  assert.equal(tty.written, [`\r[${'#'.repeat(17)}${'-'.repeat(16)}]  ${text}\x1b[K`]);
});

progress('redraws at most every 100 ms', () => {
  const tty = fakeTty(true);
  const time = clock(0);
  const bar = new ProgressBar(tty, 10_000_000, time.now);
  time.at(1000);
  bar.update(1_000_000, 1);
  time.at(1050);
  bar.update(2_000_000, 2);
  assert.is(tty.written.length, 1);
  time.at(1100);
  bar.update(5_000_000, 3);
  assert.is(tty.written.length, 2);
  // 5 MB in 1.1 s: 4.5 MB/s; a 10-cell minimum bar is not needed at 80 columns.
  assert.match(tty.written[1], /^\r\[#+-+\]   50%  5\.0 MB \/ 10\.0 MB  4\.5 MB\/s  3 items\x1b\[K$/);
});

progress('shows no bar and no percentage when the total is unknown (stdin)', () => {
  const tty = fakeTty(true);
  const time = clock(0);
  const bar = new ProgressBar(tty, undefined, time.now);
  time.at(2000);
  bar.update(3_000_000, 10);
  assert.equal(tty.written, ['\r3.0 MB  1.5 MB/s  10 items\x1b[K']);
});

progress('erases the line when done, so the summary starts clean', () => {
  const tty = fakeTty(true);
  const time = clock(0);
  const bar = new ProgressBar(tty, 100, time.now);
  time.at(500);
  bar.update(100, 1);
  bar.done();
  assert.is(tty.written.at(-1), '\r\x1b[K');
});

progress('writes nothing when the stream is not a terminal', () => {
  const pipe = fakeTty(false);
  const time = clock(0);
  const bar = new ProgressBar(pipe, 100, time.now);
  time.at(500);
  bar.update(50, 1);
  bar.done();
  assert.equal(pipe.written, []);
});

progress.run();

const wiring = suite('convert draws its progress bar on a terminal stderr');

wiring('draws, erases, then prints the summary; nothing on a pipe', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-progress-'));
  const input = join(dir, 'in.ndjson');
  writeFileSync(input, '{"a":1}\n'.repeat(1000));
  const flags = { to: 'cbor-seq' as const, maxBytes: 1 << 20, progress: true };
  for (const isTTY of [true, false]) {
    const stderr = fakeTty(isTTY, 100);
    const stdout = new PassThrough();
    stdout.resume();
    assert.is(await runConvert(input, flags, { stdin: new PassThrough(), stdout, stderr }), 0);
    // {"a":1} is a1 61 61 01 in CBOR: 4 bytes for each 8-byte line.
    const summary = '1000 items, 8000 B in, 4000 B out,';
    if (isTTY) {
      // The first update draws at once: the whole 8000-byte file arrives in one chunk.
      assert.match(stderr.written[0] ?? '', /^\r\[#+\]  100%  8000 B \/ 8000 B  .* 0 items\x1b\[K$/);
      assert.is(stderr.written.at(-2), '\r\x1b[K');
    } else {
      assert.is(stderr.written.length, 1);
    }
    assert.ok(stderr.written.at(-1)?.startsWith(summary), stderr.written.at(-1));
  }
  rmSync(dir, { recursive: true });
});

wiring.run();
