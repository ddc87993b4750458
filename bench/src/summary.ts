/**
 * Turns checked and timed cases into the report's numbers: per case its fastest round (the
 * figure) and its median beside it, ops/s and the ratio to the fastest peer of the same payload ×
 * format × direction (ratio = peer ns / codec ns, so 2 means twice as fast as the fastest peer);
 * per codec the geometric mean of those ratios and its worst payload. The bars are in `bars.ts`.
 *
 * Why the fastest round (issue 37): on these machines noise only ever adds time, in stretches of
 * seconds that hit some rounds and not others, so a case's median over 15 rounds can land in a
 * slow stretch or a fast one by chance; the fastest round is the closest to what the code does
 * undisturbed. Two runs on the noisier Xeon machine agreed within 10% on 645 of 692 ratios by
 * fastest rounds and on 395 by medians (bench README, "Committed results").
 */
import type { Case } from './check.js';
import type { Direction, Format, Origin } from './registry.js';
import { median } from './timing.js';

/** Per case, the ns/op of each round, one array per process that timed it. */
export type Timings = Map<Case, number[][]>;

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
  /** The figure: the fastest round's ns/op (over every process). */
  nsPerOp?: number;
  /** The median over rounds (several processes: the median of each process's median). */
  medianNs?: number;
  opsPerSec?: number;
  /** Each round's ns/op, every process's in turn, to show the spread. */
  rounds?: number[];
  /** Fastest peer's ns/op divided by this codec's (fastest rounds); undefined when no peer was timed. */
  ratio?: number;
  /** The same by medians: the peer with the lowest median, its median over this codec's. */
  medianRatio?: number;
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
  /** The same over `medianRatio`, when every payload has one. */
  medianRatio?: number;
  /** Lowest single-payload ratio, and its payload. */
  worst: number;
  worstPayload: string;
  payloads: number;
}

export function buildRows(cases: Case[], timings: Timings): Row[] {
  const rows: Row[] = cases.map((item) => {
    const processes = (timings.get(item) ?? []).filter((rounds) => rounds.length > 0);
    const row: Row = {
      payload: item.payload,
      format: item.format,
      direction: item.direction,
      codec: item.entry.id,
      label: item.entry.names[item.direction],
      origin: item.entry.origin,
      status: item.status !== 'ok' ? item.status : processes.length === 0 ? 'not timed' : 'ok',
      reason: item.reason,
      size: item.size,
    };
    if (processes.length > 0) {
      row.rounds = processes.flat();
      row.nsPerOp = Math.min(...row.rounds);
      row.medianNs = median(processes.map(median));
      row.opsPerSec = 1e9 / row.nsPerOp;
    }
    return row;
  });
  for (const group of groupBy(rows, (row) => `${row.payload}/${row.format}/${row.direction}`).values()) {
    const peers = group.filter((row) => row.origin === 'peer' && row.nsPerOp !== undefined);
    if (peers.length === 0) continue;
    const fastest = lowest(peers, (row) => row.nsPerOp!);
    const fastestByMedian = lowest(peers, (row) => row.medianNs!);
    for (const row of group) {
      if (row.nsPerOp === undefined) continue;
      row.ratio = fastest.nsPerOp! / row.nsPerOp;
      row.medianRatio = fastestByMedian.medianNs! / row.medianNs!;
      row.fastestPeer = fastest.codec;
    }
  }
  return rows;
}

function lowest<T>(items: T[], value: (item: T) => number): T {
  return items.reduce((best, item) => (value(item) < value(best) ? item : best));
}

export function geometricMean(values: number[]): number {
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

/**
 * One mean per codec, format and direction over its payloads; `against` gives another ratio per
 * row (to a named peer, to the alternatives) instead of the one to the fastest peer.
 */
export function geoMeans(rows: Row[], against?: (row: Row) => number | undefined): GeoMean[] {
  const ratioOf = against ?? ((row: Row) => row.ratio);
  const out: GeoMean[] = [];
  for (const group of groupBy(rows, (row) => `${row.format}/${row.direction}/${row.codec}`).values()) {
    const judged = group.map((row) => ({ row, ratio: ratioOf(row) })).filter((item): item is { row: Row; ratio: number } => item.ratio !== undefined);
    if (judged.length === 0) continue;
    const first = group[0];
    const worst = lowest(judged, (item) => item.ratio);
    const byMedian = judged.map((item) => item.row.medianRatio);
    out.push({
      format: first.format,
      direction: first.direction,
      codec: first.codec,
      label: first.label,
      origin: first.origin,
      ratio: geometricMean(judged.map((item) => item.ratio)),
      medianRatio: against === undefined && byMedian.every((ratio) => ratio !== undefined) ? geometricMean(byMedian as number[]) : undefined,
      worst: worst.ratio,
      worstPayload: worst.row.payload,
      payloads: judged.length,
    });
  }
  return out;
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
