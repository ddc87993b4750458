/**
 * The report's table of the user's alternative (a generic codec + ajv, `alternatives.ts`): per
 * format and direction, each payload's fastest peer, every alternative and our ahead-of-time
 * module (ns/op, fastest round), and ours against the fastest alternative; a summary line per
 * format and direction with the geometric mean and the worst payload.
 */
import { ratioToAlternatives } from './bars.js';
import { AHEAD_OF_TIME, FORMAT_NAMES, FORMATS, type Direction } from './registry.js';
import { geoMeans, groupBy, type Row } from './summary.js';

const ns = (value: number | undefined) => (value === undefined ? '–' : value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));
const x = (ratio: number | undefined) => (ratio === undefined ? '–' : `${ratio.toFixed(2)}x`);

/** One summary line per format and direction: ours against the fastest alternative. */
export function alternativeSummary(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const format of FORMATS) {
    for (const direction of ['encode', 'decode'] as Direction[]) {
      const ours = rows.filter((row) => row.format === format && row.direction === direction && row.codec === AHEAD_OF_TIME);
      const mean = geoMeans(ours, ratioToAlternatives(rows))[0];
      if (mean === undefined) continue;
      lines.push(`${FORMAT_NAMES[format]} ${direction}: ahead-of-time vs the fastest generic codec + ajv, geomean ${x(mean.ratio)}, worst ${mean.worstPayload} ${x(mean.worst)} (${mean.payloads} payloads)`);
    }
  }
  return lines;
}

export function renderAlternatives(rows: Row[]): string[] {
  const alternatives = rows.filter((row) => row.origin === 'alternative');
  if (alternatives.length === 0) return ['No alternative was checked.', ''];
  const toAlternatives = ratioToAlternatives(rows);
  const lines = [...alternativeSummary(rows).map((line) => `- ${line}`), ''];
  for (const [key, group] of groupBy(alternatives, (row) => `${row.format.toUpperCase()} ${row.direction}`)) {
    const { format, direction } = group[0];
    const codecs = [...new Set(group.map((row) => row.label))];
    const header = ['payload', 'fastest peer', ...codecs, 'ours (ahead-of-time)', 'ours vs fastest alternative'];
    lines.push(`### ${key}`, '', `| ${header.join(' | ')} |`, `| --- |${' ---: |'.repeat(header.length - 1)}`);
    for (const [payload, cells] of groupBy(rows.filter((row) => row.format === format && row.direction === direction), (row) => row.payload)) {
      const ours = cells.find((row) => row.codec === AHEAD_OF_TIME);
      const peer = cells.find((row) => row.codec === ours?.fastestPeer);
      const alternative = (label: string) => {
        const row = cells.find((item) => item.origin === 'alternative' && item.label === label);
        return row?.nsPerOp === undefined ? row?.status ?? '–' : ns(row.nsPerOp);
      };
      const peerCell = peer === undefined ? '–' : `${ns(peer.nsPerOp)} (${peer.label})`;
      lines.push(`| ${payload} | ${peerCell} | ${codecs.map(alternative).join(' | ')} | ${ns(ours?.nsPerOp)} | ${x(ours === undefined ? undefined : toAlternatives(ours))} |`);
    }
    lines.push('');
  }
  return lines;
}
