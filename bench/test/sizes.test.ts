import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ASSERTED_FORMATS, compileSchema } from '@binschema/compiler';
import { ajvStandalone, bundleAjv, importValidator, measureAjv } from '../src/sizes-ajv.js';
import { sizesMarkdown } from '../src/sizes-markdown.js';
import { measureFormat, type FormatSizes } from '../src/sizes-module.js';
import { barsOver, FORMATS, overCompileBar, overSmallBar, overSpeedBar, summariseFormat, type SizeRow } from '../src/sizes-rows.js';
import { compactBytes, listSizeSchemas, loadSizeSchema, type SizeSchema } from '../src/sizes-schemas.js';

/** A payload schema by name (never the shared folder beside the repository). */
function payload(name: string): SizeSchema {
  const ref = listSizeSchemas(undefined, [name]).schemas.find((candidate) => candidate.source === 'payloads');
  if (ref === undefined) throw new Error(`no payload ${name}`);
  return loadSizeSchema(ref);
}

function inline(schema: unknown): SizeSchema {
  return { source: 'payloads', dir: '', name: 'inline', draft: '2020-12', schema, refs: {}, schemaBytes: compactBytes(schema), docs: [] };
}

const modules = suite('size report: our modules');

modules('measures the speed and small .js modules of a payload schema in every format', () => {
  const schema = payload('small-object');
  assert.is(schema.draft, '2020-12');
  assert.is(schema.docs.length, 1);
  for (const format of FORMATS) {
    const sizes = measureFormat(compileSchema, schema, format, { warmUp: false });
    assert.equal(sizes.errors, [], format);
    for (const module of [sizes.speed!, sizes.small!]) {
      assert.ok(module.bytes > 1000, `${format}: ${module.bytes} bytes`);
      assert.ok(module.gzipBytes > 0 && module.gzipBytes < module.bytes, `${format}: gzip ${module.gzipBytes}`);
      assert.ok(module.ms >= 0);
    }
    assert.is.not(sizes.speed!.bytes, sizes.small!.bytes, `${format}: the two code sizes are different modules`);
  }
});

const ajv = suite('size report: ajv standalone code');

/** Payloads with a value their schema refuses. */
const INVALID: Record<string, unknown> = {
  'small-object': [{ op: 'add', path: '/foo/baz', value: '666' }],
  tokens: [true, 0],
  'typical-object': [{ op: 'add', value: 1 }],
};

for (const [name, invalid] of Object.entries(INVALID)) {
  ajv(`the measured code of ${name} accepts its payload and refuses an invalid value`, async () => {
    const schema = payload(name);
    const { source, ajvClass } = ajvStandalone(schema, ASSERTED_FORMATS);
    assert.is(ajvClass, 'Ajv2020');
    const validate = await importValidator((await bundleAjv(source)).bundle);
    assert.ok(validate(schema.docs[0]), 'the payload passes');
    assert.not.ok(validate(invalid), 'the invalid value fails');
  });
}

ajv('measureAjv counts the source as ajv writes it plus its helpers, and checks the documents', async () => {
  const sizes = await measureAjv(payload('typical-object'), ASSERTED_FORMATS);
  assert.is(sizes.error, undefined);
  assert.is(sizes.ajvClass, 'Ajv2020');
  assert.equal(sizes.helpers, []);
  assert.is(sizes.bytes, sizes.standaloneBytes! + sizes.helpersBytes!);
  assert.ok(sizes.bundleBytes! > sizes.standaloneBytes!, 'esbuild reprints the one-line source longer');
  assert.ok(sizes.gzipBytes! > 0 && sizes.gzipBytes! < sizes.bytes!);
  assert.is(sizes.docsValid, 1);
  assert.is(sizes.docs, 1);
});

ajv('bundles the runtime helpers the code requires and counts them', async () => {
  const schema = inline({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string', maxLength: 3 });
  const { source } = ajvStandalone(schema, ASSERTED_FORMATS);
  const { bundle, helpers, helpersText } = await bundleAjv(source);
  assert.equal(helpers, ['ajv/dist/runtime/ucs2length']);
  assert.ok(helpersText.length > 0);
  const validate = await importValidator(bundle);
  assert.ok(validate('😀😀😀'), 'three code points, six UTF-16 units: the helper counts code points');
  assert.not.ok(validate('abcd'));
});

ajv("registers a real schema's refs by URI and accepts its documents (vendored pre-commit-config)", async () => {
  const ref = listSizeSchemas(undefined, ['pre-commit-config']).schemas[0];
  const schema = loadSizeSchema(ref);
  assert.ok(Object.keys(schema.refs).length > 0);
  const sizes = await measureAjv(schema, ASSERTED_FORMATS);
  assert.is(sizes.error, undefined);
  assert.is(sizes.ajvClass, 'Ajv');
  assert.is(sizes.docsValid, sizes.docs);
});

ajv('lists a schema ajv cannot compile with the reason', async () => {
  const sizes = await measureAjv(inline({ $schema: 'https://json-schema.org/draft/2020-12/schema', $ref: '#/$defs/missing' }), ASSERTED_FORMATS);
  assert.is(sizes.bytes, undefined);
  assert.match(sizes.error ?? '', /missing/);
});

const arithmetic = suite('size report: ratios and bars');

function module(bytes: number, ms = 100): FormatSizes['speed'] {
  return { bytes, gzipBytes: Math.round(bytes / 4), ms };
}

function row(name: string, schemaBytes: number, ajvBytes: number | undefined, speed: number, small: number, ms = 100): SizeRow {
  const sizes: FormatSizes = { speed: module(speed, ms), small: module(small), errors: [] };
  return {
    source: 'payloads',
    name,
    draft: '2020-12',
    schemaBytes,
    ajv: ajvBytes === undefined
      ? { docs: 1, formatsChecked: [], formatsUnchecked: [], skipped: 'no ajv' }
      : { docs: 1, docsValid: 1, formatsChecked: [], formatsUnchecked: [], ajvClass: 'Ajv2020', standaloneBytes: ajvBytes, helpers: [], helpersBytes: 0, bytes: ajvBytes, gzipBytes: ajvBytes / 5, bundleBytes: ajvBytes * 2 },
    formats: { cbor: sizes, ubjson: sizes, msgpack: sizes },
  };
}

/** a: 2.5x ajv and over 8 KB; b: 5x ajv but under 8 KB, small over 32 KB, compile 3.5 s; c: no ajv figure. */
const ROWS = [row('a', 1000, 10_000, 25_000, 9000), row('b', 100, 1000, 5000, 40_000, 3500), row('c', 500, undefined, 7000, 500)];

arithmetic('a bar is over only past both its ratio and its floor', () => {
  assert.not.ok(overSpeedBar(20_000, 10_000), 'exactly 2x');
  assert.ok(overSpeedBar(20_001, 10_000));
  assert.not.ok(overSpeedBar(8192, 1), 'exactly 8 KB');
  assert.ok(overSpeedBar(8193, 1));
  assert.not.ok(overSmallBar(8000, 1000), 'exactly 8x');
  assert.not.ok(overSmallBar(32 * 1024, 1), 'exactly 32 KB');
  assert.ok(overSmallBar(32 * 1024 + 1, 1));
  assert.not.ok(overCompileBar(3000));
  assert.ok(overCompileBar(3001));
  assert.equal(barsOver(ROWS[0], 'cbor'), ['ajv']);
  assert.equal(barsOver(ROWS[1], 'cbor'), ['small', 'compile']);
  assert.equal(barsOver(ROWS[2], 'cbor'), []);
});

arithmetic('totals pair speed with ajv only where both were measured', () => {
  const summary = summariseFormat(ROWS, 'cbor');
  assert.is(summary.paired, 2);
  assert.is(summary.speedBytes, 30_000);
  assert.is(summary.ajvBytes, 11_000);
  assert.is(summary.ratio, 30_000 / 11_000);
  assert.ok(summary.totalOverBar, '2.73x > 1.5x');
  assert.is(summary.ajvGzipBytes, 2200);
  assert.is(summary.ajvBundleBytes, 22_000);
  assert.equal(summary.overSpeed, ['a']);
  assert.equal(summary.worst.map((worst) => [worst.name, worst.ratio]), [['b', 5], ['a', 2.5]]);
  assert.is(summary.smallRows, 3);
  assert.is(summary.smallBytes, 49_500);
  assert.is(summary.schemaBytes, 1600);
  assert.is(summary.smallRatio, 49_500 / 1600);
  assert.equal(summary.overSmall, ['b']);
  assert.equal(summary.overCompile, [{ name: 'b', ms: 3500 }]);
  assert.equal(summary.failed, []);
});

arithmetic('the report leads with the totals and marks the rows over a bar', () => {
  const machine = { cpu: 'test', cores: 1, memoryGiB: 1, platform: 'test', node: 'v0', v8: '0', date: 'today', commit: 'abc' };
  const text = sizesMarkdown({ machine, versions: { ajv: '8.20.0', esbuild: '0.28.2' }, rows: ROWS, sharedDuplicates: [], sharedMissing: 'not asked for' });
  const summary = text.indexOf('## Summary');
  assert.ok(summary > 0 && summary < text.indexOf('## CBOR'));
  assert.match(text, '**CBOR**: speed 29.3 KB / ajv 10.7 KB = **2.73x** over 2 schemas (bar 1.5x: **over**');
  assert.match(text, '| a | test-data/payloads | 2020-12 | 1.0 | 9.8 | 24.4 | **2.50x** |');
  assert.match(text, '| **3,500** | over small; over 3 s |');
  assert.match(text, '- c: ajv skipped: no ajv');
});

modules.run();
ajv.run();
arithmetic.run();
