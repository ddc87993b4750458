// Shared helpers of the cbor*.test.ts suites: hex, typed-vector conversion, deep equality and a
// seeded random generator. Not a test file itself.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { Tag, Simple } from '../src/cbor/index.js';
import { testDataUrl } from '../../../test-data/index.js';

export function fromHex(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Reads a JSON file from the vendored `test-data/` folder. */
export function readTestData(path: string): any {
  return JSON.parse(readFileSync(testDataUrl(path), 'utf8'));
}

/**
 * The JavaScript value a typed Appendix A expectation stands for under this codec's documented
 * mapping: tags 0/1 → Date, 2/3 → bigint, other tags → Tag; simple values → Simple.
 */
export function fromTyped(typed: any): unknown {
  if (Array.isArray(typed)) return typed.map(fromTyped);
  if (typed === null || typeof typed !== 'object') return typed;
  if ('$int' in typed) return BigInt(typed.$int);
  if ('$float' in typed) return typed.$float === '-0' ? -0 : Number(typed.$float);
  if ('$bytes' in typed) return fromHex(typed.$bytes);
  if ('$undefined' in typed) return undefined;
  if ('$simple' in typed) return new Simple(typed.$simple);
  if ('$map' in typed) return new Map(typed.$map.map(([key, value]: [any, any]) => [fromTyped(key), fromTyped(value)]));
  if ('$tag' in typed) {
    const content = fromTyped(typed.content);
    switch (typed.$tag) {
      case 0:
        return new Date(content as string);
      case 1:
        return new Date((content as number) * 1000);
      case 2:
        return BigInt(`0x${toHex(content as Uint8Array) || '0'}`);
      case 3:
        return -1n - BigInt(`0x${toHex(content as Uint8Array) || '0'}`);
      default:
        return new Tag(typed.$tag, content);
    }
  }
  const object: Record<string, unknown> = {};
  for (const key of Object.keys(typed)) object[key] = fromTyped(typed[key]);
  return object;
}

/**
 * Strict deep equality: -0 is not 0, NaN equals NaN, a bigint is not a number. Plain-object keys
 * compare in any order; Map entries in order unless `mapOrder` is false (deterministic mode
 * sorts them).
 */
export function deepEqual(left: unknown, right: unknown, mapOrder = true): boolean {
  if (typeof left !== typeof right) return false;
  if (typeof left === 'number') return Object.is(left, right);
  if (typeof left !== 'object' || left === null || right === null) return left === right;
  const other = right as object;
  if (Object.getPrototypeOf(left) !== Object.getPrototypeOf(other)) return false;
  if (left instanceof Uint8Array) return toHex(left) === toHex(other as Uint8Array);
  if (left instanceof Tag) return deepEqual(left.tag, (other as Tag).tag) && deepEqual(left.content, (other as Tag).content, mapOrder);
  if (left instanceof Date) return Object.is(left.getTime(), (other as Date).getTime());
  if (Array.isArray(left)) {
    const array = other as unknown[];
    return left.length === array.length && left.every((item, index) => deepEqual(item, array[index], mapOrder));
  }
  if (left instanceof Map) {
    const map = other as Map<unknown, unknown>;
    if (left.size !== map.size) return false;
    const rightEntries = [...map];
    if (mapOrder) {
      return [...left].every(([key, value], index) => deepEqual(key, rightEntries[index][0], false) && deepEqual(value, rightEntries[index][1], mapOrder));
    }
    return [...left].every(([key, value]) => rightEntries.some(([otherKey, otherValue]) => deepEqual(key, otherKey, false) && deepEqual(value, otherValue, false)));
  }
  const leftKeys = Object.keys(left).sort();
  const rightKeys = Object.keys(other).sort();
  if (leftKeys.length !== rightKeys.length || leftKeys.some((key, index) => key !== rightKeys[index])) return false;
  return leftKeys.every((key) => deepEqual((left as any)[key], (other as any)[key], mapOrder));
}

/** Mulberry32: a small seeded generator, so a failing random case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
