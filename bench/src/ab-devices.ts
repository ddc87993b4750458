/**
 * `pnpm --filter @binschema/bench run ab-devices [bench options]`: does each speed device of the
 * generated code still pay on this Node? For each device, a copy of every ahead-of-time module
 * with that device taken out (a text transform of the generated JS, `DEVICES` below) is timed
 * beside the modules as generated and the fastest peers, in the steady mode, in one process.
 * Devices no transform can take out (the inlined key compares) are judged by the code-shape work
 * that replaces them.
 * The figure per device, format and direction: the geometric mean over the payloads of
 * (ns/op without the device) / (ns/op with it); above 1 the device pays. Writes
 * `results/ab-devices-node<major>.md`. Takes the bench's options (`--node 24`, `--payload`,
 * `--format`, `--quick`, `--rounds`…).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error: a plain ES module of the workspace's scripts, without type declarations.
import { nodeBinary } from '../../scripts/node-binary.mjs';
import { runBench } from './main.js';
import { parseOptions } from './options.js';
import { AOT_DIR, generateModules, type GeneratedModule } from './aot.js';
import { loadPayloads, type Payload } from './payloads.js';
import { AHEAD_OF_TIME, registry, type CodecEntry, type Format } from './registry.js';
import { groupBy, type Row } from './summary.js';
import { copyBytes } from './values.js';

interface Device {
  name: string;
  /** What the device is, as the report says it. */
  what: string;
  /** The module text without the device; the text unchanged means the device is not in it. */
  remove(text: string): string;
}

const DEVICES: Device[] = [
  {
    name: 'import re-binding',
    what: 'imports bound again as module constants (`const x = x$import`)',
    remove: (text) => text
      .replace(/(\w+) as \1\$import/g, '$1')
      .replace(/^\/\*\* Imports bound again as module constants[^\n]*\n/m, '')
      .replace(/^const \w+ = \w+\$import(, \w+ = \w+\$import)*;\n/m, ''),
  },
  {
    name: 'for…in value reads',
    what: 'writers read each declared property under the own-key for…in walk (`record[key]`), not by a named load',
    // The JS target is printed by TypeScript: `case "op":` and `op = record[key];` on lines of their own.
    remove: (text) => text.replace(/(case ("(?:[^"\\]|\\.)*"):\s*\w+ = record)\[key\]/g, '$1[$2]'),
  },
  {
    name: 'constructor === Object',
    what: 'writers test plainness with isPlainObject (constructor === Object first) instead of Object.getPrototypeOf',
    remove: (text) => text.includes('isPlainObject(')
      ? `${text.replace(/\bisPlainObject\(/g, 'isPlainObjectByPrototype(')}\nfunction isPlainObjectByPrototype(value) {\n  if (typeof value !== 'object' || value === null) return false;\n  const prototype = Object.getPrototypeOf(value);\n  return prototype === Object.prototype || prototype === null;\n}\n`
      : text,
  },
];

const AB_DIR = fileURLToPath(new URL('../.generated/ab/', import.meta.url));

/** Writes each device's copy of the ahead-of-time modules; returns the devices found in them. */
function writeVariants(): Device[] {
  const modules = readdirSync(AOT_DIR).filter((file) => file.endsWith('.js'));
  const found: Device[] = [];
  for (const [index, device] of DEVICES.entries()) {
    const dir = join(AB_DIR, String(index));
    mkdirSync(dir, { recursive: true });
    let changed = false;
    for (const file of modules) {
      const text = readFileSync(join(AOT_DIR, file), 'utf8');
      const without = device.remove(text);
      changed ||= without !== text;
      writeFileSync(join(dir, file), without);
    }
    if (changed) found.push(device);
    else console.log(`device not in the generated code: ${device.name}`);
  }
  return found;
}

function variantEntry(device: Device, format: Format): CodecEntry {
  const id = `${AHEAD_OF_TIME} without ${device.name}`;
  const dir = join(AB_DIR, String(DEVICES.indexOf(device)));
  return {
    id,
    label: id,
    names: { encode: id, decode: id },
    format,
    wire: format,
    origin: 'ours',
    notes: [`the ahead-of-time modules without: ${device.what}`],
    async load(payloads: Payload[]) {
      const modules = new Map<Payload, GeneratedModule>();
      for (const payload of payloads) {
        const base = payload.schemaFile.split(/[\\/]/).pop()!.replace(/(\.schema)?\.json$/, '');
        modules.set(payload, (await import(pathToFileURL(join(dir, `${base}.${format}.js`)).href)) as GeneratedModule);
      }
      return (payload) => {
        const module = modules.get(payload)!;
        return { encode: module.encode, decode: module.decode, prepare: copyBytes };
      };
    },
  };
}

function render(rows: Row[], devices: Device[]): string {
  const first = rows.find((row) => row.nsPerOp !== undefined);
  const lines = [
    `| device | format | direction | without ÷ with (geomean) | lowest payload | highest payload |`,
    '| --- | --- | --- | ---: | ---: | ---: |',
  ];
  const base = new Map(rows.filter((row) => row.codec === AHEAD_OF_TIME && row.nsPerOp !== undefined).map((row) => [`${row.payload}/${row.format}/${row.direction}`, row.nsPerOp!]));
  for (const device of devices) {
    const id = `${AHEAD_OF_TIME} without ${device.name}`;
    for (const [key, group] of groupBy(rows.filter((row) => row.codec === id && row.nsPerOp !== undefined), (row) => `${row.format} ${row.direction}`)) {
      const ratios = group.map((row) => row.nsPerOp! / base.get(`${row.payload}/${row.format}/${row.direction}`)!).filter(Number.isFinite);
      const mean = Math.exp(ratios.reduce((sum, ratio) => sum + Math.log(ratio), 0) / ratios.length);
      const [format, direction] = key.split(' ');
      lines.push(`| ${device.name} | ${format.toUpperCase()} | ${direction} | ${mean.toFixed(3)} | ${Math.min(...ratios).toFixed(3)} | ${Math.max(...ratios).toFixed(3)} |`);
    }
  }
  return [
    `# Speed devices of the generated code, A/B (Node ${process.version}, V8 ${process.versions.v8})`,
    '',
    'Each device taken out of a copy of the ahead-of-time modules, timed beside them in the steady',
    'mode in one process (`pnpm --filter @binschema/bench run ab-devices`). Above 1: the code without',
    `the device is slower, so the device pays. ${first === undefined ? '' : `${rows.length} rows.`}`,
    '',
    ...lines,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  if (options.node !== undefined && nodeBinary(options.node) !== process.execPath) {
    const rest = argv.filter((arg, index) => arg !== '--node' && argv[index - 1] !== '--node');
    const child = spawnSync(nodeBinary(options.node), [...process.execArgv, fileURLToPath(import.meta.url), ...rest], { stdio: 'inherit' });
    process.exitCode = child.status ?? 1;
    return;
  }
  await generateModules(loadPayloads(options.payload));
  const devices = writeVariants();
  const formats: Format[] = options.format === undefined ? ['cbor', 'ubjson'] : [options.format];
  const peers = registry().filter((entry) => entry.id === AHEAD_OF_TIME || (entry.origin === 'peer' && (entry.id === 'cbor-x' || entry.id === 'json-pack')));
  const entries = [...peers, ...formats.flatMap((format) => devices.map((device) => variantEntry(device, format)))];
  // One process: the variants are entries of this script, which the bench's child processes would not have.
  const report = await runBench(options, entries);
  const out = fileURLToPath(new URL(`../results/ab-devices-node${process.versions.node.split('.')[0]}${options.quick ? '-quick' : ''}.md`, import.meta.url));
  writeFileSync(out, render(report.rows, devices));
  console.log(`wrote ${out}`);
}

await main();
