/**
 * The size report's rows and the bars of issue 37 they are judged against (JS target):
 * - each default ('speed') module at most 2x the bytes of ajv's standalone validation code for the
 *   same schema, or at most 8 KB; all of them together at most 1.5x all of ajv's code;
 * - each 'small' module at most 8x its schema (compact JSON, refs included), or at most 32 KB;
 * - each schema compiles in at most 3 s (the 'speed' module, wall time).
 * KB = 1,024 bytes, as in the other reports.
 */
import type { Format } from '@binschema/compiler';
import type { AjvSizes } from './sizes-ajv.js';
import type { FormatSizes } from './sizes-module.js';
import type { Draft, SizeSourceId } from './sizes-schemas.js';

export const FORMATS = ['cbor', 'ubjson', 'msgpack'] as const satisfies readonly Format[];
export const FORMAT_LABELS: Readonly<Record<Format, string>> = { cbor: 'CBOR', ubjson: 'UBJSON', msgpack: 'MessagePack' };

export const KB = 1024;

export const BARS = {
  speedToAjv: 2,
  speedFloorBytes: 8 * KB,
  totalSpeedToAjv: 1.5,
  smallToSchema: 8,
  smallFloorBytes: 32 * KB,
  compileMs: 3000,
} as const;

export interface SizeRow {
  source: SizeSourceId;
  name: string;
  draft: Draft;
  schemaBytes: number;
  ajv: AjvSizes;
  formats: Record<Format, FormatSizes>;
}

/** Over the per-schema speed bar: more than 2x ajv's code and more than 8 KB. */
export function overSpeedBar(speedBytes: number, ajvBytes: number): boolean {
  return speedBytes > BARS.speedToAjv * ajvBytes && speedBytes > BARS.speedFloorBytes;
}

/** Over the small bar: more than 8x the schema and more than 32 KB. */
export function overSmallBar(smallBytes: number, schemaBytes: number): boolean {
  return smallBytes > BARS.smallToSchema * schemaBytes && smallBytes > BARS.smallFloorBytes;
}

export function overCompileBar(ms: number): boolean {
  return ms > BARS.compileMs;
}

/** The bars a row is over in one format: `ajv` (speed vs ajv), `small`, `compile`. */
export function barsOver(row: SizeRow, format: Format): string[] {
  const { speed, small } = row.formats[format];
  const over: string[] = [];
  if (speed !== undefined && row.ajv.bytes !== undefined && overSpeedBar(speed.bytes, row.ajv.bytes)) over.push('ajv');
  if (small !== undefined && overSmallBar(small.bytes, row.schemaBytes)) over.push('small');
  if (speed !== undefined && overCompileBar(speed.ms)) over.push('compile');
  return over;
}

export interface WorstRow {
  name: string;
  ratio: number;
  speedBytes: number;
  ajvBytes: number;
}

export interface FormatSummary {
  format: Format;
  rows: number;
  /** Rows with both a speed module and ajv's code: the speed/ajv totals are over these. */
  paired: number;
  speedBytes: number;
  speedGzipBytes: number;
  ajvBytes: number;
  ajvGzipBytes: number;
  /** ajv's esbuild bundles of the same rows (reprinted source and helpers). */
  ajvBundleBytes: number;
  /** All speed modules over all of ajv's code (paired rows); the bar is 1.5x. */
  ratio: number;
  totalOverBar: boolean;
  overSpeed: string[];
  /** Rows with a small module, their bytes, gzip and schemas. */
  smallRows: number;
  smallBytes: number;
  smallGzipBytes: number;
  schemaBytes: number;
  smallRatio: number;
  overSmall: string[];
  /** Speed compiles over 3 s, slowest first. */
  overCompile: { name: string; ms: number }[];
  slowest?: { name: string; ms: number };
  /** Rows where a code size did not compile. */
  failed: string[];
  /** Highest speed/ajv ratios first. */
  worst: WorstRow[];
}

export function summariseFormat(rows: SizeRow[], format: Format, worstCount = 5): FormatSummary {
  const paired = rows.flatMap((row) => {
    const speed = row.formats[format].speed;
    const ajv = row.ajv;
    return speed === undefined || ajv.bytes === undefined ? [] : [{ row, speed, ajv }];
  });
  const small = rows.flatMap((row) => (row.formats[format].small === undefined ? [] : [{ row, small: row.formats[format].small! }]));
  const timed = rows.flatMap((row) => (row.formats[format].speed === undefined ? [] : [{ name: row.name, ms: row.formats[format].speed!.ms }])).sort((a, b) => b.ms - a.ms);
  const speedBytes = sum(paired.map(({ speed }) => speed.bytes));
  const ajvBytes = sum(paired.map(({ ajv }) => ajv.bytes!));
  const smallBytes = sum(small.map(({ small }) => small.bytes));
  const schemaBytes = sum(small.map(({ row }) => row.schemaBytes));
  return {
    format,
    rows: rows.length,
    paired: paired.length,
    speedBytes,
    speedGzipBytes: sum(paired.map(({ speed }) => speed.gzipBytes)),
    ajvBytes,
    ajvGzipBytes: sum(paired.map(({ ajv }) => ajv.gzipBytes!)),
    ajvBundleBytes: sum(paired.map(({ ajv }) => ajv.bundleBytes!)),
    ratio: speedBytes / ajvBytes,
    totalOverBar: speedBytes > BARS.totalSpeedToAjv * ajvBytes,
    overSpeed: paired.filter(({ speed, ajv }) => overSpeedBar(speed.bytes, ajv.bytes!)).map(({ row }) => row.name),
    smallRows: small.length,
    smallBytes,
    smallGzipBytes: sum(small.map(({ small }) => small.gzipBytes)),
    schemaBytes,
    smallRatio: smallBytes / schemaBytes,
    overSmall: small.filter(({ row, small }) => overSmallBar(small.bytes, row.schemaBytes)).map(({ row }) => row.name),
    overCompile: timed.filter(({ ms }) => overCompileBar(ms)),
    slowest: timed[0],
    failed: rows.filter((row) => row.formats[format].speed === undefined || row.formats[format].small === undefined).map((row) => row.name),
    worst: paired
      .map(({ row, speed, ajv }) => ({ name: row.name, ratio: speed.bytes / ajv.bytes!, speedBytes: speed.bytes, ajvBytes: ajv.bytes! }))
      .sort((a, b) => b.ratio - a.ratio)
      .slice(0, worstCount),
  };
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
