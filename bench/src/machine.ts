/** What the numbers were measured on: printed at the top of every report. */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  v8: string;
  date: string;
  commit: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a git checkout (e.g. a tarball): leave it unknown.
  }
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform} ${process.arch}`,
    node: process.version,
    v8: process.versions.v8,
    date: new Date().toISOString(),
    commit,
  };
}
