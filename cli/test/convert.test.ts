import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { decodeMultiple } from 'cbor-x';
import { decode as shelacekDecode } from '@shelacek/ubjson';
import { spawnSync } from 'node:child_process';
import { runCli, bytes, CLI } from './run-cli.js';

const convertSuite = suite('binschema convert');
const dir = mkdtempSync(join(tmpdir(), 'binschema-convert-'));
const file = (name: string, content: Uint8Array | string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const hex = (data: Uint8Array): string => Buffer.from(data).toString('hex');

convertSuite('turns NDJSON into a CBOR sequence file, item by item, with the input format guessed', () => {
  const out = join(dir, 'out.cbor');
  const run = runCli(['convert', file('in.ndjson', '{"a":1}\n\n[1.5,"\u00fc"]\n'), '--to', 'cbor-seq', '--out', out]);
  assert.is(run.status, 0, run.stderr);
  // By hand (RFC 8949 §3, §4.1 shortest float): {"a": 1} = a1 6161 01; [1.5, "ü"] = 82 f93e00 62c3bc.
  assert.is(hex(readFileSync(out)), 'a1616101' + '82f93e0062c3bc');
  // An independent decoder reads the same two items.
  assert.equal(decodeMultiple(readFileSync(out)), [{ a: 1 }, [1.5, '\u00fc']]);
  assert.match(run.stderr, /^2 items, 20 B in, 11 B out, [\d.]+ s, .* \(ndjson to cbor-seq\)\n$/);
});

convertSuite('turns a CBOR sequence on stdin into NDJSON on stdout (RFC 8949 §6.1 for non-JSON values)', () => {
  // 1(1363896240), h'0102', 18446744073709551616 (tag 2), NaN, undefined, {1: "x"}
  const input = bytes('c11a514b67b0 420102 c249010000000000000000 f97e00 f7 a10161 78');
  const run = runCli(['convert', '-', '--to', 'ndjson', '--quiet'], input);
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.toString(), '"2013-03-21T20:04:00.000Z"\n"AQI"\n18446744073709551616\nnull\nnull\n{"1":"x"}\n');
  assert.is(run.stderr, '');
});

convertSuite('turns a JSON document into UBJSON that another implementation reads', () => {
  const run = runCli(['convert', '-', '--to', 'ubjson', '-q'], '{"a": [1, 300, -2.5], "b": null}');
  assert.is(run.status, 0, run.stderr);
  // By hand (UBJSON Draft 12): { i1 "a" [ i 1, I 300, D -2.5 ] i1 "b" Z }
  assert.is(hex(run.stdout), '7b' + '6901' + '61' + '5b' + '6901' + '49012c' + '44c004000000000000' + '5d' + '6901' + '62' + '5a' + '7d');
  const view = new Uint8Array(run.stdout).buffer; // a copy: @shelacek/ubjson takes an ArrayBuffer
  assert.equal(shelacekDecode(view), { a: [1, 300, -2.5], b: null });
});

convertSuite('round-trips UBJSON and CBOR through each other', () => {
  const cbor = bytes('a26161016162820203');
  const ubjson = runCli(['convert', '-', '--to', 'ubjson', '-q'], cbor).stdout;
  assert.is(hex(runCli(['convert', '-', '--to', 'cbor', '-q'], ubjson).stdout), 'a26161016162820203');
});

convertSuite('turns NDJSON into MessagePack items one after another, smallest forms, float32 where exact', () => {
  const run = runCli(['convert', '-', '--to', 'msgpack', '-q'], '{"a":1}\n[1.5,"\u00fc",300,-33,null]\n0.1\n');
  assert.is(run.status, 0, run.stderr);
  // By hand (spec.md "Formats"): 81 a161 01; 95 ca3fc00000 a2c3bc cd012c d0df c0; cb 0.1 (float32 does not hold it).
  assert.is(hex(run.stdout), '81a16101' + '95ca3fc00000a2c3bccd012cd0dfc0' + 'cb3fb999999999999a');
});

convertSuite('turns MessagePack items into NDJSON with the input format guessed (bin and ext as base64url, timestamps as RFC 3339)', () => {
  // {"a": [1, 2]}, h'0102', timestamp 2018-01-02T03:04:05.678Z (64-bit form), ext 7 h'ff', {1: "x"}, 2^64-1
  const input = bytes('81a161920102 c4020102 d7ffa1a5d6005a4af6a5 d407ff 8101a178 cfffffffffffffffff');
  const run = runCli(['convert', '-', '--to', 'ndjson', '-q'], input);
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.toString(), '{"a":[1,2]}\n"AQI"\n"2018-01-02T03:04:05.678Z"\n"_w"\n{"1":"x"}\n18446744073709551615\n');
});

convertSuite('round-trips MessagePack through CBOR and UBJSON', () => {
  const msgpack = bytes('82a16101a162920203');
  const cbor = runCli(['convert', '-', '--from', 'msgpack', '--to', 'cbor', '-q'], msgpack).stdout;
  assert.is(hex(cbor), 'a26161016162820203');
  const ubjson = runCli(['convert', '-', '--to', 'ubjson', '-q'], cbor).stdout;
  assert.is(hex(runCli(['convert', '-', '--from', 'ubjson', '--to', 'msgpack', '-q'], ubjson).stdout), '82a16101a162920203');
});

convertSuite('refuses an input of no item where the output holds exactly one (json, cbor); a sequence may be empty', () => {
  for (const [from, to] of [['cbor', 'json'], ['msgpack', 'cbor'], ['ndjson', 'json'], ['ubjson', 'cbor']]) {
    const run = runCli(['convert', '-', '--from', from, '--to', to, '-q'], from === 'ndjson' ? '\n\n' : new Uint8Array(0));
    assert.is(run.status, 1, `${from} to ${to}`);
    assert.is(run.stdout.length, 0);
    assert.is(run.stderr, `error: the input holds no item; --to ${to} writes exactly one\n`);
  }
  const sequence = runCli(['convert', '-', '--from', 'cbor', '--to', 'ndjson', '-q'], new Uint8Array(0));
  assert.is(sequence.status, 0, sequence.stderr);
  assert.is(sequence.stdout.length, 0);
});

convertSuite('reports bad MessagePack at its offset from the start of the input, after converting the items before it', () => {
  const run = runCli(['convert', '-', '--from', 'msgpack', '--to', 'ndjson', '-q'], bytes('01 02 92 01'));
  assert.is(run.status, 1);
  assert.is(run.stdout.toString(), '1\n2\n');
  assert.match(run.stderr, /^error: msgpack decode: unexpected end of input.* at offset 4\n$/);
  const reserved = runCli(['convert', '-', '--from', 'msgpack', '--to', 'ndjson', '-q'], bytes('01 91 c1'));
  assert.is(reserved.status, 1);
  assert.match(reserved.stderr, /^error: msgpack decode: reserved byte 0xc1 \(never used\) at offset 2\n$/);
  const long = runCli(['convert', '-', '--from', 'msgpack', '--to', 'ndjson', '-q', '--max-bytes', '16'], bytes('01 c6ffffffff'));
  assert.is(long.status, 1);
  assert.match(long.stderr, /^error: msgpack decode: item longer than maxItemBytes \(16\) at offset 1\n$/);
});

convertSuite('streams a MessagePack file larger than a chunk, items cut across chunks', () => {
  const line = `${JSON.stringify({ id: 1, name: 'x'.repeat(200), list: [1, 2, 3] })}\n`;
  const ndjson = line.repeat(2000);
  const out = join(dir, 'big.msgpack');
  assert.is(runCli(['convert', file('big.ndjson', ndjson), '--to', 'msgpack', '--out', out, '-q']).status, 0);
  const back = runCli(['convert', out, '--to', 'ndjson', '-q']);
  assert.is(back.status, 0, back.stderr);
  assert.is(back.stdout.toString(), ndjson);
});

convertSuite('converts through a schema, validating every item', () => {
  const schema = file('point.json', JSON.stringify({ type: 'object', properties: { x: { type: 'integer' } }, required: ['x'], additionalProperties: false }));
  const good = runCli(['convert', '-', '--to', 'cbor-seq', '--schema', schema, '-q'], '{"x":1}\n{"x":2}\n');
  assert.is(good.status, 0, good.stderr);
  assert.is(hex(good.stdout), 'a1617801' + 'a1617802');
  const bad = runCli(['convert', '-', '--to', 'cbor-seq', '--schema', schema, '-q'], '{"x":1}\n{"x":"two"}\n');
  assert.is(bad.status, 1);
  assert.match(bad.stderr, /^error: cbor encode: /);
  // {"x": 1}, then {"y": 1}: the schema's decoder refuses "y" at offset 5 of the input, the member /y.
  const badCbor = runCli(['convert', '-', '--from', 'cbor', '--to', 'ndjson', '--schema', schema, '-q'], bytes('a1617801 a1617901'));
  assert.is(badCbor.status, 1);
  assert.is(badCbor.stdout.toString(), '{"x":1}\n');
  assert.match(badCbor.stderr, /^error: cbor decode: .* at offset 5 \(#, at \/y\)\n$/);
  // MessagePack both ways: {"x": 1} is 81 a178 01 (spec.md "Formats").
  const msgpack = runCli(['convert', '-', '--to', 'msgpack', '--schema', schema, '-q'], '{"x":1}\n{"x":2}\n');
  assert.is(msgpack.status, 0, msgpack.stderr);
  assert.is(hex(msgpack.stdout), '81a17801' + '81a17802');
  const badMsgpack = runCli(['convert', '-', '--from', 'msgpack', '--to', 'ndjson', '--schema', schema, '-q'], bytes('81a17801 81a17901'));
  assert.is(badMsgpack.status, 1);
  assert.is(badMsgpack.stdout.toString(), '{"x":1}\n');
  assert.match(badMsgpack.stderr, /^error: msgpack decode: .* at offset 5 \(#, at \/y\)\n$/);
});

convertSuite('reports truncated input at its offset from the start of the input', () => {
  const run = runCli(['convert', '-', '--from', 'cbor', '--to', 'ndjson', '-q'], bytes('01 02 8301'));
  assert.is(run.status, 1);
  assert.is(run.stdout.toString(), '1\n2\n');
  assert.match(run.stderr, /^error: cbor decode: unexpected end of input.* at offset 4\n$/);
});

convertSuite('takes the input format from the file name: a cut .cbor file fails where it is cut; --from overrides the name', () => {
  // {name: 'inspect me', list: […], …} in CBOR cut to 20 bytes, inside text(4) "list" (issue 38).
  const cut = runCli(['convert', file('cut.cbor', bytes('a3 646e616d65 6a696e7370656374206d65 646c69')), '--to', 'ndjson', '-q']);
  assert.is(cut.status, 1);
  assert.is(cut.stdout.toString(), '');
  assert.match(cut.stderr, /^error: cbor decode: unexpected end of input.* at offset 20\n$/);
  // 0x01 0xc3: 1 and true in MessagePack; in CBOR 1, then tag 3 with nothing to tag.
  const named = file('two.mpk', bytes('01 c3'));
  const msgpack = runCli(['convert', named, '--to', 'ndjson', '-q']);
  assert.is(msgpack.status, 0, msgpack.stderr);
  assert.is(msgpack.stdout.toString(), '1\ntrue\n');
  const cbor = runCli(['convert', named, '--from', 'cbor', '--to', 'ndjson', '-q']);
  assert.is(cbor.status, 1);
  assert.match(cbor.stderr, /^error: cbor decode: unexpected end of input.* at offset 2\n$/);
});

convertSuite('refuses several items for a single-item output, and a bad NDJSON line by number', () => {
  const several = runCli(['convert', '-', '--from', 'cbor', '--to', 'json', '-q'], bytes('0102'));
  assert.is(several.status, 1);
  assert.match(several.stderr, /use --to ndjson/);
  const badLine = runCli(['convert', '-', '--from', 'ndjson', '--to', 'cbor-seq', '-q'], '1\n{oops}\n');
  assert.is(badLine.status, 1);
  assert.match(badLine.stderr, /^error: ndjson line 2: /);
});

convertSuite('writes nothing for json and cbor when the input fails after its first item: no --out file, an existing one unchanged, nothing on stdout', () => {
  const two = file('two-items.ndjson', '1\n2\n');
  const cut = file('cut-second.ndjson', '{"a":1}\n{"a":');
  const cases: [string, string, RegExp][] = [
    [two, 'json', /^error: the input holds more than one item; use --to ndjson\n$/],
    [two, 'cbor', /^error: the input holds more than one item; use --to cbor-seq\n$/],
    [cut, 'cbor', /^error: ndjson line 2: /],
  ];
  for (const [input, to, error] of cases) {
    const out = join(dir, `single.${to}`);
    rmSync(out, { force: true });
    const fresh = runCli(['convert', input, '--to', to, '--out', out, '-q']);
    assert.is(fresh.status, 1, `${input} to ${to}`);
    assert.match(fresh.stderr, error);
    assert.not.ok(existsSync(out), `${input} to ${to} created ${out}`);
    writeFileSync(out, 'earlier output');
    assert.is(runCli(['convert', input, '--to', to, '--out', out, '-q']).status, 1);
    assert.is(readFileSync(out, 'utf8'), 'earlier output', `${input} to ${to} changed ${out}`);
  }
  // UBJSON {"a": 1} read as MessagePack is seven positive fixints, the first 123 (0x7b).
  const stdout = runCli(['convert', '-', '--from', 'msgpack', '--to', 'json', '-q'], bytes('7b 6901 61 6901 7d'));
  assert.is(stdout.status, 1);
  assert.is(stdout.stdout.toString(), '');
  // A good input still replaces the file.
  const out = join(dir, 'single.json');
  assert.is(runCli(['convert', file('one.ndjson', '{"a":1}\n'), '--to', 'json', '--out', out, '-q']).status, 0);
  assert.is(readFileSync(out, 'utf8'), '{"a":1}\n');
});

convertSuite('an --out file it cannot write is an I/O error naming it (exit 2), for one item or a stream of them', () => {
  for (const to of ['cbor', 'cbor-seq', 'ndjson']) {
    const out = join(dir, 'no-such-folder', `out.${to}`);
    const run = runCli(['convert', '-', '--from', 'ndjson', '--to', to, '--out', out, '-q'], '1\n');
    assert.is(run.status, 2, to);
    assert.is(run.stderr, `error: cannot write ${out}: ENOENT\n`, to);
  }
});

convertSuite('streams 256 MB of NDJSON to a CBOR sequence under a 32 MB heap limit, with at most 64 MiB of buffers', () => {
  const line = `${JSON.stringify({ id: 123456, name: 'a fairly ordinary record', tags: ['x', 'y'], score: 0.5 })}\n`;
  const block = line.repeat(Math.ceil(65536 / line.length));
  const blocks = Math.round(256e6 / block.length);
  const input = join(dir, 'big.ndjson');
  writeFileSync(input, '');
  for (let index = 0; index < blocks; index++) writeFileSync(input, block, { flag: 'a' });
  // Anything that held the input or the output whole on the heap would die here with a heap out of memory.
  const reportRss = new URL('./fixtures/report-rss.mjs', import.meta.url).href;
  const run = runCli(['convert', input, '--to', 'cbor-seq', '--out', join(dir, 'big.cbor')], undefined, ['--max-old-space-size=32', '--import', reportRss]);
  assert.is(run.status, 0, run.stderr);
  // Buffers live outside the heap: holding the input whole would take 256 MB of them, streaming
  // peaked at 8-13 MiB (Node 20 and 26). The whole process's RSS is only bounded loosely: it
  // depends on the engine's heap sizing (Node 26 reserves ~60 MB of heap where 20 took ~40) and
  // on how late freed pages return under CPU load (250-290 MiB seen on a loaded machine), but it
  // stays below the input and the output held together (about 45 MB for Node + 256 + 196 MB).
  const peakRssKiB = Number(/maxrss (\d+)/.exec(run.stderr)?.[1]);
  const peakExternalKiB = Number(/external (\d+)/.exec(run.stderr)?.[1]);
  assert.ok(peakExternalKiB > 0 && peakExternalKiB * 1024 < 64 * 1048576, `peak external ${(peakExternalKiB / 1024).toFixed(1)} MiB`);
  assert.ok(peakRssKiB * 1024 < 400 * 1048576, `peak RSS ${(peakRssKiB / 1024).toFixed(1)} MiB`);
  const items = blocks * Math.ceil(65536 / line.length);
  assert.match(run.stderr, new RegExp(`^${items} items, ${(blocks * block.length / 1e6).toFixed(1)} MB in`));
  // Each record is 64 bytes of CBOR, written out by hand: a4 62"id" 1a0001e240 64"name" 78 18 … 65"score" f93800.
  const record = bytes('a4 626964 1a0001e240 646e616d65 7818 6120666169726c79206f7264696e617279207265636f7264 6474616773 82 6178 6179 6573636f7265 f93800');
  const out = readFileSync(join(dir, 'big.cbor'));
  assert.is(out.length, items * record.length);
  assert.is(hex(out.subarray(0, record.length)), hex(record));
});

convertSuite('stops quietly with exit code 0 when the reader closes the pipe early', () => {
  // 1,000,000 CBOR integers (0x01), far more NDJSON than `head -c 1` reads.
  const input = file('ones.cbor', new Uint8Array(1_000_000).fill(1));
  const script = `"${process.execPath}" "${CLI}" convert "${input}" --to ndjson -q | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}"`;
  const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  assert.is(run.stdout, 'status 0\n');
  assert.not.match(run.stderr, /EPIPE/);
});

convertSuite.after(() => rmSync(dir, { recursive: true }));
convertSuite.run();
