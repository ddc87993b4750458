import type { Writer } from '../writer.js';
import { DUPLICATE_KEY } from '../errors.js';
import { Major } from './constants.js';
import { writeHeadAt } from './head.js';
import type { EncodeSettings } from './options.js';
import { EncodeFailure, addStep, mapKeyToken, writeItem } from './encode.js';

/**
 * RFC 8949 §4.2.1 core deterministic encoding of a map: every entry is written in place, then
 * the entries are put in the bytewise lexicographic order of their encoded keys. Two keys with
 * the same encoding (distinct JS values such as two equal arrays) fail with `duplicate-key`.
 * Positions are kept relative to `writer.start`, which moves when the writer grows.
 */
export function writeSortedEntries(
  writer: Writer,
  keys: unknown[],
  get: (key: unknown) => unknown,
  depth: number,
  settings: EncodeSettings,
): void {
  const count = keys.length;
  writer.ensure(9);
  writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Map, count);
  const bodyStart = writer.pos - writer.start;
  const starts: number[] = new Array(count);
  const keyEnds: number[] = new Array(count);
  const ends: number[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const key = keys[index];
    const value = get(key);
    try {
      starts[index] = writer.pos - writer.start;
      writeItem(writer, key, depth, settings);
      keyEnds[index] = writer.pos - writer.start;
      writeItem(writer, value, depth, settings);
      ends[index] = writer.pos - writer.start;
    } catch (error) {
      throw addStep(error, mapKeyToken(key), value);
    }
  }
  const base = writer.start;
  const uint8 = writer.uint8;
  const compare = (left: number, right: number): number =>
    compareBytes(uint8, base + starts[left], base + keyEnds[left], base + starts[right], base + keyEnds[right]);
  const order = Array.from({ length: count }, (_, index) => index).sort(compare);
  for (let index = 1; index < count; index++) {
    if (compare(order[index - 1], order[index]) === 0) {
      const key = keys[order[index]];
      throw addStep(new EncodeFailure(DUPLICATE_KEY, 'two map keys have the same encoding'), mapKeyToken(key), get(key));
    }
  }
  const body = uint8.slice(base + bodyStart, writer.pos);
  let pos = base + bodyStart;
  for (const index of order) {
    uint8.set(body.subarray(starts[index] - bodyStart, ends[index] - bodyStart), pos);
    pos += ends[index] - starts[index];
  }
}

/** Bytewise lexicographic order; a prefix sorts first. */
function compareBytes(uint8: Uint8Array, leftStart: number, leftEnd: number, rightStart: number, rightEnd: number): number {
  const leftLength = leftEnd - leftStart;
  const rightLength = rightEnd - rightStart;
  const length = Math.min(leftLength, rightLength);
  for (let index = 0; index < length; index++) {
    const difference = uint8[leftStart + index] - uint8[rightStart + index];
    if (difference !== 0) return difference;
  }
  return leftLength - rightLength;
}
