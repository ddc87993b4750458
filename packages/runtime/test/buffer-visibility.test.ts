import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { utf8Length } from '../src/utf8.js';

// The runtime's second test pass (scripts/test.mjs) must really run without the global Buffer,
// or it would test the Buffer paths twice; the first pass must have it.
const visibility = suite('the global Buffer in each test pass');

visibility('is hidden from our code in the pass without Buffer, and present in the other', () => {
  const pass = process.env.BINSCHEMA_TEST_PASS;
  assert.ok(pass === 'node' || pass === 'without-buffer', `unknown pass ${pass}`);
  const seen = (globalThis as { Buffer?: unknown }).Buffer;
  if (pass === 'without-buffer') assert.is(seen, undefined);
  else assert.type(seen, 'function');
  // And the runtime still works either way.
  assert.is(utf8Length('héllo'), 6);
});

visibility.run();
