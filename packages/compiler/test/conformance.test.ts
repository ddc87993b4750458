// The JSON Schema Test Suite through the generated codecs of every format the compiler has a back
// end for: on each schema it accepts, encoder and decoder must give the suite's verdict on every
// instance (minus the asserted known failures); each schema it refuses must be refused with a
// SchemaError. Prints the figures per draft and format, with refusals grouped by code and keyword.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FORMATS } from './support/formats.js';
import { DRAFTS, describeTally, runDraft } from './support/conformance-run.js';
import { KNOWN_FAILURES } from './support/conformance-known-failures.js';

const conformance = suite('conformance with the JSON Schema Test Suite');
const figures: string[] = [];

for (const format of FORMATS) {
  for (const draft of DRAFTS) {
    conformance(`the ${format.name} codecs give the suite's verdict on every ${draft.folder} instance of every schema they accept`, () => {
      const tally = runDraft(format, draft);
      figures.push(describeTally(tally));
      const unexpected = [...tally.failures].filter(([id]) => !KNOWN_FAILURES.has(id)).map(([id, failure]) => `${id}: ${failure}`);
      assert.ok(unexpected.length === 0, `${unexpected.length} disagreements:\n${unexpected.slice(0, 30).join('\n')}`);
      const fixed = [...KNOWN_FAILURES.keys()].filter((id) => id.startsWith(`${draft.folder}/`) && !tally.failures.has(id));
      assert.ok(fixed.length === 0, `known failures that now pass for ${format.name} (remove them from conformance-known-failures.ts):\n${fixed.join('\n')}`);
      assert.ok(tally.accepted > 0, `the ${format.name} compiler accepted no ${draft.folder} schema`);
    });
  }
}

// The record tables (codeSize 'small') must agree with the suite as the default specialised code does.
for (const format of FORMATS) {
  for (const draft of DRAFTS) {
    conformance(`the record-table (codeSize 'small') ${format.name} codecs give the suite's verdict on every ${draft.folder} instance of every schema they accept`, () => {
      const tally = runDraft(format, draft, 'small');
      figures.push(describeTally(tally));
      const unexpected = [...tally.failures].filter(([id]) => !KNOWN_FAILURES.has(id)).map(([id, failure]) => `${id}: ${failure}`);
      assert.ok(unexpected.length === 0, `${unexpected.length} disagreements:\n${unexpected.slice(0, 30).join('\n')}`);
      assert.ok(tally.accepted > 0, `the record-table ${format.name} compiler accepted no ${draft.folder} schema`);
    });
  }
}

conformance.after(() => {
  console.log(`\n${figures.join('\n')}`);
});

conformance.run();
