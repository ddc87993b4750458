/**
 * A horizontal bar chart of the geometric-mean ratios, one panel per format × direction, written
 * as plain SVG text (no dependency) so the README can show `results/latest.svg`.
 */
import type { Machine } from './machine.js';
import type { GeoMean } from './summary.js';
import { groupBy } from './summary.js';

const WIDTH = 760;
const LABEL_WIDTH = 300;
const BAR_AREA = 380;
const ROW = 20;
const PANEL_GAP = 34;
const COLOURS = { ours: '#2563eb', peer: '#9ca3af', baseline: '#d1d5db', schemad: '#a7f3d0', reference: '#fbbf24', alternative: '#fca5a5' } as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `mode`: the bench mode shown in the title (`full`, `mixed full`, …). */
export function renderSvg(means: GeoMean[], machine: Machine, mode = 'full'): string {
  const panels = [...groupBy(means, (mean) => `${mean.format.toUpperCase()} ${mean.direction}`)];
  const largest = Math.max(1, ...means.map((mean) => mean.ratio));
  const scale = BAR_AREA / (Math.ceil(largest * 2) / 2);
  const parts: string[] = [];
  let y = 44;
  for (const [title, group] of panels) {
    parts.push(`<text x="10" y="${y}" font-weight="bold">${escapeXml(title)}</text>`);
    y += 10;
    const top = y;
    for (const mean of [...group].sort((a, b) => b.ratio - a.ratio)) {
      const width = Math.max(1, mean.ratio * scale);
      parts.push(
        `<text x="${LABEL_WIDTH - 8}" y="${y + 14}" text-anchor="end">${escapeXml(mean.label)}</text>`,
        `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${width.toFixed(1)}" height="${ROW - 6}" fill="${COLOURS[mean.origin]}"/>`,
        `<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${y + 14}">${mean.ratio.toFixed(2)}x</text>`,
      );
      y += ROW;
    }
    // The fastest peer is 1x by definition: mark it.
    const one = LABEL_WIDTH + scale;
    parts.push(`<line x1="${one}" y1="${top}" x2="${one}" y2="${y}" stroke="#111827" stroke-dasharray="3 3"/>`);
    y += PANEL_GAP;
  }
  const height = y;
  const caption = `ratio to the fastest peer (geometric mean over payloads; dashed line = 1x). ${machine.cpu}, Node ${machine.node}, ${machine.date.slice(0, 10)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">binschema vs peers${mode.startsWith('mixed') ? ', mixed mode' : ''}: speed relative to the fastest peer (higher is better)</text>`,
    `<text x="10" y="${height - 10}" fill="#4b5563">${escapeXml(caption)}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
