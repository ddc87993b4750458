/**
 * Numbers for the generators: the edges where CBOR/UBJSON encoders change width or type
 * (RFC 8949 §3.1 argument sizes 24/256/65536/2^32, float16/32/64 ranges, -0) and uniform picks.
 */
import type { Random } from './random.js';
import type { SchemaObject } from './schema.js';

export const EDGE_INTEGERS = [
  0, -0, 1, -1, 23, 24, -24, -25, 255, 256, -256, -257, 65535, 65536, -65536, -65537,
  2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 32 - 1, 2 ** 32, -(2 ** 32), -(2 ** 32) - 1,
  2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 2 ** 63, 2 ** 64, -(2 ** 64), 1e21, -1e300,
];

export const EDGE_FRACTIONS = [
  0.5, -0.5, 1.5, 0.1, 1 / 3, -2.75, 65504, 65504.5, 5.960464477539063e-8, 6.103515625e-5,
  3.4028234663852886e38, 1.1754943508222875e-38, 1e-7, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE,
  Math.PI, 100000.5,
];

interface Bounds {
  low: number;
  high: number;
  lowExclusive: boolean;
  highExclusive: boolean;
}

export function boundsOf(schema: SchemaObject): Bounds {
  const bounds: Bounds = { low: -Infinity, high: Infinity, lowExclusive: false, highExclusive: false };
  if (typeof schema.minimum === 'number') bounds.low = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= bounds.low) {
    bounds.low = schema.exclusiveMinimum;
    bounds.lowExclusive = true;
  }
  if (typeof schema.maximum === 'number') bounds.high = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && schema.exclusiveMaximum <= bounds.high) {
    bounds.high = schema.exclusiveMaximum;
    bounds.highExclusive = true;
  }
  return bounds;
}

export function inBounds(value: number, bounds: Bounds): boolean {
  const aboveLow = bounds.lowExclusive ? value > bounds.low : value >= bounds.low;
  const belowHigh = bounds.highExclusive ? value < bounds.high : value <= bounds.high;
  return aboveLow && belowHigh;
}

/** A number valid for `schema` as far as bounds, integrality and multipleOf go. */
export function randomNumber(random: Random, schema: SchemaObject, integer: boolean): number | undefined {
  const bounds = boundsOf(schema);
  const multipleOf = typeof schema.multipleOf === 'number' ? schema.multipleOf : undefined;
  const fits = (value: number) =>
    inBounds(value, bounds) && (!integer || Number.isInteger(value)) && (multipleOf === undefined || Number.isInteger(value / multipleOf));
  const edges = [...EDGE_INTEGERS, ...(integer ? [] : EDGE_FRACTIONS), bounds.low, bounds.high, bounds.low + 1, bounds.high - 1];
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = random.chance(0.4) ? random.pick(edges) : uniform(random, bounds, integer, multipleOf);
    if (Number.isFinite(candidate) && fits(candidate)) return candidate;
  }
  return undefined;
}

function uniform(random: Random, bounds: Bounds, integer: boolean, multipleOf: number | undefined): number {
  // Without bounds, pick a magnitude first so small, medium and huge numbers all show up.
  const span = 10 ** random.int(0, 12);
  const low = Number.isFinite(bounds.low) ? bounds.low : Number.isFinite(bounds.high) ? bounds.high - span : -span;
  const high = Number.isFinite(bounds.high) ? bounds.high : low + 2 * span;
  let value = low + random.next() * (high - low);
  if (multipleOf !== undefined) value = Math.ceil(value / multipleOf) * multipleOf;
  else if (integer) value = Math.round(value);
  return value;
}
