import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAll, type Case } from '../src/check.js';
import { parseOptions, UsageError } from '../src/options.js';
import { childArguments } from '../src/processes.js';
import { loadPayloads, type Payload } from '../src/payloads.js';
import { AHEAD_OF_TIME, registry, type CodecEntry, type PayloadCodec } from '../src/registry.js';
import { forgetShapes, shuffled } from '../src/mixed.js';
import { parseTrace } from '../src/deopts.js';
import { buildRows, geoMeans } from '../src/summary.js';
import { timeRounds, type Timed } from '../src/timing.js';
import { timeSteadyRounds } from '../src/steady.js';
import { cloneJson, copyBytes, differs } from '../src/values.js';
import { JSON_TYPE } from '../src/json-type-peer.js';

const payloads = loadPayloads();

const Values = suite('values');

Values('a deep copy equals the payload and shares no object with it', () => {
  const original = payloads.find((payload) => payload.name === 'large-object')!.value as unknown[];
  const copy = cloneJson(original) as unknown[];
  assert.is(differs(original, copy), undefined);
  assert.is.not(copy, original);
  assert.is.not(copy[5], original[5]);
});

Values('a BigInt equals the double it converts to, not a neighbouring one', () => {
  assert.is(differs(968129121061490700, 968129121061490700n), undefined);
  assert.ok(differs(968129121061490700, 968129121061490800n + 1000n) !== undefined);
});

Values('a typed array equals an array with the same elements', () => {
  assert.is(differs([1, 2, 3], new Uint8Array([1, 2, 3])), undefined);
  assert.ok(differs([1, 2, 3], new Uint8Array([1, 2, 4])) !== undefined);
});

Values('key order is ignored but a missing, extra or changed key is reported with its path', () => {
  assert.is(differs({ a: 1, b: 2 }, { b: 2, a: 1 }), undefined);
  assert.is(differs({ a: { b: 1 } }, { a: { c: 1 } }), '/a: missing key "b"');
  assert.is(differs({ a: 1 }, { a: 1, b: 2 }), '/: expected 1 keys, got 2');
  assert.is(differs({ a: [1, 'x'] }, { a: [1, 'y'] }), '/a/1: expected "x", got "y"');
});

Values('an object is not equal to an array, and null is not equal to an object', () => {
  assert.ok(differs({}, []) !== undefined);
  assert.ok(differs({}, null) !== undefined);
  assert.ok(differs(null, {}) !== undefined);
});

const Check = suite('check phase');

/** A CBOR test double built on cbor-x, with one defect switched on. */
function fakeEntry(id: string, defect: (codec: PayloadCodec) => PayloadCodec): CodecEntry {
  return {
    id,
    label: id,
    names: { encode: id, decode: id },
    format: 'cbor',
    wire: 'cbor',
    origin: 'ours',
    notes: [],
    async load() {
      const { Encoder } = await import('cbor-x');
      const encoder = new Encoder({ useRecords: false });
      const codec = defect({ encode: (value) => encoder.encode(value), decode: (bytes) => encoder.decode(bytes), prepare: copyBytes });
      return () => codec;
    },
  };
}

const small: Payload[] = payloads.filter((payload) => payload.name === 'small-object');
const peersOnly = () => registry().filter((entry) => entry.format === 'cbor' && entry.origin === 'peer');

Check('reports an encoder whose output drops a key as failing and gives it no timing function', async () => {
  const broken = fakeEntry('drops-op', (codec) => ({
    ...codec,
    encode: (value) => codec.encode((value as Record<string, unknown>[]).map(({ op, ...rest }) => rest)),
  }));
  const result = await checkAll(small, [...peersOnly(), broken]);
  const encode = result.cases.find((item) => item.entry === broken && item.direction === 'encode')!;
  assert.is(encode.status, 'failing');
  assert.is(encode.run, undefined);
  assert.match(encode.reason!, /differs at \/0: expected 3 keys, got 2/);
});

Check('reports an encoder that overwrites an output it already returned', async () => {
  const shared = new Uint8Array(64);
  const reusing = fakeEntry('reuses-buffer', (codec) => ({
    ...codec,
    encode: (value) => {
      const bytes = codec.encode(value) as Uint8Array;
      shared.fill(0);
      shared.set(bytes);
      return shared.subarray(0, bytes.length);
    },
  }));
  const result = await checkAll(small, [...peersOnly(), reusing]);
  const encode = result.cases.find((item) => item.entry === reusing && item.direction === 'encode')!;
  assert.is(encode.status, 'failing');
  assert.match(encode.reason!, /wrote over the bytes/);
});

Check('reports a decoder that returns the wrong value for the reference bytes', async () => {
  const wrong = fakeEntry('wrong-decoder', (codec) => ({ ...codec, decode: () => [] }));
  const result = await checkAll(small, [...peersOnly(), wrong]);
  const decode = result.cases.find((item) => item.entry === wrong && item.direction === 'decode')!;
  assert.is(decode.status, 'failing');
});

Check('skips an entry whose module is missing and keeps checking the others', async () => {
  const missing: CodecEntry = { ...fakeEntry('missing', (codec) => codec), load: () => import('@binschema/not-a-package' as string) };
  const result = await checkAll(small, [...peersOnly(), missing]);
  assert.equal(result.skipped.map(({ entry }) => entry.id), ['missing']);
  assert.ok(result.cases.every((item) => item.status === 'ok'));
});

Check('gives every decoder a fresh input object with the same bytes on each call', async () => {
  const result = await checkAll(small, peersOnly());
  const decode = result.cases.find((item) => item.direction === 'decode' && item.status === 'ok')!;
  const first = decode.makeInput!() as Uint8Array;
  const second = decode.makeInput!() as Uint8Array;
  assert.is.not(first, second);
  assert.is.not(first.buffer, second.buffer);
  assert.equal([...first], [...second]);
});

Check('times CBOR decoders on the preferred serialization of the payload, in its key order', async () => {
  const result = await checkAll(small, peersOnly());
  const decode = result.cases.find((item) => item.direction === 'decode' && item.entry.id === 'cbor-x')!;
  const bytes = Buffer.from(decode.makeInput!() as Uint8Array).toString('hex');
  // [{"op":"add","path":"/foo/baz","value":666}]: array(1), map(3), text keys and values with
  // one-byte heads, 666 as 0x19 029a (RFC 8949 §4.1 shortest head).
  assert.is(bytes, '81a3626f70636164646470617468682f666f6f2f62617a6576616c756519029a');
});

/** An encode-only CBOR peer (as json-type's CborCodegen) writing cbor-x's bytes, with one defect switched on. */
function encodeOnlyEntry(defect: (value: unknown) => unknown = (value) => value): CodecEntry {
  return {
    ...fakeEntry('encode-only', (codec) => ({ ...codec, encode: (value) => codec.encode(defect(value)), decode: () => { throw new Error('never called'); } })),
    origin: 'peer',
    encodeOnly: true,
  };
}

Check('an encode-only codec gets an encode case and no decode case, its bytes read by the reference peer', async () => {
  const result = await checkAll(small, [...peersOnly(), encodeOnlyEntry()]);
  const cases = result.cases.filter((item) => item.entry.id === 'encode-only');
  assert.equal(cases.map((item) => `${item.direction} ${item.status}`), ['encode ok']);
});

Check('an encode-only codec whose bytes the reference peer reads wrong is failing', async () => {
  const broken = encodeOnlyEntry((value) => (value as Record<string, unknown>[]).map(({ op, ...rest }) => rest));
  const result = await checkAll(small, [...peersOnly(), broken]);
  const encode = result.cases.find((item) => item.entry.id === 'encode-only')!;
  assert.is(encode.status, 'failing');
  assert.match(encode.reason!, /differs at \/0: expected 3 keys, got 2/);
});

Check('an encode-only codec is never the reference peer, so alone it cannot pass', async () => {
  const result = await checkAll(small, [encodeOnlyEntry()]);
  assert.equal(result.cases.map((item) => `${item.direction} ${item.status}`), ['encode failing']);
  assert.match(result.cases[0].reason!, /no reference peer/);
  assert.is(result.references['small-object/cbor'], 'none: no peer encoder passed');
});

const Registry = suite('registered codecs');

Registry('every registered codec that is available passes the check on every payload', async () => {
  const result = await checkAll(payloads, registry());
  const failing = result.cases.filter((item) => item.status === 'failing')
    .map((item) => `${item.payload} ${item.format} ${item.direction} ${item.entry.label}: ${item.reason}`);
  assert.equal(failing, []);
  // The peers and the JSON baseline are installed, so at least they must have been checked.
  const checked = new Set(result.cases.map((item) => `${item.format} ${item.entry.id}`));
  for (const name of ['cbor cbor-x', 'cbor cborg', 'cbor json-pack', 'cbor json-pack fast', 'cbor node-cbor', 'msgpack msgpackr', 'msgpack @msgpack/msgpack', 'msgpack json-pack', 'msgpack binschema generic', 'ubjson json-pack', 'ubjson @shelacek/ubjson', 'cbor JSON', `cbor ${AHEAD_OF_TIME}`, `ubjson ${AHEAD_OF_TIME}`, `msgpack ${AHEAD_OF_TIME}`]) {
    assert.ok(checked.has(name), `${name} was checked`);
  }
  for (const name of ['cbor binschema generated (small)', 'ubjson binschema generated (small)', 'msgpack binschema generated (small)', `cbor ${JSON_TYPE}`, 'cbor cbor-x + ajv', 'cbor json-pack + ajv', 'ubjson json-pack + ajv', 'msgpack msgpackr + ajv']) {
    assert.ok(checked.has(name), `${name} was checked`);
  }
  // json-type only encodes: an encode case on every payload, no decode case at all.
  const jsonType = result.cases.filter((item) => item.entry.id === JSON_TYPE);
  assert.equal(jsonType.map((item) => `${item.direction} ${item.status}`), payloads.map(() => 'encode ok'));
  assert.is(result.cases.filter((item) => item.entry.id !== JSON_TYPE).length % payloads.length, 0);
});

const Summary = suite('summary');

Summary('ratios are taken against the fastest peer, never against ours or JSON', async () => {
  const result = await checkAll(small, registry().filter((entry) => entry.format === 'cbor' && entry.origin !== 'ours'));
  // JSON and the alternatives (a generic codec + ajv) at 1 ns: neither is ever the fastest peer.
  const timings = new Map(result.cases.map((item) => [item, [[['baseline', 'alternative'].includes(item.entry.origin) ? 1 : item.entry.id === 'cborg' ? 50 : 100]]]));
  const rows = buildRows(result.cases, timings);
  assert.ok(rows.some((row) => row.origin === 'alternative' && row.nsPerOp === 1));
  assert.ok(rows.every((row) => row.fastestPeer === undefined || row.fastestPeer === 'cborg'));
  const json = rows.find((row) => row.codec === 'JSON' && row.direction === 'encode')!;
  const cbor = rows.find((row) => row.codec === 'cbor-x' && row.direction === 'encode')!;
  assert.is(json.ratio, 50);
  assert.is(cbor.ratio, 0.5);
  const mean = geoMeans(rows).find((item) => item.codec === 'cbor-x' && item.direction === 'encode')!;
  assert.is(mean.ratio, 0.5);
});

Summary('each case\'s figure is its fastest round over every process, with the median of the processes\' medians beside it', async () => {
  const result = await checkAll(small, registry().filter((entry) => entry.format === 'cbor' && (entry.id === 'cbor-x' || entry.id === 'cborg')));
  const encode = (id: string) => result.cases.find((item) => item.entry.id === id && item.direction === 'encode')!;
  // cbor-x: two processes, medians 120 and 200 → 160; fastest 90 (a slow stretch hit the second process's middle rounds).
  // cborg: one process, median 100, fastest 100.
  const timings = new Map([[encode('cbor-x'), [[120, 90, 130], [200, 210, 95]]], [encode('cborg'), [[100, 100, 100]]]]);
  const rows = buildRows(result.cases, timings);
  const cborX = rows.find((row) => row.codec === 'cbor-x' && row.direction === 'encode')!;
  assert.is(cborX.nsPerOp, 90);
  assert.is(cborX.medianNs, 160);
  assert.equal(cborX.rounds, [120, 90, 130, 200, 210, 95]);
  // By fastest rounds cbor-x is the fastest peer; by medians cborg is.
  const cborg = rows.find((row) => row.codec === 'cborg' && row.direction === 'encode')!;
  assert.is(cborg.fastestPeer, 'cbor-x');
  assert.is(cborg.ratio, 0.9);
  assert.is(cborg.medianRatio, 1);
  assert.is(cborX.medianRatio, 100 / 160);
  const mean = geoMeans(rows).find((item) => item.codec === 'cborg' && item.direction === 'encode')!;
  assert.is(mean.ratio, 0.9);
  assert.is(mean.medianRatio, 1);
  assert.is(mean.worstPayload, 'small-object');
  assert.is(rows.find((row) => row.codec === 'cbor-x' && row.direction === 'decode')!.status, 'not timed');
});

const Rounds = suite('rounds');

Rounds('a case that throws while timed is dropped from later rounds and reported, the others go on', async () => {
  // Tiny budgets: this checks the bookkeeping, not any timing.
  const budget = { timeMs: 0.05, sampleUs: 5, minSamples: 2, estimateMs: 0.1, gc: false, warmupSamples: 1 };
  let calls = 0;
  const good: Timed = { run: (input: number[]) => input.length, makeInput: () => [1, 2, 3] };
  const flaky: Timed = { run: () => { if (++calls > 3) throw new RangeError('state broke'); return calls; }, makeInput: () => 0 };
  const estimates = new Map<Timed, number>([[good, 100], [flaky, 100]]);
  const { results, failed } = await timeRounds([[good, flaky]], estimates, 2, budget, () => {});
  assert.is(results.get(good)!.length, 2);
  assert.is(results.has(flaky), false);
  assert.instance(failed.get(flaky), RangeError);
});

const Steady = suite('steady mode');

Steady('warms every case up, then times each once per round in an order that changes between rounds', async () => {
  // Tiny budgets: this checks the bookkeeping and the order, not any timing.
  const budget = { timeMs: 0.05, sampleUs: 5, minSamples: 2, estimateMs: 0.1, gc: false, warmupSamples: 1 };
  const firstCalls: string[][] = [];
  let round: string[] = [];
  const makeCase = (name: string) => ({ run: () => { if (round.at(-1) !== name) round.push(name); return name; }, makeInput: () => 0 }) as unknown as Required<Case>;
  const cases = ['a', 'b', 'c', 'd', 'e', 'f'].map(makeCase);
  const estimates = new Map(cases.map((item) => [item, 100]));
  const progress = () => {
    firstCalls.push(round);
    round = [];
  };
  const { results, failed } = await timeSteadyRounds(cases, estimates, budget, { rounds: 4, warmupMs: 0.05, seed: 7, progress });
  firstCalls.push(round);
  assert.is(failed.size, 0);
  for (const item of cases) assert.is(results.get(item)!.length, 4);
  // The warm-up pass, then four rounds: each visits every case once, and not all in one order.
  assert.is(firstCalls.length, 5);
  for (const visited of firstCalls) assert.equal([...visited].sort(), ['a', 'b', 'c', 'd', 'e', 'f']);
  assert.ok(new Set(firstCalls.slice(1).map((visited) => visited.join(''))).size > 1);
});

Steady('runs the cases of one payload, format and direction one after another, groups and cases in new orders each round', async () => {
  const budget = { timeMs: 0.05, sampleUs: 5, minSamples: 2, estimateMs: 0.1, gc: false, warmupSamples: 1 };
  const rounds: string[][] = [];
  let round: string[] = [];
  const groups = [['p', 'cbor', 'encode'], ['p', 'cbor', 'decode'], ['q', 'cbor', 'encode'], ['q', 'ubjson', 'encode']] as const;
  const cases = groups.flatMap(([payload, format, direction]) =>
    ['x', 'y', 'z'].map((codec) => {
      const name = `${payload} ${format} ${direction} ${codec}`;
      return { payload, format, direction, run: () => { if (round.at(-1) !== name) round.push(name); return name; }, makeInput: () => 0 } as unknown as Required<Case>;
    }),
  );
  const progress = () => {
    rounds.push(round);
    round = [];
  };
  await timeSteadyRounds(cases, new Map(cases.map((item) => [item, 100])), budget, { rounds: 6, warmupMs: 0.05, seed: 11, progress });
  rounds.push(round);
  const groupOf = (name: string) => name.split(' ').slice(0, 3).join(' ');
  for (const visited of rounds) {
    assert.is(visited.length, cases.length);
    // Each group's three cases are adjacent: the group changes exactly three times per round.
    assert.is(visited.filter((name, index) => index > 0 && groupOf(name) !== groupOf(visited[index - 1])).length, groups.length - 1);
  }
  const timed = rounds.slice(1);
  assert.ok(new Set(timed.map((visited) => visited.map(groupOf).join())).size > 1, 'the groups come in other orders');
  assert.ok(new Set(timed.map((visited) => visited.filter((name) => groupOf(name) === 'p cbor encode').join())).size > 1, 'a group\'s cases come in other orders');
});

Steady('is the default mode, with at least 300 ms of warm-up and 15 rounds of 20-30 ms slices', () => {
  const options = parseOptions([]);
  assert.is(options.mode, 'steady');
  assert.ok(options.warmupMs >= 300);
  assert.ok(options.rounds >= 15);
  assert.ok(options.budget.timeMs >= 20 && options.budget.timeMs <= 30);
  assert.is(parseOptions(['--steady']).out, 'latest');
  assert.is(parseOptions(['--cold']).out, 'cold');
  assert.is(parseOptions(['--cold', '--quick']).out, 'cold-quick');
  assert.is(parseOptions(['--node', '24']).node, '24');
  assert.throws(() => parseOptions(['--steady', '--mixed']), (error: unknown) => error instanceof UsageError);
});

const Mixed = suite('mixed mode');

Mixed('shuffles every case into an order that depends on the seed and loses none', () => {
  const items = Array.from({ length: 50 }, (_, index) => index);
  const first = shuffled(items, 1);
  assert.equal([...first].sort((a, b) => a - b), items);
  assert.equal(shuffled(items, 1), first);
  assert.ok(shuffled(items, 2).some((item, index) => item !== first[index]));
  assert.ok(first.some((item, index) => item !== index));
});

Mixed('the check keeps no live shapes in the mixed mode, and forgetShapes drops them in the standard one', async () => {
  const kept = await checkAll(small, peersOnly());
  assert.ok(kept.cases.some((item) => item.liveShapes !== undefined));
  forgetShapes(kept.cases);
  assert.ok(kept.cases.every((item) => item.liveShapes === undefined));
  const mixed = await checkAll(small, peersOnly(), { keepShapes: false });
  assert.ok(mixed.cases.every((item) => item.liveShapes === undefined));
  assert.ok(mixed.cases.every((item) => item.status === 'ok'));
});

Mixed('--mixed collects garbage even when quick, and writes mixed results', () => {
  assert.is(parseOptions(['--mixed']).out, 'mixed');
  assert.is(parseOptions(['--mixed', '--quick']).out, 'mixed-quick');
  assert.is(parseOptions(['--mixed', '--payload', 'tokens']).out, 'mixed-partial');
  assert.is(parseOptions(['--mixed', '--quick']).budget.gc, true);
  assert.is(parseOptions(['--quick']).budget.gc, false);
  assert.is(parseOptions(['--mixed', '--seed', '42']).seed, 42);
  assert.throws(() => parseOptions(['--seed', '-1']), (error: unknown) => error instanceof UsageError);
});

const Deopts = suite('deopts trace');

Deopts('reads bailouts and weak-object invalidations after the warm-up marker only', () => {
  // Lines as V8 11.3 prints them with --trace-deopt (addresses shortened).
  const trace = [
    '[bailout (kind: deopt-eager, reason: wrong map): begin. deoptimizing 0x1 <JSFunction readEarly (sfi = 0x2)>, 0x3 <Code TURBOFAN>, opt id 0, bytecode offset 2]',
    '=== binschema deopts: warm ===',
    '[bailout (kind: deopt-eager, reason: wrong map): begin. deoptimizing 0x1 <JSFunction readPoint (sfi = 0x2)>, 0x3 <Code TURBOFAN>, opt id 4, bytecode offset 9]',
    '[marking dependent code 0x4 <Code TURBOFAN> (0x5 <SharedFunctionInfo readJtdSchema>) (opt id 12) for deoptimization, reason: weak objects]',
    '[bailout (kind: deopt-lazy, reason: (unknown)): begin. deoptimizing 0x1 <JSFunction (sfi = 0x2)>, 0x3 <Code TURBOFAN>, opt id 5]',
    '=== binschema deopts: end ===',
    '[marking dependent code 0x4 <Code TURBOFAN> (0x5 <SharedFunctionInfo readLate>) (opt id 13) for deoptimization, reason: weak objects]',
  ].join('\n');
  assert.equal(parseTrace(trace), [
    { function: 'readPoint', kind: 'deopt-eager', reason: 'wrong map' },
    { function: 'readJtdSchema', kind: 'marked', reason: 'weak objects' },
    { function: '(anonymous)', kind: 'deopt-lazy', reason: '(unknown)' },
  ]);
});

const Options = suite('options');

Options('quick mode runs one round and writes quick results', () => {
  const options = parseOptions(['--quick']);
  assert.is(options.rounds, 1);
  assert.is(options.out, 'quick');
});

Options('a filtered run does not overwrite the latest results', () => {
  assert.is(parseOptions(['--payload', 'tokens']).out, 'partial');
  assert.is(parseOptions([]).out, 'latest');
});

Options('rejects an unknown argument and a non-positive round count', () => {
  assert.throws(() => parseOptions(['--fast']), (error: unknown) => error instanceof UsageError);
  assert.throws(() => parseOptions(['--rounds', '0']), (error: unknown) => error instanceof UsageError);
});

Options('runs in one process unless told otherwise, and takes a whole number of processes', () => {
  assert.is(parseOptions([]).processes, 1);
  assert.is(parseOptions(['--processes', '3']).processes, 3);
  assert.throws(() => parseOptions(['--processes', '0']), (error: unknown) => error instanceof UsageError);
  assert.throws(() => parseOptions(['--processes', '1.5']), (error: unknown) => error instanceof UsageError);
});

Options('a child process gets the same run without the options the parent sets for it or acts on alone', () => {
  const argv = ['--processes', '3', '--payload', 'tokens', '--out', 'mine', '--rounds', '2', '--format', 'cbor', '--seed', '5'];
  assert.equal(childArguments(argv), ['--payload', 'tokens', '--rounds', '2']);
  assert.equal(parseOptions([...childArguments(argv), '--timings-out', '/tmp/t.json']).processes, 1);
});

Values.run();
Check.run();
Registry.run();
Summary.run();
Rounds.run();
Steady.run();
Mixed.run();
Deopts.run();
Options.run();
