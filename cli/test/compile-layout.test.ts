// `binschema compile --layout`: the flag reaches the compiler in both formats, and its refusals are schema errors (exit 2).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCompile, ExitCode } from '../src/commands/compile.js';
import { runCli } from './run-cli.js';

const layout = suite('binschema compile --layout');

const shapeSchema = {
  oneOf: [
    { type: 'object', properties: { type: { const: 'circle' }, r: { type: 'integer' } }, required: ['type', 'r'], additionalProperties: false },
    { type: 'object', properties: { type: { const: 'square' }, side: { type: 'integer' } }, required: ['type', 'side'], additionalProperties: false },
  ],
};

function workspace(): { dir: string; schema: string } {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-layout-'));
  const schema = join(dir, 'shape.schema.json');
  writeFileSync(schema, JSON.stringify(shapeSchema));
  return { dir, schema };
}

const flags = (out: string, extra: object = {}) => ({ out, format: ['cbor' as const], target: 'ts' as const, schema: [], ...extra });

layout('--layout compact writes variant writers without map keys; --layout map (the default) writes the keys', () => {
  const { dir, schema } = workspace();
  assert.is(runCompile([schema], flags(join(dir, 'compact'), { layout: 'compact' }), () => {}), ExitCode.Ok);
  assert.is(runCompile([schema], flags(join(dir, 'map'), { layout: 'map' }), () => {}), ExitCode.Ok);
  const compact = readFileSync(join(dir, 'compact', 'shape.cbor.ts'), 'utf8');
  const map = readFileSync(join(dir, 'map', 'shape.cbor.ts'), 'utf8');
  assert.match(compact, /AsVariant1\(/);
  assert.not.match(map, /AsVariant1\(/);
  assert.match(map, /scanDiscriminator/);
  rmSync(dir, { recursive: true });
});

layout('binschema compile --format ubjson --layout compact writes a UBJSON module of the compact layout', () => {
  const { dir, schema } = workspace();
  const run = runCli(['compile', schema, '--format', 'ubjson', '--layout', 'compact', '--out', join(dir, 'out')]);
  assert.is(run.status, ExitCode.Ok, run.stderr);
  const module = readFileSync(join(dir, 'out', 'shape.ubjson.ts'), 'utf8');
  // Variants by index (one writer and reader per variant), not by their discriminator key.
  assert.match(module, /AsVariant1\(/);
  assert.not.match(module, /scanDiscriminator/);
  rmSync(dir, { recursive: true });
});

layout('binschema compile --format msgpack --layout compact writes a MessagePack module of the compact layout', () => {
  const { dir, schema } = workspace();
  const run = runCli(['compile', schema, '--format', 'msgpack', '--layout', 'compact', '--out', join(dir, 'out')]);
  assert.is(run.status, ExitCode.Ok, run.stderr);
  const module = readFileSync(join(dir, 'out', 'shape.msgpack.ts'), 'utf8');
  assert.match(module, /AsVariant1\(/);
  assert.not.match(module, /scanDiscriminator/);
  rmSync(dir, { recursive: true });
});

layout("--layout compact with --code-size small is refused with exit code 2 and says why, in UBJSON as in CBOR", () => {
  const { dir, schema } = workspace();
  for (const format of ['cbor', 'ubjson'] as const) {
    const lines: string[] = [];
    assert.is(runCompile([schema], flags(join(dir, 'out'), { layout: 'compact', codeSize: 'small', format: [format] }), (line) => lines.push(line)), ExitCode.Error);
    assert.match(lines.join('\n'), /record tables/);
  }
  rmSync(dir, { recursive: true });
});

layout.run();
