#!/usr/bin/env node
// Bundle sizes as a browser app would ship them: each cut bundled with esbuild (ESM, minified,
// platform browser, what it imports and nothing else), its bytes and its gzip -9 bytes. Writes
// bench/results/bundle-sizes.md and the table between the bundle-sizes markers in README.md.
// Needs `pnpm build` first (our cuts import the packages' dist/). Usage:
//   node scripts/bundle-sizes.mjs            measure, print, write the two files
//   node scripts/bundle-sizes.mjs --inputs   also list each cut's source files (esbuild metafile)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, version as esbuildVersion } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const generatedDir = join(root, '.tmp', 'bundle-sizes');
const EXAMPLE = 'telemetry-event';

const jsonPack = '@jsonjoy.com/json-pack/lib/cbor';
/** `[library, cut, entry source]`: each entry keeps exactly the functions the cut needs alive. */
const CUTS = [
  ['@binschema/runtime/cbor', 'decode', "export { decode } from '@binschema/runtime/cbor';"],
  ['@binschema/runtime/cbor', 'encode', "export { encode } from '@binschema/runtime/cbor';"],
  ['@binschema/runtime/cbor', 'both', "export { encode, decode } from '@binschema/runtime/cbor';"],
  ['@binschema/runtime/ubjson', 'decode', "export { decode } from '@binschema/runtime/ubjson';"],
  ['@binschema/runtime/ubjson', 'encode', "export { encode } from '@binschema/runtime/ubjson';"],
  ['@binschema/runtime/ubjson', 'both', "export { encode, decode } from '@binschema/runtime/ubjson';"],
  [`generated ${EXAMPLE}.cbor.js`, 'decode', `export { decode } from './.tmp/bundle-sizes/${EXAMPLE}.cbor.js';`],
  [`generated ${EXAMPLE}.cbor.js`, 'encode', `export { encode } from './.tmp/bundle-sizes/${EXAMPLE}.cbor.js';`],
  [`generated ${EXAMPLE}.cbor.js`, 'both', `export { encode, decode } from './.tmp/bundle-sizes/${EXAMPLE}.cbor.js';`],
  ['cbor-x', 'decode', "export { decode } from 'cbor-x/decode';"],
  ['cbor-x', 'encode', "export { encode } from 'cbor-x/encode';"],
  ['cbor-x', 'both', "export { encode, decode } from 'cbor-x';"],
  ['cborg', 'decode', "export { decode } from 'cborg';"],
  ['cborg', 'encode', "export { encode } from 'cborg';"],
  ['cborg', 'both', "export { encode, decode } from 'cborg';"],
  ['json-pack CBOR', 'decode', `import { CborDecoder } from '${jsonPack}/CborDecoder.js'; const d = new CborDecoder(); export const decode = (b) => d.decode(b);`],
  ['json-pack CBOR', 'encode', `import { CborEncoder } from '${jsonPack}/CborEncoder.js'; const e = new CborEncoder(); export const encode = (v) => e.encode(v);`],
  [
    'json-pack CBOR',
    'both',
    `import { CborDecoder } from '${jsonPack}/CborDecoder.js'; import { CborEncoder } from '${jsonPack}/CborEncoder.js'; const d = new CborDecoder(), e = new CborEncoder(); export const decode = (b) => d.decode(b); export const encode = (v) => e.encode(v);`,
  ],
];

/** The example schema through the CLI, as a user's build would run it (`--target js`). */
function compileExample() {
  rmSync(generatedDir, { recursive: true, force: true });
  mkdirSync(generatedDir, { recursive: true });
  const cli = join(root, 'cli', 'dist', 'main.js');
  execFileSync(process.execPath, [cli, 'compile', join(root, 'examples', 'schemas', `${EXAMPLE}.schema.json`), '--out', generatedDir, '--format', 'cbor', '--target', 'js'], { stdio: 'inherit' });
}

async function measure([library, cut, contents]) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const bytes = result.outputFiles[0].contents;
  // Only the files that put bytes into the output, largest first: what the cut really ships.
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs)
    .filter(([input, { bytesInOutput }]) => input !== 'entry.js' && bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .map(([input, { bytesInOutput }]) => `${bytesInOutput} ${input}`);
  return { library, cut, minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length, inputs };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function table(rows) {
  const lines = ['| library | decode only | encode only | both |', '| --- | ---: | ---: | ---: |'];
  for (const library of [...new Set(rows.map((row) => row.library))]) {
    const cells = ['decode', 'encode', 'both'].map((cut) => {
      const row = rows.find((candidate) => candidate.library === library && candidate.cut === cut);
      return `${kb(row.minified)} / ${kb(row.gzipped)}`;
    });
    lines.push(`| ${library} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function versionOf(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

compileExample();
const rows = [];
for (const cut of CUTS) rows.push(await measure(cut));
const summary = [
  `Minified / gzip -9, esbuild ${esbuildVersion} (ESM, platform browser, es2022); peers: cbor-x ${versionOf('cbor-x')},`,
  `cborg ${versionOf('cborg')}, @jsonjoy.com/json-pack ${versionOf('@jsonjoy.com/json-pack')}. The generated row is`,
  `\`examples/schemas/${EXAMPLE}.schema.json\` compiled with \`binschema compile --format cbor --target js\`, with the runtime`,
  'code it imports. Measured by `node scripts/bundle-sizes.mjs`.',
].join('\n');
const text = `${table(rows)}\n\n${summary}\n`;
console.log(text);
if (process.argv.includes('--inputs')) {
  for (const row of rows) console.log(`${row.library} ${row.cut}:\n  ${row.inputs.join('\n  ')}`);
}

writeFileSync(join(root, 'bench', 'results', 'bundle-sizes.md'), `# Bundle sizes\n\n${text}`);
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const marked = /(<!-- bundle-sizes:start -->\n)[\s\S]*?(<!-- bundle-sizes:end -->)/;
if (marked.test(readme)) writeFileSync(readmePath, readme.replace(marked, `$1${text}$2`));
else console.warn('README.md has no <!-- bundle-sizes:start/end --> markers: table not written there');
