// compileCodec: the same code as the ahead-of-time modules (byte for byte), a cache keyed by the
// schema's content, and a clear refusal where code generation from strings is forbidden, while the
// ahead-of-time modules keep working there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec, compileFile, isSchemaError, type Format, type GeneratedFile } from '../src/index.js';
import { testDataPath } from '../../../test-data/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const payloads = testDataPath('payloads/');
const FORMATS: Format[] = ['cbor', 'ubjson', 'msgpack'];
mkdirSync(join(repo, '.tmp'), { recursive: true });

const created: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(repo, '.tmp', 'compile-codec-'));
  created.push(dir);
  return dir;
}

const payloadNames = readdirSync(payloads)
  .filter((file) => file.endsWith('.schema.json'))
  .map((file) => file.slice(0, -'.schema.json'.length))
  .sort();
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** The files `binschema compile` writes for a payload schema (compiled once: the JS emit is slow). */
const generated = new Map<string, GeneratedFile[]>();
function filesOf(name: string, format: Format, target: 'ts' | 'js'): GeneratedFile[] {
  const key = `${name} ${format} ${target}`;
  if (!generated.has(key)) generated.set(key, compileFile(join(payloads, `${name}.schema.json`), { format, target }));
  return generated.get(key)!;
}

const sameCode = suite('compileCodec against the ahead-of-time modules');

for (const format of FORMATS) {
  sameCode(`gives the ${format} bytes of the ahead-of-time module (JS target) for every payload, and reads them alike`, async () => {
    const dir = tempDir();
    for (const name of payloadNames) {
      for (const file of filesOf(name, format, 'js')) writeFileSync(join(dir, file.fileName), file.text);
    }
    for (const name of payloadNames) {
      const module = await import(pathToFileURL(join(dir, `${name}.${format}.js`)).href);
      const codec = compileCodec(readJson(join(payloads, `${name}.schema.json`)), { format });
      const value = readJson(join(payloads, `${name}.json`));
      const bytes = module.encode(value) as Uint8Array;
      assert.equal(Array.from(codec.encode(value)), Array.from(bytes), name);
      assert.equal(codec.decode(bytes), module.decode(bytes), name);
    }
  });
}

sameCode('generated modules never generate code from strings (no eval, no Function constructor)', () => {
  for (const format of FORMATS) {
    for (const name of payloadNames) {
      for (const target of ['ts', 'js'] as const) {
        for (const file of filesOf(name, format, target)) {
          assert.not.match(file.text, /\bnew Function\b|\beval\s*\(|\bFunction\s*\(/, `${file.fileName}`);
        }
      }
    }
  }
});

sameCode.run();

const cache = suite('compileCodec cache');

const point = () => ({ type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] });

cache('returns the cached codec for an equal schema given as another object', () => {
  const first = compileCodec(point(), { format: 'ubjson' });
  assert.is(compileCodec(point(), { format: 'ubjson' }), first);
});

cache('misses for the same properties in another order, which generated encoders write in that order', () => {
  const first = compileCodec(point(), { format: 'cbor' });
  const reordered = { type: 'object', properties: { y: { type: 'integer' }, x: { type: 'integer' } }, required: ['x', 'y'] };
  const second = compileCodec(reordered, { format: 'cbor' });
  assert.is.not(second, first);
  // RFC 8949 bytes: map(2), "x" 1, "y" 2 — then "y" first for the reordered schema.
  assert.is(Buffer.from(first.encode({ x: 1, y: 2 })).toString('hex'), 'a2617801617902');
  assert.is(Buffer.from(second.encode({ x: 1, y: 2 })).toString('hex'), 'a2617902617801');
});

cache('misses for a mutated schema object, whose new rules then apply', () => {
  const schema = point() as { properties: { x: Record<string, unknown> } };
  const before = compileCodec(schema, { format: 'cbor' });
  before.encode({ x: 5, y: 1 });
  schema.properties.x.maximum = 3;
  const after = compileCodec(schema, { format: 'cbor' });
  assert.is.not(after, before);
  assert.throws(() => after.encode({ x: 5, y: 1 }));
  before.encode({ x: 5, y: 1 });
});

cache('keys on the options that shape the code: format, deterministic, formatAssertion', () => {
  const cbor = compileCodec(point(), { format: 'cbor' });
  assert.is.not(compileCodec(point(), { format: 'ubjson' }), cbor);
  assert.is.not(compileCodec(point(), { format: 'cbor', deterministic: true }), cbor);
  const date = { type: 'string', format: 'date' };
  const asserted = compileCodec(date, { format: 'cbor', formatAssertion: true });
  assert.is.not(compileCodec(date, { format: 'cbor' }), asserted);
  assert.throws(() => asserted.encode('not a date'));
});

cache('refuses an unknown format with a SchemaError before compiling anything', () => {
  try {
    compileCodec(point(), { format: 'bson' as Format });
    assert.unreachable();
  } catch (error) {
    assert.ok(isSchemaError(error));
    assert.is(error.code, 'invalid-option');
  }
});

cache.run();

const noEval = suite('without code generation from strings (node --disallow-code-generation-from-strings)');

/** Runs an ES module in a child node with code generation from strings disallowed; returns its stdout. */
function runDisallowed(dir: string, source: string, withTsx: boolean): string {
  const path = join(dir, withTsx ? 'child.mts' : 'child.mjs');
  writeFileSync(path, source);
  const flags = ['--disallow-code-generation-from-strings', ...(withTsx ? ['--import', 'tsx'] : []), path];
  return execFileSync(process.execPath, flags, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

noEval('the ahead-of-time modules of every format round-trip a payload', () => {
  const dir = tempDir();
  for (const format of FORMATS) for (const file of filesOf('typical-object', format, 'js')) writeFileSync(join(dir, file.fileName), file.text);
  const value = readJson(join(payloads, 'typical-object.json'));
  const output = runDisallowed(
    dir,
    [
      "import { readFileSync } from 'node:fs';",
      "import * as cbor from './typical-object.cbor.js';",
      "import * as ubjson from './typical-object.ubjson.js';",
      "import * as msgpack from './typical-object.msgpack.js';",
      // Proof that the flag is on: the Function constructor is refused in this process.
      "let refused = false; try { new Function('return 1'); } catch (error) { refused = error instanceof EvalError; }",
      `const value = JSON.parse(readFileSync(${JSON.stringify(join(payloads, 'typical-object.json'))}, 'utf8'));`,
      'console.log(JSON.stringify({ refused, cbor: cbor.decode(cbor.encode(value)), ubjson: ubjson.decode(ubjson.encode(value)), msgpack: msgpack.decode(msgpack.encode(value)) }));',
    ].join('\n'),
    false,
  );
  const result = JSON.parse(output);
  assert.is(result.refused, true);
  assert.equal(result.cbor, value);
  assert.equal(result.ubjson, value);
  assert.equal(result.msgpack, value);
});

noEval('compileCodec throws a SchemaError with code code-generation-disallowed, for every format', () => {
  const dir = tempDir();
  const index = pathToFileURL(join(repo, 'packages', 'compiler', 'src', 'index.ts')).href;
  const output = runDisallowed(
    dir,
    [
      `import { compileCodec, isSchemaError } from ${JSON.stringify(index)};`,
      'const outcomes = [];',
      "for (const format of ['cbor', 'ubjson', 'msgpack']) {",
      "  try { compileCodec({ type: 'integer' }, { format }); outcomes.push('compiled'); }",
      '  catch (error) { outcomes.push(isSchemaError(error) ? error.code : `other: ${error}`); }',
      '}',
      'console.log(JSON.stringify(outcomes));',
    ].join('\n'),
    true,
  );
  assert.equal(JSON.parse(output.split('\n').pop()!), ['code-generation-disallowed', 'code-generation-disallowed', 'code-generation-disallowed']);
});

noEval.after(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

noEval.run();
