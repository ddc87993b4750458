#!/usr/bin/env node
// Writes the README's speed table (between <!-- speed:start --> and <!-- speed:end -->) from the
// committed steady-mode results, bench/results/latest.json, which must come from Node 26 (the
// figures the README shows are Node 26's). `pnpm readme-figures` runs the bench on Node 26 first.
// Usage: node scripts/readme-figures.mjs [--check]   --check: exit 1 if the README is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const README = `${root}README.md`;
const RESULTS = `${root}bench/results/latest.json`;
const OURS = 'binschema ahead-of-time';
// The opt-in record tables (`codeSize: 'small'`), compiled in process in the same run.
const SMALL = 'binschema generated (small)';
const START = '<!-- speed:start -->';
const END = '<!-- speed:end -->';

function table(results) {
  const { machine, geometricMeans: means } = results;
  if (!machine.node.startsWith('v26.')) throw new Error(`bench/results/latest.json comes from Node ${machine.node}; the README shows Node 26's figures (pnpm readme-figures)`);
  const row = (codec, format, direction) => means.find((mean) => mean.codec === codec && mean.format === format && mean.direction === direction);
  if (!means.some((mean) => mean.codec === SMALL) || means.some((mean) => mean.medianRatio === undefined && mean.codec === OURS)) {
    throw new Error('bench/results/latest.json predates issue 37 (no fastest-round figures or no codeSize \'small\' rows): take a steady run first (pnpm readme-figures)');
  }
  const ratio = (value) => `${value.toFixed(2)}x`;
  const lines = [
    `Steady mode, Node ${machine.node} (V8 ${machine.v8}), ${machine.cpu}, ${machine.cores} cores, ${machine.date.slice(0, 10)}, one process`,
    'per format: the ahead-of-time modules (default options) against the fastest peer of their format on each payload',
    '(cbor-x, json-pack, cborg, node-cbor, json-type for CBOR; json-pack, @shelacek/ubjson for UBJSON; msgpackr,',
    '@msgpack/msgpack, json-pack for MessagePack). Each case\'s figure is its fastest round; the cells give the',
    'geometric mean over the payloads and the worst payload, and in brackets the geometric mean from the',
    'medians over rounds. `codeSize: \'small\'`: the opt-in record tables, compiled in process in the same run.',
    'Full tables: [bench/results/latest.md](bench/results/latest.md); Node 24: [bench/results/node24.md](bench/results/node24.md).',
    '',
    '| format | encode: geomean / worst (by medians) | decode: geomean / worst (by medians) |',
    '| --- | ---: | ---: |',
  ];
  const rows = [['cbor', OURS, 'CBOR'], ['ubjson', OURS, 'UBJSON'], ['msgpack', OURS, 'MessagePack'], ['cbor', SMALL, "CBOR, `codeSize: 'small'`"], ['ubjson', SMALL, "UBJSON, `codeSize: 'small'`"], ['msgpack', SMALL, "MessagePack, `codeSize: 'small'`"]];
  for (const [format, codec, label] of rows) {
    const cells = ['encode', 'decode'].map((direction) => {
      const mean = row(codec, format, direction);
      return mean === undefined ? '–' : `${ratio(mean.ratio)} / ${ratio(mean.worst)} (${mean.medianRatio === undefined ? '–' : ratio(mean.medianRatio)})`;
    });
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

const readme = readFileSync(README, 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);
const next = `${readme.slice(0, start + START.length)}\n${table(JSON.parse(readFileSync(RESULTS, 'utf8')))}\n${readme.slice(end)}`;
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md speed figures are stale: run node scripts/readme-figures.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(README, next);
  console.log('README.md speed figures written from bench/results/latest.json');
}
