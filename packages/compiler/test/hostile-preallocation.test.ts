// Issue 15 item 6 for generated decoders: arrays that each declare 65,535 elements (~70 KB) once
// preallocated 512 levels x 65,535 slots (over 256 MiB). The generated module runs in a child
// process with a 64 MiB heap, which dies of out-of-memory unless preallocation is bounded by the
// input across all open containers (runtime `preallocate`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSchema } from '../src/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const TREE_SCHEMA = { $defs: { tree: { type: 'array', items: { $ref: '#/$defs/tree' } } }, $ref: '#/$defs/tree' };

const hostile = suite('generated CBOR decoder on nested declared counts');

for (const codeSize of ['small', 'speed'] as const) hostile(`fails with a DecodeError within a 64 MiB heap (codeSize ${codeSize})`, () => {
  mkdirSync(join(repo, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(repo, '.tmp', 'hostile-'));
  try {
    for (const file of compileSchema(TREE_SCHEMA, 'tree', { format: 'cbor', target: 'js', codeSize })) writeFileSync(join(dir, file.fileName), file.text);
    const child = [
      "import { decode } from './tree.cbor.js';",
      // 0x99 0xffff (an array declaring 65,535 items, RFC 8949 §3.1) 23,000 times.
      'const bytes = new Uint8Array(69_000);',
      'for (let at = 0; at < bytes.length; at += 3) bytes.set([0x99, 0xff, 0xff], at);',
      'try { decode(bytes); console.log("ok"); } catch (error) { console.log(error.name, error.code); }',
    ].join('\n');
    writeFileSync(join(dir, 'child.mjs'), child);
    const output = execFileSync(process.execPath, ['--max-old-space-size=64', join(dir, 'child.mjs')], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    assert.is(output.trim(), 'DecodeError too-deep');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

hostile.run();
