// What a bundler keeps of the generic codecs: a program that only decodes ships no encoder, one
// that only encodes ships no decoder (module state is marked pure, the package has no side
// effects). Bundled from src with esbuild, as an app would; sizes are in scripts/bundle-sizes.mjs.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The runtime source files that put bytes into the bundle of `exports` from `subpath`. */
async function shippedFiles(subpath: string, exports: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export { ${exports} } from './${subpath}/index.ts';`, resolveDir: src, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*packages\/runtime\/src\//, ''))
    .filter((path) => !path.includes('<stdin>'))
    .sort();
}

const shaking = suite('tree-shaking of the generic codecs');

shaking('a CBOR decode-only bundle ships no writer, UTF-8 encoder or encoder', async () => {
  const files = await shippedFiles('cbor', 'decode');
  for (const file of ['writer.ts', 'utf8.ts', 'cbor/encode.ts', 'cbor/encode-scalars.ts', 'cbor/encode-sorted.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('cbor/decode.ts'));
});

shaking('a CBOR encode-only bundle ships no reader, UTF-8 decoder, key cache or decoder', async () => {
  const files = await shippedFiles('cbor', 'encode');
  for (const file of ['reader.ts', 'utf8-decode.ts', 'key-cache.ts', 'cbor/decode.ts', 'cbor/tags.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('cbor/encode.ts'));
});

shaking('a UBJSON decode-only bundle ships no writer or encoder', async () => {
  const files = await shippedFiles('ubjson', 'decode');
  for (const file of ['writer.ts', 'utf8.ts', 'ubjson/encoder.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('ubjson/decoder.ts'));
});

shaking('a UBJSON encode-only bundle ships no reader or decoder', async () => {
  const files = await shippedFiles('ubjson', 'encode');
  for (const file of ['reader.ts', 'utf8-decode.ts', 'key-cache.ts', 'ubjson/decoder.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('ubjson/encoder.ts'));
});

shaking('a MessagePack decode-only bundle ships no writer, UTF-8 encoder or encoder', async () => {
  const files = await shippedFiles('msgpack', 'decode');
  for (const file of ['writer.ts', 'utf8.ts', 'msgpack/encode.ts', 'msgpack/encode-scalars.ts', 'cbor/encode.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('msgpack/decode.ts'));
});

shaking('a MessagePack encode-only bundle ships no reader, UTF-8 decoder, key cache or decoder', async () => {
  const files = await shippedFiles('msgpack', 'encode');
  for (const file of ['reader.ts', 'utf8-decode.ts', 'key-cache.ts', 'msgpack/decode.ts', 'msgpack/decode-map.ts', 'cbor/decode.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('msgpack/encode.ts'));
});

shaking('the generic fallback generated code imports ships no typed arrays, structured clone or extensions', async () => {
  const files = await shippedFiles('cbor', 'readAny, writeAny, EncodeSettings');
  for (const file of ['cbor/typed-arrays.ts', 'cbor/structured-clone.ts']) assert.not.ok(files.includes(file), file);
  assert.ok(files.includes('cbor/decode.ts') && files.includes('cbor/encode.ts'));
});

shaking.run();
