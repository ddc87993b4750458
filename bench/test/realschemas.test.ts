/**
 * The real-world schemas the repository carries (`test-data/realschemas/`, SchemaStore, see its
 * README): each compiles in every format and every one of its documents round-trips equal, with
 * cbor-x reading our CBOR equal and our decoders reading cbor-x's. Every folder there is a case:
 * add a schema by copying its folder with its `index.json` entry. Each `codeSize: 'small'` module (JS
 * target) stays within its size bar, 8x the schema or 32 KB (the default modules are judged against
 * ajv's standalone code in `pnpm --filter @binschema/bench run sizes`). Timings live in
 * `pnpm realschemas`, not here.
 */
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec, compileSchema, type Format } from '@binschema/compiler';
import { checkRealSchema } from '../src/realschemas-check.js';
import { withinSizeBar } from '../src/realschemas-markdown.js';
import { listRealSchemas, loadRealSchema } from '../src/realschemas-load.js';

const DIR = fileURLToPath(new URL('../../test-data/realschemas/', import.meta.url));
const entries = listRealSchemas(DIR);

const real = suite('real-world schemas');
real('the repository carries real schemas of every draft', () => {
  const drafts = new Set(entries.map((entry) => entry.draft));
  for (const draft of ['draft-04', 'draft-07', '2019-09', '2020-12']) assert.ok(drafts.has(draft), `no ${draft} schema in ${DIR}`);
});
for (const entry of entries) {
  real(`${entry.name} (${entry.draft}) compiles in every format and round-trips its ${entry.docs.length} documents`, () => {
    const real = loadRealSchema(DIR, entry);
    const result = checkRealSchema(real);
    for (const [format, formatResult] of [['cbor', result.cbor], ['ubjson', result.ubjson], ['msgpack', result.msgpack]] as const) {
      assert.is(formatResult.compileError, undefined);
      assert.equal(formatResult.failures, []);
      assert.is(formatResult.roundTripped, entry.docs.length);
      const small = compileSchema(real.schema, 'schema', { format, target: 'js', codeSize: 'small', baseUri: entry.schemaId, schemasByUri: real.refs });
      const bytes = Buffer.byteLength(small.find((file) => file.fileName.endsWith('.js'))!.text);
      assert.ok(withinSizeBar(bytes, result.schemaBytes), `${format} small module ${bytes} bytes for a ${result.schemaBytes}-byte schema`);
    }
    assert.equal(result.cborxFailures, []);
    assert.is(result.cborxReadsOurs, entry.docs.length);
    assert.is(result.weReadCborx, entry.docs.length);
  });
}
// The largest schema carried, compiled compact (record tables) in every format: every document
// round-trips, in the bytes the specialised codecs write.
const largest = entries.map((entry) => loadRealSchema(DIR, entry)).sort((a, b) => b.schemaBytes - a.schemaBytes)[0];
for (const format of ['cbor', 'ubjson', 'msgpack'] as Format[]) {
  real(`${largest.entry.name}, the largest, round-trips its ${largest.docs.length} documents through compact ${format} codecs in the fast codecs' bytes`, () => {
    const options = { format, baseUri: largest.entry.schemaId, schemasByUri: largest.refs };
    const compact = compileCodec(largest.schema, { ...options, codeSize: 'small' });
    const fast = compileCodec(largest.schema, { ...options, codeSize: 'speed' });
    for (const doc of largest.docs) {
      const bytes = compact.encode(doc.value);
      assert.equal(Array.from(bytes), Array.from(fast.encode(doc.value)), doc.file);
      assert.equal(compact.decode(bytes), doc.value, doc.file);
    }
  });
}

real.run();
