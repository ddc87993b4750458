/**
 * Turns checked and timed cases into the report's numbers: per case the median ns/op, ops/s and
 * the ratio to the fastest peer of the same payload × format × direction (ratio = peer ns / codec
 * ns, so 2 means twice as fast as the fastest peer); per codec the geometric mean of those ratios;
 * and the bars the project has set itself.
 */
import type { Case } from './check.js';
import { AHEAD_OF_TIME, type Direction, type Format, type Origin } from './registry.js';
import { median } from './timing.js';
import { HAND_WRITTEN, HAND_WRITTEN_PAYLOAD, LIMIT } from './reference/entry.js';

export interface Row {
  payload: string;
  format: Format;
  direction: Direction;
  codec: string;
  label: string;
  origin: Origin;
  status: 'ok' | 'failing' | 'skipped' | 'not timed';
  reason?: string;
  size?: number;
  /** Median over rounds. */
  nsPerOp?: number;
  opsPerSec?: number;
  /** Each round's ns/op, to show the spread. */
  rounds?: number[];
  /** Fastest peer's ns/op divided by this codec's; undefined when no peer was timed. */
  ratio?: number;
  fastestPeer?: string;
}

export interface GeoMean {
  format: Format;
  direction: Direction;
  codec: string;
  label: string;
  origin: Origin;
  /** Geometric mean of `ratio` over the payloads where both this codec and a peer were timed. */
  ratio: number;
  /** Lowest single-payload ratio. */
  worst: number;
  payloads: number;
}

export function buildRows(cases: Case[], timings: Map<Case, number[]>): Row[] {
  const rows: Row[] = cases.map((item) => {
    const rounds = timings.get(item);
    const row: Row = {
      payload: item.payload,
      format: item.format,
      direction: item.direction,
      codec: item.entry.id,
      label: item.entry.names[item.direction],
      origin: item.entry.origin,
      status: item.status !== 'ok' ? item.status : rounds === undefined ? 'not timed' : 'ok',
      reason: item.reason,
      size: item.size,
    };
    if (rounds !== undefined && rounds.length > 0) {
      row.rounds = rounds;
      row.nsPerOp = median(rounds);
      row.opsPerSec = 1e9 / row.nsPerOp;
    }
    return row;
  });
  for (const group of groupBy(rows, (row) => `${row.payload}/${row.format}/${row.direction}`).values()) {
    const peers = group.filter((row) => row.origin === 'peer' && row.nsPerOp !== undefined);
    if (peers.length === 0) continue;
    const fastest = peers.reduce((best, row) => (row.nsPerOp! < best.nsPerOp! ? row : best));
    for (const row of group) {
      if (row.nsPerOp === undefined) continue;
      row.ratio = fastest.nsPerOp! / row.nsPerOp;
      row.fastestPeer = fastest.codec;
    }
  }
  return rows;
}

export function geoMeans(rows: Row[], against?: (row: Row) => number | undefined): GeoMean[] {
  const ratioOf = against ?? ((row: Row) => row.ratio);
  const out: GeoMean[] = [];
  for (const group of groupBy(rows, (row) => `${row.format}/${row.direction}/${row.codec}`).values()) {
    const ratios = group.map(ratioOf).filter((ratio): ratio is number => ratio !== undefined);
    if (ratios.length === 0) continue;
    const first = group[0];
    out.push({
      format: first.format,
      direction: first.direction,
      codec: first.codec,
      label: first.label,
      origin: first.origin,
      ratio: Math.exp(ratios.reduce((sum, ratio) => sum + Math.log(ratio), 0) / ratios.length),
      worst: Math.min(...ratios),
      payloads: ratios.length,
    });
  }
  return out;
}

export interface Bar {
  claim: string;
  status: 'met' | 'not met' | 'n/a';
  detail: string;
}

/** Ratio of `codec` to one named peer on the same payload × format × direction. */
function ratioTo(rows: Row[], peer: string): (row: Row) => number | undefined {
  const peerNs = new Map(rows.filter((row) => row.codec === peer && row.nsPerOp !== undefined)
    .map((row) => [`${row.payload}/${row.format}/${row.direction}`, row.nsPerOp!]));
  return (row) => {
    const ns = peerNs.get(`${row.payload}/${row.format}/${row.direction}`);
    return ns === undefined || row.nsPerOp === undefined ? undefined : ns / row.nsPerOp;
  };
}

/**
 * The project's speed bars, judged on the ahead-of-time modules with default options (what a user
 * imports without reading the docs) and on the generic codecs: issue 24's steady bars for the
 * generated code (geomean over the payloads, and no payload below `floor`), issue 13's against
 * `JSON.parse`. Judged the same in every timing mode; the committed figures are the steady mode's.
 */
export function judgeBars(rows: Row[], payloadCount: number): Bar[] {
  const bars: Bar[] = [];
  const bar = (claim: string, format: Format, direction: Direction, codec: string, target: number, floor: number, peer?: string) => {
    const subset = rows.filter((row) => row.format === format && row.direction === direction && row.codec === codec);
    const mean = geoMeans(subset, peer === undefined ? undefined : ratioTo(rows, peer))[0];
    if (mean === undefined) {
      bars.push({ claim, status: 'n/a', detail: `no timings (codec ${subset.length === 0 ? 'skipped' : 'failing or not timed'})` });
      return;
    }
    const complete = mean.payloads === payloadCount;
    const met = mean.ratio >= target && mean.worst >= floor && complete;
    const detail = `geomean ${mean.ratio.toFixed(2)}x, worst payload ${mean.worst.toFixed(2)}x, over ${mean.payloads}/${payloadCount} payloads`;
    bars.push({ claim, status: met ? 'met' : 'not met', detail: complete ? detail : `${detail} (incomplete)` });
  };
  const ours = AHEAD_OF_TIME;
  bar('generated CBOR encoder ≥ 1.3x the fastest CBOR peer, no payload below 0.95x', 'cbor', 'encode', ours, 1.3, 0.95);
  bar('generated CBOR decoder ≥ 1.5x the fastest CBOR peer, no payload below 0.95x', 'cbor', 'decode', ours, 1.5, 0.95);
  for (const direction of ['encode', 'decode'] as const) {
    bar(`generated UBJSON ${direction}r ≥ 1.3x json-pack, no payload below 0.95x`, 'ubjson', direction, ours, 1.3, 0.95, 'json-pack');
  }
  // JSON's decode row times JSON.parse on the payload's own JSON text (see registry `json`).
  for (const format of ['cbor', 'ubjson'] as const) {
    bar(`generated ${format.toUpperCase()} decoder ≥ 2x native JSON.parse of the same document`, format, 'decode', ours, 2, 0, 'JSON');
  }
  for (const format of ['cbor', 'ubjson'] as const) {
    for (const direction of ['encode', 'decode'] as const) {
      bar(`generic ${format.toUpperCase()} ${direction}r ≥ 1x the fastest ${format.toUpperCase()} peer`, format, direction, 'binschema generic', 1, 0);
    }
  }
  // Issue 25: MessagePack against msgpackr with useRecords: false.
  for (const direction of ['encode', 'decode'] as const) {
    bar(`generic MessagePack ${direction}r ≥ 1x msgpackr`, 'msgpack', direction, 'binschema generic', 1, 0, 'msgpackr');
    bar(`generated MessagePack ${direction}r ≥ 1.3x msgpackr, no payload below 0.95x`, 'msgpack', direction, ours, 1.3, 0.95, 'msgpackr');
  }
  for (const direction of ['encode', 'decode'] as const) bars.push(limitBar(rows, direction));
  return bars;
}

/** Issue 24's "Limit": the generated CBOR module's time at most LIMIT times the hand-written reference's, on the payload it was written for. */
function limitBar(rows: Row[], direction: Direction): Bar {
  const claim = `Limit: generated CBOR ${direction}r within ${LIMIT}x of the hand-written reference on ${HAND_WRITTEN_PAYLOAD}`;
  const timed = (codec: string) => rows.find((row) => row.payload === HAND_WRITTEN_PAYLOAD && row.format === 'cbor' && row.direction === direction
    && row.codec === codec && row.nsPerOp !== undefined);
  const ours = timed(AHEAD_OF_TIME);
  const reference = timed(HAND_WRITTEN);
  if (ours === undefined || reference === undefined) return { claim, status: 'n/a', detail: `no timings of ${ours === undefined ? 'the generated module' : 'the reference'}` };
  const times = ours.nsPerOp! / reference.nsPerOp!;
  const detail = `generated ${ours.nsPerOp!.toFixed(0)} ns/op, hand-written ${reference.nsPerOp!.toFixed(0)} ns/op: ${times.toFixed(2)}x its time`;
  return { claim, status: times <= LIMIT ? 'met' : 'not met', detail };
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name)!.push(item);
  }
  return groups;
}
