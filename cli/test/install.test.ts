// The packages as a user gets them: `pnpm pack` of the runtime, the compiler and the CLI (which
// rewrites their workspace:* dependencies to versions), the tarballs installed with npm into a
// fresh project outside the workspace, then the installed CLI compiles a schema, TypeScript
// type-checks a program importing the generated module (moduleResolution bundler and node16,
// --strict), and plain Node ESM round-trips a value through it.
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['packages/runtime', 'packages/compiler', 'cli'];
const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
/** Node's typings for the node16 project: the version the workspace itself pins. */
const NODE_TYPES: string = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).devDependencies['@types/node'];

const personSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Person',
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
  required: ['name', 'age'],
  additionalProperties: false,
};
// RFC 8949 by hand: a2 (map of 2), 64 "name", 63 "Ada", 63 "age", 18 24 (unsigned 36, one-byte argument).
const ADA_CBOR = 'a2646e616d6563416461636167651824';

/** pnpm as the test was started (`pnpm test` sets npm_execpath), else the one on the PATH. */
function pnpm(args: string[], options: ExecFileSyncOptions): void {
  const execPath = process.env.npm_execpath;
  if (execPath !== undefined && /pnpm/.test(execPath)) execFileSync(process.execPath, [execPath, ...args], options);
  else execFileSync('pnpm', args, options);
}

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/**
 * A browser app (bundler resolution, the DOM library) and a Node program (node16, Node's typings):
 * the generated modules' `decodeStream`/`encodeStream` name the WHATWG `TransformStream`, which
 * each of those typings declares.
 */
function tsconfig(moduleResolution: 'bundler' | 'node16'): object {
  const browser = moduleResolution === 'bundler';
  const environment = browser ? { lib: ['es2022', 'dom'], types: [] } : { lib: ['es2022'], types: ['node'] };
  return { compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: browser ? 'esnext' : 'node16', moduleResolution, skipLibCheck: false, ...environment }, include: ['use.ts'] };
}

const install = suite('the packed packages, installed with npm into a fresh project');

install('compile with the installed CLI, type-check and round-trip through the generated module', () => {
  const project = mkdtempSync(join(tmpdir(), 'binschema-install-'));
  try {
    const packs = join(project, 'packs');
    mkdirSync(packs);
    for (const folder of PACKAGES) pnpm(['pack', '--pack-destination', packs], { cwd: join(repo, folder), stdio: 'ignore' });
    const tarballs = readdirSync(packs).filter((file) => file.endsWith('.tgz')).sort();
    assert.equal(tarballs, ['binschema-0.1.0.tgz', 'binschema-compiler-0.1.0.tgz', 'binschema-runtime-0.1.0.tgz']);
    for (const tarball of tarballs) {
      const manifest = JSON.parse(execFileSync('tar', ['-xzOf', join(packs, tarball), 'package/package.json'], { encoding: 'utf8' }));
      assert.not.match(JSON.stringify(manifest.dependencies ?? {}), /workspace:/, `${tarball} names real versions`);
      const files = execFileSync('tar', ['-tzf', join(packs, tarball)], { encoding: 'utf8' }).split('\n');
      for (const file of ['package/LICENSE', 'package/README.md', 'package/package.json']) assert.ok(files.includes(file), `${tarball} has ${file}`);
      assert.not.ok(files.some((file) => file.endsWith('.tsbuildinfo')), `${tarball} leaves build state out`);
    }

    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.map((file) => `./packs/${file}`), `@types/node@${NODE_TYPES}`], project);

    writeFileSync(join(project, 'person.schema.json'), JSON.stringify(personSchema));
    run('npx', ['--no-install', 'binschema', 'compile', 'person.schema.json', '--out', 'gen'], project);
    run('npx', ['--no-install', 'binschema', 'compile', 'person.schema.json', '--out', 'gen-js', '--target', 'js'], project);
    assert.equal(readdirSync(join(project, 'gen')), ['person.cbor.ts']);
    assert.equal(readdirSync(join(project, 'gen-js')).sort(), ['person.cbor.d.ts', 'person.cbor.js']);

    // Types: the generated TypeScript and the JS with its .d.ts, under both resolutions.
    writeFileSync(
      join(project, 'use.ts'),
      [
        "import { encode, decode, decodeStream, type Person } from './gen/person.cbor.js';",
        "import { decode as decodeJs } from './gen-js/person.cbor.js';",
        "import { isDecodeError } from '@binschema/runtime';",
        "import { decode as generic } from '@binschema/runtime/cbor';",
        "const ada: Person = { name: 'Ada', age: 36 };",
        'const again: Person = decode(encode(ada));',
        'const fromJs: Person = decodeJs(encode(ada));',
        'const people: TransformStream<Uint8Array, Person> = decodeStream();',
        "// @ts-expect-error: age is a number",
        "const wrong: Person = { name: 'Ada', age: 'old' };",
        'export { again, fromJs, people, wrong, isDecodeError, generic };',
        '',
      ].join('\n'),
    );
    for (const resolution of ['bundler', 'node16'] as const) {
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig(resolution)));
      run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], project);
    }

    // Plain Node ESM: the JS module and the generic codec, from the installed packages.
    writeFileSync(
      join(project, 'use.mjs'),
      [
        "import { encode, decode } from './gen-js/person.cbor.js';",
        "import { decode as generic } from '@binschema/runtime/cbor';",
        "import { isDecodeError } from '@binschema/runtime';",
        "const bytes = encode({ name: 'Ada', age: 36 });",
        'let truncated;',
        'try { decode(bytes.subarray(0, 5)); } catch (error) { truncated = isDecodeError(error) ? error.code : String(error); }',
        "console.log(JSON.stringify({ hex: Buffer.from(bytes).toString('hex'), value: decode(bytes), generic: generic(bytes), truncated }));",
        '',
      ].join('\n'),
    );
    const result = JSON.parse(run(process.execPath, ['use.mjs'], project));
    assert.equal(result, { hex: ADA_CBOR, value: { name: 'Ada', age: 36 }, generic: { name: 'Ada', age: 36 }, truncated: 'unexpected-end' });

    const installed = JSON.parse(readFileSync(join(project, 'node_modules', '@binschema', 'runtime', 'package.json'), 'utf8'));
    assert.is(installed.version, '0.1.0');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

install.run();
