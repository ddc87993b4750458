/** A stream the progress bar draws on: a TTY (or a test's stand-in for one). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** Redraws at most this often, so drawing costs nothing next to converting. */
const REDRAW_MS = 100;

/**
 * One line on stderr, redrawn in place (`\r`, then erase to the end of line, ECMA-48 EL):
 *
 *   [##########----------]  50%  5.0 MB / 10.0 MB  2.5 MB/s  1,234 items
 *
 * With an unknown total (stdin) there is no bar and no percentage. Drawn only on a TTY; `done`
 * erases it so the summary line that follows starts clean.
 */
export class ProgressBar {
  private lastDraw = -Infinity;
  private drawn = false;
  private readonly start: number;

  constructor(
    private readonly stream: ProgressStream,
    private readonly totalBytes: number | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.start = now();
  }

  /** Records progress; redraws when `REDRAW_MS` have passed since the last drawing. */
  update(bytesIn: number, items: number): void {
    if (this.stream.isTTY !== true) return;
    const time = this.now();
    if (time - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = time;
    this.drawn = true;
    this.stream.write(`\r${this.render(bytesIn, items, time)}\x1b[K`);
  }

  /** Erases the bar. */
  done(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }

  render(bytesIn: number, items: number, time: number): string {
    const seconds = Math.max(time - this.start, 1) / 1000;
    const rate = `${megabytes(bytesIn / seconds)}/s`;
    const count = `${items.toLocaleString('en-US')} items`;
    if (this.totalBytes === undefined || this.totalBytes === 0) return `${megabytes(bytesIn)}  ${rate}  ${count}`;
    const fraction = Math.min(1, bytesIn / this.totalBytes);
    const text = `${String(Math.floor(fraction * 100)).padStart(3)}%  ${megabytes(bytesIn)} / ${megabytes(this.totalBytes)}  ${rate}  ${count}`;
    // The bar takes what the terminal width leaves, between 10 and 40 cells.
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - text.length - 5));
    const filled = Math.round(fraction * width);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]  ${text}`;
  }
}

/** `12.3 MB` (10^6 bytes, as MB/s figures usually are); below 1 MB, `532 B`. */
export function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${Math.round(bytes)} B` : `${(bytes / 1e6).toFixed(1)} MB`;
}
