#!/usr/bin/env node
// Bundle sizes as a browser app would ship them: each cut bundled with esbuild (ESM, minified,
// platform browser, what it imports and nothing else), its bytes and its gzip -9 bytes. Writes
// bench/results/bundle-sizes.md and the table between the bundle-sizes markers in README.md.
// Needs `pnpm build` first (our cuts import the packages' dist/). Usage:
//   node scripts/bundle-sizes.mjs            measure, print, write the two files
//   node scripts/bundle-sizes.mjs --inputs   also list each cut's source files (esbuild metafile)
//
// Issue 39: a generated module replaces a generic codec and a validator, so each example schema
// (and typical-object) is compiled in every format and both code sizes, and its decode-only,
// encode-only and both bundles stand next to the format's peer codec bundled with ajv standalone's
// validator for the same schema (`bundle-sizes-ajv.mjs`). Every bundle measured is also run: the
// generated ones round-trip the schema's document, the validators accept it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, version as esbuildVersion } from 'esbuild';
import { writeAjvValidator } from './bundle-sizes-ajv.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, '.tmp', 'bundle-sizes');
/** The peers and ajv are the bench's dependencies. */
const benchModules = join(root, 'bench', 'node_modules');
const requireFromBench = createRequire(join(root, 'bench', 'package.json'));

/** `[name, schema file, document]`: the three example schemas and the bench's typical object. */
const SCHEMAS = [
  ['file-tree', 'examples/schemas/file-tree.schema.json', 'examples/data/file-tree.json'],
  ['price-book', 'examples/schemas/price-book.schema.json', 'examples/data/price-book.json'],
  ['telemetry-event', 'examples/schemas/telemetry-event.schema.json', 'examples/data/telemetry-event.json'],
  ['typical-object', 'test-data/payloads/typical-object.schema.json', 'test-data/payloads/typical-object.json'],
];
const FORMATS = ['cbor', 'ubjson', 'msgpack'];
/** `binschema compile --code-size`: the default (specialised code) and record tables. */
const SHAPES = ['speed', 'small'];
/** The cuts of a module or codec: the names the entry re-exports. */
const CUTS = { decode: ['decode'], encode: ['encode'], both: ['encode', 'decode'] };

const jsonPack = '@jsonjoy.com/json-pack/lib';
/** json-pack's encoders take a Writer of @jsonjoy.com/buffers, a dependency of json-pack's own. */
const jsonPackWriter = createRequire(requireFromBench.resolve(`${jsonPack}/ubjson/UbjsonEncoder.js`)).resolve('@jsonjoy.com/buffers/lib/Writer');

/** Each peer's entry per cut, exporting `decode` and/or `encode` as the generated modules do. */
const PEERS = {
  cbor: {
    name: 'cbor-x',
    package: 'cbor-x',
    decode: "export { decode } from 'cbor-x/decode';",
    encode: "export { encode } from 'cbor-x/encode';",
    both: "export { encode, decode } from 'cbor-x';",
  },
  ubjson: {
    name: 'json-pack UBJSON',
    package: '@jsonjoy.com/json-pack',
    decode: `import { UbjsonDecoder } from '${jsonPack}/ubjson/UbjsonDecoder.js'; const decoder = new UbjsonDecoder(); export const decode = (bytes) => decoder.decode(bytes);`,
    encode: `import { UbjsonEncoder } from '${jsonPack}/ubjson/UbjsonEncoder.js'; import { Writer } from ${JSON.stringify(jsonPackWriter)}; const encoder = new UbjsonEncoder(new Writer()); export const encode = (value) => encoder.encode(value);`,
    both: `import { UbjsonDecoder } from '${jsonPack}/ubjson/UbjsonDecoder.js'; import { UbjsonEncoder } from '${jsonPack}/ubjson/UbjsonEncoder.js'; import { Writer } from ${JSON.stringify(jsonPackWriter)}; const decoder = new UbjsonDecoder(), encoder = new UbjsonEncoder(new Writer()); export const decode = (bytes) => decoder.decode(bytes); export const encode = (value) => encoder.encode(value);`,
  },
  msgpack: {
    name: 'msgpackr',
    package: 'msgpackr',
    decode: "export { unpack as decode } from 'msgpackr/unpack';",
    encode: "export { pack as encode } from 'msgpackr/pack';",
    both: "export { pack as encode, unpack as decode } from 'msgpackr';",
  },
};

/** The generic codecs, ours and the peers', alone (the first table, as before issue 39). */
const GENERIC = [
  ['@binschema/runtime/cbor', cutsOf('@binschema/runtime/cbor')],
  ['@binschema/runtime/ubjson', cutsOf('@binschema/runtime/ubjson')],
  ['@binschema/runtime/msgpack', cutsOf('@binschema/runtime/msgpack')],
  ['cbor-x', PEERS.cbor],
  ['cborg', cutsOf('cborg')],
  [
    'json-pack CBOR',
    {
      decode: `import { CborDecoder } from '${jsonPack}/cbor/CborDecoder.js'; const decoder = new CborDecoder(); export const decode = (bytes) => decoder.decode(bytes);`,
      encode: `import { CborEncoder } from '${jsonPack}/cbor/CborEncoder.js'; const encoder = new CborEncoder(); export const encode = (value) => encoder.encode(value);`,
      both: `import { CborDecoder } from '${jsonPack}/cbor/CborDecoder.js'; import { CborEncoder } from '${jsonPack}/cbor/CborEncoder.js'; const decoder = new CborDecoder(), encoder = new CborEncoder(); export const decode = (bytes) => decoder.decode(bytes); export const encode = (value) => encoder.encode(value);`,
    },
  ],
  ['json-pack UBJSON', PEERS.ubjson],
  ['msgpackr', PEERS.msgpack],
];

/** Entries re-exporting the cuts' names from `specifier`. */
function cutsOf(specifier) {
  return Object.fromEntries(Object.entries(CUTS).map(([cut, names]) => [cut, `export { ${names.join(', ')} } from ${JSON.stringify(specifier)};`]));
}

/** Every schema in every format, through the CLI as a user's build would run it (`--target js`), one folder per code size. */
function compileModules() {
  const cli = join(root, 'cli', 'dist', 'main.js');
  for (const shape of SHAPES) {
    const args = [cli, 'compile', ...SCHEMAS.map(([, file]) => join(root, file)), '--out', join(work, shape), '--format', FORMATS.join(','), '--target', 'js', '--code-size', shape];
    execFileSync(process.execPath, args, { stdio: 'ignore' });
  }
}

/** esbuild's bundle of `contents` (an entry in `.tmp/bundle-sizes`): its bytes, gzip -9 bytes and the files that put bytes into it. */
async function measure(contents) {
  const result = await build({
    stdin: { contents, resolveDir: work, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    nodePaths: [benchModules],
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const bytes = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  // Only the files that put bytes into the output, largest first: what the cut really ships.
  const inputs = Object.entries(output.inputs)
    .filter(([input, { bytesInOutput }]) => input !== 'entry.js' && bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .map(([input, { bytesInOutput }]) => `${bytesInOutput} ${input}`);
  return { minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length, inputs, code: bytes };
}

/** Imports a measured bundle (written to `.tmp`), for the checks that it works. */
async function load(size, name) {
  const file = join(work, 'loaded', `${name}.mjs`);
  writeFileSync(file, size.code);
  return import(pathToFileURL(file).href);
}

/** The generated cuts of `name` in `format` and `shape`; the both-cut must round-trip `document`. */
async function measureModule(name, format, shape, document) {
  const module = `./${shape}/${name}.${format}.js`;
  const sizes = {};
  for (const [cut, names] of Object.entries(CUTS)) sizes[cut] = await measure(`export { ${names.join(', ')} } from '${module}';`);
  const { encode, decode } = await load(sizes.both, `${name}.${format}.${shape}`);
  if (!isDeepStrictEqual(decode(encode(document)), document)) throw new Error(`${module}: the bundle does not round-trip ${name}'s document`);
  return sizes;
}

/** The peer of `format` per cut, with the validator's bundle beside it (`validator`: a file) or alone. */
async function measurePeer(format, validator) {
  const sizes = {};
  for (const cut of Object.keys(CUTS)) {
    const extra = validator === undefined ? '' : `\nexport { default as validate } from ${JSON.stringify(validator)};`;
    sizes[cut] = await measure(`${PEERS[format][cut]}${extra}`);
  }
  return sizes;
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
const cell = (size) => `${kib(size.minified)} / ${kib(size.gzipped)}`;
/** Issue 39's bars are on minified and gzipped bytes (min + gzip), as bundle size is usually quoted: how far over, in bytes (≤ 0: met). */
const over = (ours, limit) => ours.gzipped - limit.gzipped;
const FORMAT_NAMES = { cbor: 'CBOR', ubjson: 'UBJSON', msgpack: 'MessagePack' };

/** The bars of issue 39 for one schema and format: speed cuts against peer + ajv; small decode against the peer alone. */
function barsOf(row) {
  const bars = [
    ['decode ≤ peer + ajv', over(row.speed.decode, row.peerAjv.decode)],
    ['encode ≤ peer + ajv', over(row.speed.encode, row.peerAjv.encode)],
  ];
  if (row.example) bars.push(['small decode ≤ peer', over(row.small.decode, row.peer.decode)]);
  return bars;
}

function barCell(row) {
  const missed = barsOf(row).filter(([, bytes]) => bytes > 0);
  return missed.length === 0 ? 'met' : `**missed**: ${missed.map(([bar, bytes]) => `${bar} (+${bytes.toLocaleString('en-US')} B)`).join(', ')}`;
}

/** The README's table: default code against peer + ajv, small decode against the peer alone. */
function summaryTable(rows) {
  const lines = [
    '| schema | format | decode only | peer + ajv | encode only | peer + ajv | `small`, decode only | peer | bars |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const cells = [row.speed.decode, row.peerAjv.decode, row.speed.encode, row.peerAjv.encode, row.small.decode, row.peer.decode].map(cell);
    lines.push(`| ${row.name} | ${FORMAT_NAMES[row.format]} | ${cells.join(' | ')} | ${barCell(row)} |`);
  }
  return lines.join('\n');
}

/** Every cut of every module, with its peer alone and with ajv. */
function fullTable(rows) {
  const lines = ['| schema | format | code | decode only | encode only | both |', '| --- | --- | --- | ---: | ---: | ---: |'];
  for (const row of rows) {
    const line = (what, sizes) => `| ${row.name} | ${FORMAT_NAMES[row.format]} | ${what} | ${Object.keys(CUTS).map((cut) => cell(sizes[cut])).join(' | ')} |`;
    lines.push(line('default', row.speed), line('`small`', row.small), line(`${PEERS[row.format].name} + ajv`, row.peerAjv));
  }
  return lines.join('\n');
}

function genericTable(generic) {
  const lines = ['| library | decode only | encode only | both |', '| --- | ---: | ---: | ---: |'];
  for (const [library, sizes] of generic) lines.push(`| ${library} | ${Object.keys(CUTS).map((cut) => cell(sizes[cut])).join(' | ')} |`);
  return lines.join('\n');
}

function ajvTable(validators) {
  const lines = ['| schema | ajv standalone source | bundle with its helpers | helpers |', '| --- | ---: | ---: | --- |'];
  for (const [name, validator] of validators) {
    lines.push(`| ${name} | ${kib(validator.sourceBytes)} | ${cell(validator.size)} | ${validator.helpers.map((helper) => `\`${helper}\``).join(', ') || 'none'} |`);
  }
  return lines.join('\n');
}

function versionOf(name) {
  return JSON.parse(readFileSync(join(benchModules, name, 'package.json'), 'utf8')).version;
}

rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'loaded'), { recursive: true });
compileModules();

const generic = [];
for (const [library, entries] of GENERIC) {
  const sizes = {};
  for (const cut of Object.keys(CUTS)) sizes[cut] = await measure(entries[cut]);
  generic.push([library, sizes]);
}
const peers = Object.fromEntries(await Promise.all(FORMATS.map(async (format) => [format, await measurePeer(format)])));

const rows = [];
const validators = [];
for (const [name, schemaFile, documentFile] of SCHEMAS) {
  const document = JSON.parse(readFileSync(join(root, documentFile), 'utf8'));
  const validator = await writeAjvValidator(join(root, schemaFile), join(work, 'ajv', `${name}.mjs`));
  validator.size = await measure(`export { default as validate } from ${JSON.stringify(validator.file)};`);
  const { validate } = await load(validator.size, `${name}.ajv`);
  if (!validate(document)) throw new Error(`ajv's validator for ${name} refuses its document: ${JSON.stringify(validate.errors)}`);
  validators.push([name, validator]);
  for (const format of FORMATS) {
    const row = { name, format, example: schemaFile.startsWith('examples/'), peer: peers[format], peerAjv: await measurePeer(format, validator.file) };
    for (const shape of SHAPES) row[shape] = await measureModule(name, format, shape, document);
    rows.push(row);
  }
}

const met = rows.flatMap(barsOf).filter(([, bytes]) => bytes <= 0).length;
const total = rows.flatMap(barsOf).length;
const method = [
  `Minified / gzip -9 in KiB, esbuild ${esbuildVersion} (ESM, platform browser, es2022, \`minify: true\`). A module is the`,
  'schema compiled by `binschema compile --format <format> --target js` (default code) or with `--code-size small`, bundled',
  'with the runtime code it imports; *decode only* re-exports `decode`, *encode only* `encode`, *both* the two. *peer + ajv* is',
  `the format's peer codec (${FORMATS.map((format) => `${PEERS[format].name} ${versionOf(PEERS[format].package)}`).join(', ')}) for the same cut, bundled with ajv`,
  `${versionOf('ajv')} standalone's validator for the schema and the ajv runtime helpers it requires (\`scripts/bundle-sizes-ajv.mjs\`).`,
  'Each generated bundle round-trips the schema\'s document and each validator accepts it. Bars (issue 39): the default',
  'decode-only and encode-only bundles at most peer + ajv of the same cut; the `small` decode-only bundle at most the peer\'s',
  'alone (example schemas); judged on the minified bundle gzipped (min + gzip). Measured by `node scripts/bundle-sizes.mjs`.',
].join('\n');
const summary = `${summaryTable(rows)}\n\n${met} of ${total} bars met. ${method}\n`;
const report = [
  '# Bundle sizes',
  '',
  '## Generated modules against a generic codec plus ajv',
  '',
  summaryTable(rows),
  '',
  `${met} of ${total} bars met. ${method}`,
  '',
  '### Every cut',
  '',
  fullTable(rows),
  '',
  '### The peers alone',
  '',
  genericTable(FORMATS.map((format) => [PEERS[format].name, peers[format]])),
  '',
  '### ajv standalone per schema',
  '',
  'The source as ajv writes it (KiB), and esbuild\'s minified bundle of it with the helpers it requires.',
  '',
  ajvTable(validators),
  '',
  '## Generic codecs',
  '',
  genericTable(generic),
  '',
  `Peers: cbor-x ${versionOf('cbor-x')}, cborg ${versionOf('cborg')}, @jsonjoy.com/json-pack ${versionOf('@jsonjoy.com/json-pack')}, msgpackr ${versionOf('msgpackr')}.`,
  '',
].join('\n');
console.log(report);
if (process.argv.includes('--inputs')) {
  for (const [library, sizes] of generic) for (const cut of Object.keys(CUTS)) console.log(`${library} ${cut}:\n  ${sizes[cut].inputs.join('\n  ')}`);
  for (const row of rows) {
    for (const shape of SHAPES) for (const cut of Object.keys(CUTS)) console.log(`${row.name}.${row.format} ${shape} ${cut}:\n  ${row[shape][cut].inputs.join('\n  ')}`);
  }
}

writeFileSync(join(root, 'bench', 'results', 'bundle-sizes.md'), report);
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const marked = /(<!-- bundle-sizes:start -->\n)[\s\S]*?(<!-- bundle-sizes:end -->)/;
if (marked.test(readme)) writeFileSync(readmePath, readme.replace(marked, `$1${summary}$2`));
else console.warn('README.md has no <!-- bundle-sizes:start/end --> markers: table not written there');
