// Issue 39: a browser bundle of a generated module ships only the direction it calls. Each example
// schema and typical-object, in every format and both code sizes, is bundled with esbuild as an
// app would (ESM, platform browser, the runtime from its source through the package's subpaths),
// once importing only `decode` and once only `encode`. Judged on esbuild's metafile (the runtime
// files that put bytes into the bundle) and on the module's own functions left in the output,
// never on sizes: a decode-only bundle holds no writer, UTF-8 encoder, encoder or write function
// of the module; an encode-only one no reader, UTF-8 decoder, key cache, decoder, skipper or read
// function; neither holds streams, diagnostics or a generic codec, except the generic codec of its
// own direction where the schema has values of unknown shape.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFile, type Format } from '../src/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const runtimeSource = join(repo, 'packages/runtime/src');

/** `[name, schema file]`; price-book alone has values of unknown shape (its prices are open objects). */
const SCHEMAS = [
  ['file-tree', 'examples/schemas/file-tree.schema.json'],
  ['price-book', 'examples/schemas/price-book.schema.json'],
  ['telemetry-event', 'examples/schemas/telemetry-event.schema.json'],
  ['typical-object', 'test-data/payloads/typical-object.schema.json'],
] as const;
const UNKNOWN_SHAPES = new Set(['price-book']);
const FORMATS: Format[] = ['cbor', 'ubjson', 'msgpack'];
const CODE_SIZES = ['speed', 'small'] as const;

/** Runtime source files (paths under `src/`) that only encoders use. */
const ENCODER_FILES = /^(writer|utf8)\.ts$|\/encode[^/]*\.ts$|^ubjson\/(encoder|text|locate)\.ts$/;
/** Runtime source files that only decoders use. */
const DECODER_FILES = /^(reader|utf8-decode|key-cache|preallocate|partial-decode)\.ts$|\/decode[^/]*\.ts$|\/(skip|scan-discriminator|tags|level)\.ts$|^ubjson\/(decoder|high-precision)\.ts$/;
/** The generic codecs, by direction (UBJSON's `codec.ts` holds the entry points of both, each a few lines). */
const GENERIC_DECODERS = /^(cbor\/decode|msgpack\/decode|ubjson\/decoder)\.ts$/;
const GENERIC_ENCODERS = /^(cbor\/encode|msgpack\/encode|ubjson\/encoder)\.ts$/;
/** Never in a bundle of a module's encode or decode alone. */
const NEVER = /^streams\/|diagnostic|item-tree/;

interface Cut {
  /** Runtime source files that put bytes into the bundle, relative to `src/`. */
  files: string[];
  /** The bundle, minified without renaming identifiers. */
  text: string;
}

/** The bundle of `exported` from the module at `file`, the runtime resolved to its source. */
async function bundle(file: string, exported: string): Promise<Cut> {
  const result = await build({
    stdin: { contents: `export { ${exported} } from ${JSON.stringify(file)};`, resolveDir: repo, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minifySyntax: true,
    minifyWhitespace: true,
    alias: { '@binschema/runtime': runtimeSource },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  const files = Object.entries(output.inputs)
    .filter(([path, input]) => input.bytesInOutput > 0 && path.startsWith('packages/runtime/src/'))
    .map(([path]) => path.slice('packages/runtime/src/'.length))
    .sort();
  return { files, text: result.outputFiles[0].text };
}

/** The module's own top-level functions whose names start with `prefix` (`write`, `read`). */
function functionsOf(source: string, prefix: string): string[] {
  return [...source.matchAll(new RegExp(`^function (${prefix}[A-Z]\\w*)\\(`, 'gm'))].map((match) => match[1]);
}

const directions = suite('bundles of one direction of a generated module');
const dir = join(repo, '.tmp', `bundle-directions-${process.pid}`);

directions.before(() => mkdirSync(dir, { recursive: true }));
directions.after(() => rmSync(dir, { recursive: true, force: true }));

for (const codeSize of CODE_SIZES) {
  for (const format of FORMATS) {
    for (const [name, schema] of SCHEMAS) {
      directions(`${name} ${format} (${codeSize}): decode-only ships no encoder, encode-only no decoder`, async () => {
        const [module] = compileFile(join(repo, schema), { format, target: 'js', codeSize });
        const file = join(dir, `${name}.${format}.${codeSize}.js`);
        writeFileSync(file, module.text);
        const unknownShapes = UNKNOWN_SHAPES.has(name);
        const decode = await bundle(file, 'decode');
        const encode = await bundle(file, 'encode');
        const check = (cut: Cut, direction: string, wrong: RegExp, generic: RegExp, ownGeneric: RegExp, functions: string[]) => {
          for (const runtimeFile of cut.files) {
            assert.not.match(runtimeFile, wrong, `${direction}-only bundle ships ${runtimeFile}`);
            assert.not.match(runtimeFile, generic, `${direction}-only bundle ships the other direction's generic codec (${runtimeFile})`);
            assert.not.match(runtimeFile, NEVER, `${direction}-only bundle ships ${runtimeFile}`);
            if (!unknownShapes) assert.not.match(runtimeFile, ownGeneric, `${direction}-only bundle ships a generic codec (${runtimeFile}) for a schema without values of unknown shape`);
          }
          for (const own of functions) assert.not.match(cut.text, new RegExp(`\\b${own}\\b`), `${direction}-only bundle keeps the module's ${own}`);
        };
        check(decode, 'decode', ENCODER_FILES, GENERIC_ENCODERS, GENERIC_DECODERS, functionsOf(module.text, 'write'));
        check(encode, 'encode', DECODER_FILES, GENERIC_DECODERS, GENERIC_ENCODERS, functionsOf(module.text, 'read'));
        // The cuts are not empty: each ships its own side.
        assert.ok(decode.files.includes('reader.ts') && encode.files.includes('writer.ts'), 'each cut ships its own side');
      });
    }
  }
}

directions.run();
