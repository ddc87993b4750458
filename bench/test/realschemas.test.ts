/**
 * The real-world schemas the repository carries (`test-data/realschemas/`, SchemaStore, see its
 * README): each compiles in both formats and every one of its documents round-trips equal, with
 * cbor-x reading our CBOR equal and our decoders reading cbor-x's. Every folder there is a case:
 * add a schema by copying its folder with its `index.json` entry. Timings live in
 * `pnpm realschemas`, not here.
 */
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkRealSchema } from '../src/realschemas-check.js';
import { listRealSchemas, loadRealSchema } from '../src/realschemas-load.js';

const DIR = fileURLToPath(new URL('../../test-data/realschemas/', import.meta.url));
const entries = listRealSchemas(DIR);

const real = suite('real-world schemas');
real('the repository carries real schemas of every draft', () => {
  const drafts = new Set(entries.map((entry) => entry.draft));
  for (const draft of ['draft-04', 'draft-07', '2019-09', '2020-12']) assert.ok(drafts.has(draft), `no ${draft} schema in ${DIR}`);
});
for (const entry of entries) {
  real(`${entry.name} (${entry.draft}) compiles in both formats and round-trips its ${entry.docs.length} documents`, () => {
    const result = checkRealSchema(loadRealSchema(DIR, entry), { aheadOfTime: false });
    for (const format of [result.cbor, result.ubjson]) {
      assert.is(format.compileError, undefined);
      assert.equal(format.failures, []);
      assert.is(format.roundTripped, entry.docs.length);
    }
    assert.equal(result.cborxFailures, []);
    assert.is(result.cborxReadsOurs, entry.docs.length);
    assert.is(result.weReadCborx, entry.docs.length);
  });
}
real.run();
