// `dagCbor: true` (CLI --dag-cbor): generated CBOR encoders write DAG-CBOR, byte-equal with
// @ipld/dag-cbor (and so with the runtime's generic DAG-CBOR encoder) on every value they accept.
import * as ipld from '@ipld/dag-cbor';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec } from '../src/index.js';

const SCHEMA = {
  type: 'object',
  properties: {
    zeta: { type: 'number' },
    id: { type: 'integer' },
    ab: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    extra: {},
    nested: { type: 'object', properties: { longer: { type: 'number' }, x: { type: 'boolean' } }, required: ['x'] },
  },
  required: ['zeta', 'id'],
  additionalProperties: { type: 'number' },
};

const dag = compileCodec(SCHEMA, { format: 'cbor', dagCbor: true });
const plain = compileCodec(SCHEMA, { format: 'cbor' });
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const equality = suite('generated --dag-cbor encoders against @ipld/dag-cbor');

equality('writes keys length-first, floats in 64 bits and -0 as 0, as @ipld/dag-cbor', () => {
  const value = { zeta: 1.5, id: -0, ab: 'x', nested: { x: true, longer: 0.5 }, q: 2.5, extra: { b: [1.25, null], aa: 'y' } };
  assert.is(hex(dag.encode(value)), hex(ipld.encode(value)));
  assert.is.not(hex(plain.encode(value)), hex(ipld.encode(value)), 'the default encoder writes schema order');
});

equality('agrees byte for byte on 500 seeded random values', () => {
  let state = 0xda9;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const number = () => [Math.floor(next() * 1e6) - 5e5, (next() - 0.5) * 1e9, 2 ** 40, 0.1, -0][Math.floor(next() * 5)];
  const text = () => ['', 'a', 'bé', 'zz', '日本語', 'x'.repeat(30)][Math.floor(next() * 6)];
  const any = (depth: number): unknown => {
    const kind = depth === 0 ? Math.floor(next() * 4) : Math.floor(next() * 6);
    if (kind === 0) return number();
    if (kind === 1) return text();
    if (kind === 2) return [true, false, null][Math.floor(next() * 3)];
    if (kind === 3) return new Uint8Array([1, 2, 3]).subarray(0, Math.floor(next() * 4));
    if (kind === 4) return Array.from({ length: Math.floor(next() * 4) }, () => any(depth - 1));
    return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [text(), any(depth - 1)]));
  };
  for (let round = 0; round < 500; round++) {
    const value: Record<string, unknown> = { zeta: number(), id: Math.floor(next() * 1e6) };
    if (next() < 0.5) value.ab = text();
    if (next() < 0.5) value.tags = Array.from({ length: Math.floor(next() * 4) }, text);
    if (next() < 0.5) value.extra = any(3);
    if (next() < 0.5) value.nested = next() < 0.5 ? { x: true } : { x: false, longer: number() };
    for (let extra = Math.floor(next() * 3); extra > 0; extra--) value[`k${text()}${extra}`] = number();
    assert.is(hex(dag.encode(value)), hex(ipld.encode(value)), `round ${round}`);
  }
});

equality('refuses undefined and NaN inside a value of unknown shape, with its path', () => {
  for (const [extra, path] of [[{ a: undefined }, '/extra/a'], [[1, Number.NaN], '/extra/1']] as const) {
    try {
      dag.encode({ zeta: 1, id: 1, extra });
      assert.unreachable('encoded');
    } catch (error) {
      assert.is((error as { code: string }).code, 'unsupported-value');
      assert.is((error as { path: string }).path, path);
    }
  }
});

equality.run();
