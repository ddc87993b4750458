import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAll } from '../src/check.js';
import { renderSchemad } from '../src/markdown.js';
import { loadPayloads } from '../src/payloads.js';
import { registry } from '../src/registry.js';
import { schemadEntries } from '../src/schemad.js';
import { buildRows } from '../src/summary.js';

const payloads = loadPayloads();
const schemad = suite('schema\'d layouts');

schemad('are registered for CBOR with their own origin, never as peers, each decoding its own wire', () => {
  const entries = registry().filter((entry) => entry.origin === 'schemad');
  assert.equal(entries.map((entry) => entry.id), ['cbor-x records', 'msgpackr records', 'avsc', 'binschema compact']);
  for (const entry of entries) {
    assert.is(entry.format, 'cbor');
    assert.is.not(entry.wire, 'cbor');
  }
});

schemad('pass the check on every payload they express; Avro skips the others with a reason', async () => {
  const result = await checkAll(payloads, schemadEntries());
  const failing = result.cases.filter((item) => item.status === 'failing').map((item) => `${item.payload} ${item.entry.id}: ${item.reason}`);
  assert.equal(failing, []);
  const avsc = result.cases.filter((item) => item.entry.id === 'avsc' && item.direction === 'encode');
  // Worked out from the payload schemas: a tuple, a property named "👍" (twice) and untyped `metadata`/`instance`.
  assert.equal(avsc.filter((item) => item.status === 'skipped').map((item) => item.payload).sort(), ['combined', 'large-object', 'typical-object', 'very-large-object']);
  for (const item of avsc.filter((one) => one.status === 'skipped')) assert.match(item.reason!, /^not expressible in Avro: #/);
  for (const id of ['cbor-x records', 'msgpackr records']) {
    assert.is(result.cases.filter((item) => item.entry.id === id && item.status === 'ok').length, payloads.length * 2, id);
  }
  // Ours in the compact layout: skipped until the compiler has the option, then checked like the others.
  const compact = result.skipped.find((skip) => skip.entry.id === 'binschema compact');
  if (compact !== undefined) assert.match(compact.reason, /no compact layout yet/);
  else assert.is(result.cases.filter((item) => item.entry.id === 'binschema compact' && item.status === 'ok').length, payloads.length * 2);
});

schemad('their table lists bytes per payload and the reason a payload was skipped', async () => {
  const small = payloads.filter((payload) => payload.name === 'combined' || payload.name === 'small-object');
  const result = await checkAll(small, schemadEntries().filter((entry) => entry.id === 'avsc'));
  const text = renderSchemad(buildRows(result.cases, new Map())).join('\n');
  assert.match(text, /\| combined \| avsc \| skipped \|/);
  assert.match(text, /- combined, avsc: not expressible in Avro: #: a tuple \(prefixItems\)/);
  // [{"op":"add","path":"/foo/baz","value":666}] in Avro, by hand: block of 1 (02), op index 0 (00),
  // path (10 + 8 bytes), value branch 1 (02) + long 666 (b4 0a), from branch 0 (00), end (00): 16 bytes.
  assert.match(text, /\| small-object \| avsc \| 16 \|/);
});

schemad.run();
