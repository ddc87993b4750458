/**
 * The JSON Schema Test Suite against the lowered IR: for every case the front end accepts, each
 * instance's validity under the IR (checked with the compile-time evaluator) must be the suite's.
 * Cases are refused only for the reasons listed here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JSTS, remotes, runSuiteFile, type Outcome } from './ir-jsts-helpers.js';

const DRAFTS = [
  { folder: 'draft2020-12', dialect: 'https://json-schema.org/draft/2020-12/schema', minimumChecked: 800 },
  { folder: 'draft7', dialect: 'http://json-schema.org/draft-07/schema#', minimumChecked: 750 },
];

const jsts = suite('ir: JSON Schema Test Suite');
for (const { folder, dialect, minimumChecked } of DRAFTS) {
  jsts(`gives the suite's result for every ${folder} instance of every accepted case`, () => {
    const schemasByUri = remotes(folder, dialect);
    const outcome: Outcome = { mismatches: [], refused: [], checked: 0 };
    for (const file of readdirSync(join(JSTS, folder)).filter((name) => name.endsWith('.json')).sort()) {
      runSuiteFile(folder, file, schemasByUri, outcome, dialect);
    }
    assert.equal(outcome.mismatches, []);
    assert.ok(outcome.checked >= minimumChecked, `checked only ${outcome.checked}`);
    // Every refusal is an unsupported keyword: remotes are registered by the URL the suite serves them at.
    const unexpected = outcome.refused.filter((entry) => !entry.includes('(unsupported-keyword:'));
    assert.equal(unexpected, []);
  });
}
jsts.run();
