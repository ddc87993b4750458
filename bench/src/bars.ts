/**
 * The project's speed bars, judged on the ahead-of-time modules with default options (what a user
 * imports without reading the docs), from each case's fastest round. Issue 37's bars come first
 * (judged in the steady mode on Node 26 and Node 24; every mode prints them): per format and
 * direction ours against the fastest peer with no payload below 1x, against the hand-written
 * reference on typical-object, and against the user's alternative (a generic codec + ajv). The
 * earlier targets still standing follow: issue 13's JSON.parse bar and the generic codecs'.
 */
import { AHEAD_OF_TIME, FORMAT_NAMES, FORMATS, type Direction, type Format } from './registry.js';
import { HAND_WRITTEN, HAND_WRITTEN_PAYLOAD, LIMIT } from './reference/entry.js';
import { geoMeans, type GeoMean, type Row } from './summary.js';

export interface Bar {
  /** Where the bar was set: `issue 37` (the current bars) or an earlier issue. */
  issue: string;
  claim: string;
  status: 'met' | 'not met' | 'n/a';
  detail: string;
}

/** Issue 37: ours against the fastest peer of the format (`peer` absent) or one named peer. */
export const PEER_BARS: Record<Format, { target: number; peer?: string; against: string }> = {
  cbor: { target: 1.5, against: 'the fastest CBOR peer' },
  ubjson: { target: 1.4, peer: 'json-pack', against: 'json-pack' },
  msgpack: { target: 1.5, peer: 'msgpackr', against: 'msgpackr (useRecords: false)' },
};
/** Issue 37: no payload below this ratio to the peer bar's peer, in any format or direction. */
export const FLOOR = 1;
/** Issue 37: ours against the fastest generic codec + ajv of the format, geomean. */
export const ALTERNATIVE_TARGET = 2;

const DIRECTIONS: Direction[] = ['encode', 'decode'];
const x = (ratio: number) => `${ratio.toFixed(2)}x`;

/** Ratio of a row to one named peer on the same payload × format × direction (fastest rounds). */
function ratioTo(rows: Row[], peer: string): (row: Row) => number | undefined {
  const peerNs = new Map(rows.filter((row) => row.codec === peer && row.nsPerOp !== undefined)
    .map((row) => [`${row.payload}/${row.format}/${row.direction}`, row.nsPerOp!]));
  return (row) => {
    const ns = peerNs.get(`${row.payload}/${row.format}/${row.direction}`);
    return ns === undefined || row.nsPerOp === undefined ? undefined : ns / row.nsPerOp;
  };
}

/** Ratio of a row to the fastest alternative (generic codec + ajv) on the same payload × format × direction. */
export function ratioToAlternatives(rows: Row[]): (row: Row) => number | undefined {
  const fastest = new Map<string, number>();
  for (const row of rows.filter((item) => item.origin === 'alternative' && item.nsPerOp !== undefined)) {
    const key = `${row.payload}/${row.format}/${row.direction}`;
    fastest.set(key, Math.min(fastest.get(key) ?? Infinity, row.nsPerOp!));
  }
  return (row) => {
    const ns = fastest.get(`${row.payload}/${row.format}/${row.direction}`);
    return ns === undefined || row.nsPerOp === undefined ? undefined : ns / row.nsPerOp;
  };
}

/** Ours (ahead-of-time) in one format and direction against `ratio`'s yardstick. */
function oursMean(rows: Row[], format: Format, direction: Direction, ratio?: (row: Row) => number | undefined): GeoMean | undefined {
  return geoMeans(rows.filter((row) => row.format === format && row.direction === direction && row.codec === AHEAD_OF_TIME), ratio)[0];
}

function judge(issue: string, claim: string, mean: GeoMean | undefined, payloadCount: number, target: number, floor: number): Bar {
  if (mean === undefined) return { issue, claim, status: 'n/a', detail: 'no timings of ours and the yardstick on any payload' };
  const complete = mean.payloads === payloadCount;
  const detail = `geomean ${x(mean.ratio)}, worst payload ${mean.worstPayload} ${x(mean.worst)}, over ${mean.payloads}/${payloadCount} payloads${complete ? '' : ' (incomplete)'}`;
  return { issue, claim, status: complete && mean.ratio >= target && mean.worst >= floor ? 'met' : 'not met', detail };
}

export function judgeBars(rows: Row[], payloadCount: number): Bar[] {
  const bars: Bar[] = [];
  for (const format of FORMATS) {
    const { target, peer, against } = PEER_BARS[format];
    for (const direction of DIRECTIONS) {
      const claim = `ahead-of-time ${FORMAT_NAMES[format]} ${direction}r: geomean ≥ ${x(target)} ${against}, no payload below ${x(FLOOR)}`;
      bars.push(judge('issue 37', claim, oursMean(rows, format, direction, peer === undefined ? undefined : ratioTo(rows, peer)), payloadCount, target, FLOOR));
    }
  }
  for (const direction of DIRECTIONS) bars.push(limitBar(rows, direction));
  for (const format of FORMATS) {
    for (const direction of DIRECTIONS) {
      const claim = `ahead-of-time ${FORMAT_NAMES[format]} ${direction}r: geomean ≥ ${x(ALTERNATIVE_TARGET)} the fastest generic codec + ajv`;
      bars.push(judge('issue 37', claim, oursMean(rows, format, direction, ratioToAlternatives(rows)), payloadCount, ALTERNATIVE_TARGET, 0));
    }
  }
  return [...bars, ...earlierTargets(rows, payloadCount)];
}

/** Issue 24's "Limit", kept by issue 37: our CBOR module's time at most LIMIT times the hand-written reference's, on the payload it was written for. */
function limitBar(rows: Row[], direction: Direction): Bar {
  const claim = `ahead-of-time CBOR ${direction}r within ${LIMIT}x of the hand-written reference's time on ${HAND_WRITTEN_PAYLOAD}`;
  const timed = (codec: string) => rows.find((row) => row.payload === HAND_WRITTEN_PAYLOAD && row.format === 'cbor' && row.direction === direction
    && row.codec === codec && row.nsPerOp !== undefined);
  const ours = timed(AHEAD_OF_TIME);
  const reference = timed(HAND_WRITTEN);
  if (ours === undefined || reference === undefined) return { issue: 'issue 37', claim, status: 'n/a', detail: `no timings of ${ours === undefined ? 'the ahead-of-time module' : 'the reference'}` };
  const times = ours.nsPerOp! / reference.nsPerOp!;
  const detail = `ours ${ours.nsPerOp!.toFixed(0)} ns/op, hand-written ${reference.nsPerOp!.toFixed(0)} ns/op: ${times.toFixed(2)}x its time`;
  return { issue: 'issue 37', claim, status: times <= LIMIT ? 'met' : 'not met', detail };
}

/** Targets of earlier issues that issue 37 did not replace. */
function earlierTargets(rows: Row[], payloadCount: number): Bar[] {
  const bars: Bar[] = [];
  // JSON's decode row times JSON.parse on the payload's own JSON text (see registry `json`).
  for (const format of ['cbor', 'ubjson'] as const) {
    const claim = `ahead-of-time ${format.toUpperCase()} decoder ≥ 2x native JSON.parse of the same document`;
    bars.push(judge('issue 13', claim, oursMean(rows, format, 'decode', ratioTo(rows, 'JSON')), payloadCount, 2, 0));
  }
  const generic = (format: Format, direction: Direction, peer?: string) =>
    geoMeans(rows.filter((row) => row.format === format && row.direction === direction && row.codec === 'binschema generic'), peer === undefined ? undefined : ratioTo(rows, peer))[0];
  for (const format of ['cbor', 'ubjson'] as const) {
    for (const direction of DIRECTIONS) {
      bars.push(judge('the first bench', `generic ${format.toUpperCase()} ${direction}r ≥ 1x the fastest ${format.toUpperCase()} peer`, generic(format, direction), payloadCount, 1, 0));
    }
  }
  for (const direction of DIRECTIONS) {
    bars.push(judge('issue 25', `generic MessagePack ${direction}r ≥ 1x msgpackr`, generic('msgpack', direction, 'msgpackr'), payloadCount, 1, 0));
  }
  return bars;
}
