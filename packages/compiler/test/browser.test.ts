// The runtime's paths for environments without Node's `Buffer` (TextEncoder/TextDecoder UTF-8,
// no utf8Slice/ucs2Slice), run where users run them: the generic codecs and four generated
// modules bundled with esbuild, loaded into a page of headless Chromium (Debian's `chromium`,
// driven by playwright-core, no browser download), every payload round-tripped there and the
// bytes and values compared with Node's. Without a Chromium the test is reported as skipped;
// under CI=true it fails instead (CI installs one, see .ci/run).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFile, type Format } from '../src/index.js';
import { testDataPath } from '../../../test-data/index.js';
import type { RoundTripCase, RoundTripReport } from './support/round-trip-report.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const payloads = testDataPath('payloads/');
/** Text-heavy (ASCII, emoji, ø: every UTF-8 width) and a discriminated union of records. */
const GENERATED_FOR = ['string-ladder', 'typical-object'] as const;
const FORMATS: Format[] = ['cbor', 'ubjson'];

/** `BINSCHEMA_CHROMIUM`, else the first `chromium`/`chromium-browser` on the PATH. */
function findChromium(): string | undefined {
  const chosen = process.env.BINSCHEMA_CHROMIUM;
  if (chosen !== undefined && chosen !== '') return chosen;
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      if (folder !== '' && existsSync(join(folder, name))) return join(folder, name);
    }
  }
  return undefined;
}

const payloadNames = readdirSync(payloads)
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(payloads, name), 'utf8'));

/**
 * Writes the generated modules and the entry both sides load into `.tmp/` (inside the repository,
 * so `@binschema/runtime` resolves from the workspace) and returns the entry's path.
 */
function writeEntry(dir: string): string {
  const imports: string[] = [
    "import * as cbor from '@binschema/runtime/cbor';",
    "import * as ubjson from '@binschema/runtime/ubjson';",
    "import { cborDecoderStream } from '@binschema/runtime/streams';",
    `import { environment, roundTrips } from ${JSON.stringify(join(repo, 'packages/compiler/test/support/round-trip-report.ts'))};`,
  ];
  const table: string[] = ["'generic cbor': cbor", "'generic ubjson': ubjson"];
  for (const name of GENERATED_FOR) {
    for (const format of FORMATS) {
      const [file] = compileFile(join(payloads, `${name}.schema.json`), { format, target: 'ts' });
      writeFileSync(join(dir, file.fileName), file.text);
      const local = `${name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}${format === 'cbor' ? 'Cbor' : 'Ubjson'}`;
      imports.push(`import * as ${local} from './${file.fileName.replace(/\.ts$/, '.js')}';`);
      table.push(`'${name}.${format}': ${local}`);
    }
  }
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, [
    ...imports,
    `const codecs = { ${table.join(', ')} };`,
    'export const run = (cases: any) => roundTrips(codecs, cases);',
    // Three items and a break byte in one chunk, read one item per timer tick: the items come before the error.
    'const pause = () => new Promise((resolve) => setTimeout(resolve, 1));',
    'export async function streamCheck() {',
    '  const items: unknown[] = [];',
    '  const stream = new ReadableStream({ start(c) { c.enqueue(Uint8Array.of(1, 2, 3, 0xff)); c.close(); } }).pipeThrough(cborDecoderStream());',
    '  const reader = stream.getReader();',
    '  try { for (;;) { const next = await reader.read(); if (next.done) return { items, error: null }; items.push(next.value); await pause(); } }',
    '  catch (error: any) { return { items, error: `${error.name} ${error.code} ${error.offset}` }; }',
    '}',
    '(globalThis as any).binschemaTest = { run, environment, streamCheck };',
    '',
  ].join('\n'));
  return entry;
}

/** Every payload through both generic codecs, and its own generated pair where there is one. */
function cases(): RoundTripCase[] {
  const list: RoundTripCase[] = [];
  for (const name of payloadNames) {
    const value = readJson(`${name}.json`);
    for (const format of FORMATS) {
      list.push({ codec: `generic ${format}`, name, value });
      if ((GENERATED_FOR as readonly string[]).includes(name)) list.push({ codec: `${name}.${format}`, name, value });
    }
  }
  return list;
}

const browser = suite('the runtime and generated codecs in headless Chromium, without Buffer');
const executable = findChromium();
const inCi = process.env.CI === 'true';
const browserTest = executable === undefined && !inCi ? browser.skip : browser;

browserTest('round-trips every payload to the same bytes and values as Node; a decoder stream passes items before an error', async () => {
  if (executable === undefined) throw new Error('no chromium found on the PATH (set BINSCHEMA_CHROMIUM); CI must run this test');
  const dir = join(repo, '.tmp', `browser-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const launched = await chromium.launch({ executablePath: executable, args: ['--no-sandbox', '--headless=new'], timeout: 120_000 });
  try {
    const entry = writeEntry(dir);
    const bundle = await build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
    const code = bundle.outputFiles[0].text;
    assert.not.match(code, /\bnode:/, 'the browser bundle pulls in no Node built-in');

    const all = cases();
    const inNode = (await import(pathToFileURL(entry).href)).run(all) as RoundTripReport[];
    const page = await launched.newPage();
    page.setDefaultTimeout(120_000);
    await page.setContent('<!doctype html><title>binschema</title>');
    await page.addScriptTag({ content: code });
    const environment = await page.evaluate('binschemaTest.environment()');
    assert.equal(environment, { buffer: false, textEncoder: true, textDecoder: true });
    const inPage = (await page.evaluate(`binschemaTest.run(${JSON.stringify(all)})`)) as RoundTripReport[];

    const streamed = { items: [1, 2, 3], error: 'DecodeError not-well-formed 3' };
    assert.equal(await (await import(pathToFileURL(entry).href)).streamCheck(), streamed, 'a decoder stream in Node');
    assert.equal(await page.evaluate('binschemaTest.streamCheck()'), streamed, 'a decoder stream in the page');

    assert.is(all.length, payloadNames.length * 2 + GENERATED_FOR.length * 2);
    assert.is(inPage.length, all.length);
    for (let index = 0; index < all.length; index++) {
      const label = `${all[index].codec} on ${all[index].name}`;
      assert.match(inNode[index].hex, /^[0-9a-f]+$/, `${label} encodes in Node: ${inNode[index].hex}`);
      assert.ok(inNode[index].decoded.startsWith('{') || inNode[index].decoded.startsWith('['), `${label} decodes in Node: ${inNode[index].decoded}`);
      assert.is(inPage[index].hex, inNode[index].hex, `${label}: the page's bytes are Node's`);
      assert.is(inPage[index].decoded, inNode[index].decoded, `${label}: the page's value is Node's`);
    }
  } finally {
    await launched.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

browser.run();
