import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (`pnpm build` first), run as a user runs it. */
export const CLI = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface Run {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Spawns `node <cli> ...args`, with `input` piped to stdin. */
export function runCli(args: string[], input?: Uint8Array | string, nodeArgs: string[] = [], cwd?: string): Run {
  const result = spawnSync(process.execPath, [...nodeArgs, CLI, ...args], { input, cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PAGER: 'cat' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString('utf8') };
}

export const bytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));
