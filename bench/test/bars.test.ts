import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { judgeBars } from '../src/bars.js';
import { AHEAD_OF_TIME } from '../src/registry.js';
import type { Row } from '../src/summary.js';

const Bars = suite('bars');

/** Rows for CBOR encode on two payloads: the fastest peer at 100 ns, ours at the given ns. */
function encodeRows(oursNs: [number, number]): Row[] {
  return (['a', 'b'] as const).flatMap((payload, index) => [
    { payload, format: 'cbor', direction: 'encode', codec: 'cbor-x', label: 'cbor-x', origin: 'peer', status: 'ok', nsPerOp: 100, ratio: 1 },
    { payload, format: 'cbor', direction: 'encode', codec: AHEAD_OF_TIME, label: 'generated', origin: 'ours', status: 'ok', nsPerOp: oursNs[index], ratio: 100 / oursNs[index] },
  ] satisfies Row[]);
}

Bars('the CBOR encoder bar is met at a 1.5x geomean with no payload below 1.0x', () => {
  // 100/50 and 100/100: geomean 1.41x; 100/40 and 100/100: 1.58x.
  assert.is(judgeBars(encodeRows([50, 100]), 2)[0].status, 'not met', '1.41x is below the bar');
  assert.is(judgeBars(encodeRows([40, 100]), 2)[0].status, 'met');
  // 100/30 and 100/101: geomean 1.82x with one payload at 0.99x.
  const floor = judgeBars(encodeRows([30, 101]), 2)[0];
  assert.is(floor.status, 'not met', 'a payload at 0.99x is below the floor');
  assert.match(floor.detail, /worst payload b 0\.99x/);
});

Bars('UBJSON is judged against json-pack and MessagePack against msgpackr, not against the fastest peer of the format', () => {
  const rows: Row[] = (['a', 'b'] as const).flatMap((payload) => (['ubjson', 'msgpack'] as const).flatMap((format) => [
    { payload, format, direction: 'encode', codec: format === 'ubjson' ? 'json-pack' : 'msgpackr', label: 'bar peer', origin: 'peer', status: 'ok', nsPerOp: 150 },
    { payload, format, direction: 'encode', codec: 'faster', label: 'faster', origin: 'peer', status: 'ok', nsPerOp: 50 },
    { payload, format, direction: 'encode', codec: AHEAD_OF_TIME, label: 'aot', origin: 'ours', status: 'ok', nsPerOp: 100, ratio: 0.5 },
  ] satisfies Row[]));
  const bars = judgeBars(rows, 2);
  const ubjson = bars.find((bar) => bar.claim.startsWith('ahead-of-time UBJSON encoder'))!;
  const msgpack = bars.find((bar) => bar.claim.startsWith('ahead-of-time MessagePack encoder'))!;
  // 150/100 = 1.5x: at least UBJSON's 1.4x and MessagePack's 1.5x.
  assert.is(ubjson.status, 'met', ubjson.detail);
  assert.match(ubjson.claim, /1\.40x json-pack/);
  assert.is(msgpack.status, 'met', msgpack.detail);
});

Bars('the alternative bar wants ours at 2x the fastest generic codec + ajv, which is never the fastest peer', () => {
  const rows: Row[] = (['a', 'b'] as const).flatMap((payload) => [
    { payload, format: 'cbor', direction: 'decode', codec: 'cbor-x', label: 'cbor-x', origin: 'peer', status: 'ok', nsPerOp: 100 },
    { payload, format: 'cbor', direction: 'decode', codec: 'cbor-x + ajv', label: 'cbor-x + ajv', origin: 'alternative', status: 'ok', nsPerOp: payload === 'a' ? 300 : 150 },
    { payload, format: 'cbor', direction: 'decode', codec: 'json-pack + ajv', label: 'json-pack + ajv', origin: 'alternative', status: 'ok', nsPerOp: 200 },
    { payload, format: 'cbor', direction: 'decode', codec: AHEAD_OF_TIME, label: 'aot', origin: 'ours', status: 'ok', nsPerOp: 50 },
  ] satisfies Row[]);
  const bar = judgeBars(rows, 2).find((item) => item.claim.includes('CBOR decoder: geomean ≥ 2.00x the fastest generic codec + ajv'))!;
  // Fastest alternative 200 ns (a) and 150 ns (b) against ours at 50: 4x and 3x, geomean 3.46x.
  assert.is(bar.status, 'met');
  assert.match(bar.detail, /geomean 3\.46x, worst payload b 3\.00x/);
  const slower = rows.map((row) => (row.origin === 'ours' ? { ...row, nsPerOp: 90 } : row));
  assert.is(judgeBars(slower, 2).find((item) => item.claim === bar.claim)!.status, 'not met', '200/90 and 150/90: 1.92x');
});

Bars('the bars are judged on the ahead-of-time modules, not on compileCodec output', () => {
  const rows = encodeRows([70, 77]).map((row) => (row.origin === 'ours' ? { ...row, codec: 'binschema generated' } : row));
  assert.is(judgeBars(rows, 2)[0].status, 'n/a');
});

Bars('the JSON.parse bar compares generated decoders with JSON on the same payload', () => {
  const rows: Row[] = (['a', 'b'] as const).flatMap((payload) => [
    { payload, format: 'cbor', direction: 'decode', codec: 'cbor-x', label: 'cbor-x', origin: 'peer', status: 'ok', nsPerOp: 100 },
    { payload, format: 'cbor', direction: 'decode', codec: 'JSON', label: 'JSON', origin: 'baseline', status: 'ok', nsPerOp: payload === 'a' ? 300 : 100 },
    { payload, format: 'cbor', direction: 'decode', codec: AHEAD_OF_TIME, label: 'aot', origin: 'ours', status: 'ok', nsPerOp: 50 },
  ] satisfies Row[]);
  const bar = judgeBars(rows, 2).find((item) => item.claim.includes('CBOR decoder ≥ 2x native JSON.parse'))!;
  // Ratios 6x and 2x: geomean √12 ≈ 3.46x.
  assert.is(bar.status, 'met');
  assert.match(bar.detail, /geomean 3\.46x/);
});

Bars('a geometric mean far above the bar does not meet it when one payload is below 1x', () => {
  const bar = judgeBars(encodeRows([10, 110]), 2)[0];
  assert.is(bar.status, 'not met');
});

Bars('a bar is not met when the codec was timed on fewer payloads than there are', () => {
  const bar = judgeBars(encodeRows([50, 60]), 3)[0];
  assert.is(bar.status, 'not met');
  assert.match(bar.detail, /incomplete/);
});

Bars('a bar whose codec has no timings is n/a rather than met or not met', () => {
  const bars = judgeBars(encodeRows([50, 60]), 2);
  assert.ok(bars.filter((bar) => bar.claim.includes('UBJSON')).every((bar) => bar.status === 'n/a'));
});

Bars.run();
