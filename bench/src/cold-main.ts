/**
 * `pnpm --filter @binschema/bench run cold [--quick] [--processes N] [--payload NAME] [--format cbor|ubjson|msgpack] [--out NAME]`:
 * the cold mode (`cold.ts`), under the Node binary that runs this script.
 */
import { pathToFileURL } from 'node:url';
import { runCold, type ColdOptions } from './cold.js';
import { UsageError } from './options.js';
import { FORMATS, type Format } from './registry.js';

const USAGE = 'usage: cold [--quick] [--processes N] [--payload NAME] [--format cbor|ubjson|msgpack] [--out NAME]';

export function parseColdOptions(argv: string[]): ColdOptions {
  const options: ColdOptions = { processes: 3, quick: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--') continue;
    if (arg === '--quick') {
      options.quick = true;
      continue;
    }
    if (arg === '--help') throw new UsageError(USAGE);
    if (!['--processes', '--payload', '--format', '--out'].includes(arg)) throw new UsageError(`unknown argument ${arg}\n${USAGE}`);
    const value = argv[++index];
    if (value === undefined) throw new UsageError(`${arg} needs a value\n${USAGE}`);
    if (arg === '--processes') {
      options.processes = Number(value);
      if (!Number.isInteger(options.processes) || options.processes < 1) throw new UsageError(`--processes must be a whole number ≥ 1, got ${value}`);
    } else if (arg === '--format') {
      if (!(FORMATS as readonly string[]).includes(value)) throw new UsageError(`--format is ${FORMATS.join(', ')}\n${USAGE}`);
      options.format = value as Format;
    } else if (arg === '--payload') {
      options.payload = value;
    } else {
      options.out = value;
    }
  }
  return options;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const report = await runCold(parseColdOptions(process.argv.slice(2)));
    for (const bar of report.bars) console.log(`${bar.status}: ${bar.format} ${bar.direction} (${bar.detail})`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  }
}
