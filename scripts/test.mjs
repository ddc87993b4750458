#!/usr/bin/env node
// Runs every uvu test file of the workspace (TypeScript through tsx), then the runtime's test files
// a second time with `globalThis.Buffer` removed before anything loads (the paths browsers take),
// and ends with the line CI reads: `N passed, N failed` (`, N skipped` when a test was skipped,
// e.g. the browser test on a machine without Chromium).
// Usage: node scripts/test.mjs [path-regex]            that subset, with Buffer
//        node scripts/test.mjs --without-buffer [regex] that subset (default: the runtime's), without
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// uvu's exports map hides bin.js, so point at the installed file directly.
const uvu = fileURLToPath(new URL('node_modules/uvu/bin.js', new URL('..', import.meta.url)));
const withoutBuffer = fileURLToPath(new URL('without-buffer.mjs', import.meta.url));
const ALL = '(packages|cli|examples|bench)/.*/?test/.*\\.test\\.ts$';
const RUNTIME = 'packages/runtime/test/.*\\.test\\.ts$';
// The compiler's cross-checking suites (test/support/formats.ts), run again on the record tables:
// the default is specialised code, and `codeSize: 'small'` must pass them too (conformance runs
// both itself).
const CROSS_CHECKS = 'packages/compiler/test/(cbor-formats|check-keywords|compile-codec|contract|differential|differential-generators|dynamic-ref|format-default|fuzz|hostile|later-draft-keywords|unevaluated)\\.test\\.ts$';

/** The environment without colour switches, so the summary lines parse. */
function plainEnv() {
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return env;
}

/** One uvu process over the files matching `pattern`; resolves to its counts. */
function runPass(label, pattern, preloads, env = {}) {
  if (label !== '') console.log(`\n--- ${label}`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...preloads.flatMap((file) => ['--import', file]), '--stack-size=984', uvu, '.', pattern, '-i', 'node_modules', '-i', 'dist'],
    // BINSCHEMA_TEST_PASS tells a test which pass it is in (test/buffer-visibility.test.ts).
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...plainEnv(), ...env, BINSCHEMA_TEST_PASS: preloads.includes(withoutBuffer) ? 'without-buffer' : 'node' } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      // uvu's Total counts the tests that ran; skipped ones are listed apart.
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const failed = code === 0 ? total - passed : Math.max(1, total - passed);
      resolve({ passed, failed, skipped, ok: code === 0 && failed === 0 && total + skipped > 0 });
    });
  });
}

const args = process.argv.slice(2);
const passes = [];
if (args[0] === '--without-buffer') {
  passes.push(['', args[1] ?? RUNTIME, [withoutBuffer]]);
} else {
  passes.push(['', args[0] ?? ALL, []]);
  if (args[0] === undefined) {
    passes.push(['the runtime again, without globalThis.Buffer', RUNTIME, [withoutBuffer]]);
    passes.push(["the compiler's cross-checks again, with codeSize 'small'", CROSS_CHECKS, [], { BINSCHEMA_TEST_CODE_SIZE: 'small' }]);
  }
}

const sum = { passed: 0, failed: 0, skipped: 0, ok: true };
for (const [label, pattern, preloads, env] of passes) {
  const result = await runPass(label, pattern, preloads, env);
  sum.passed += result.passed;
  sum.failed += result.failed;
  sum.skipped += result.skipped;
  sum.ok &&= result.ok;
}
console.log(`\n${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`);
process.exit(sum.ok ? 0 : 1);
