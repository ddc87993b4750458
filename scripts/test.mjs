#!/usr/bin/env node
// Runs every uvu test file of the workspace in one go (TypeScript through tsx) and ends with the
// line CI reads: `N passed, N failed`. Usage: node scripts/test.mjs [path-regex]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// uvu's exports map hides bin.js, so point at the installed file directly.
const uvu = fileURLToPath(new URL('node_modules/uvu/bin.js', new URL('..', import.meta.url)));
const pattern = process.argv[2] ?? '(packages|cli|examples|bench)/.*/?test/.*\\.test\\.ts$';

/** The environment without colour switches, so the summary lines parse. */
function plainEnv() {
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return env;
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--stack-size=984', uvu, '.', pattern, '-i', 'node_modules', '-i', 'dist'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: plainEnv() },
);
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
child.on('close', (code) => {
  const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const failed = code === 0 ? total - passed - skipped : Math.max(1, total - passed - skipped);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(code === 0 && failed === 0 && total > 0 ? 0 : 1);
});
