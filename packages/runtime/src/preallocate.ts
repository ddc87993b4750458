/**
 * How decoders (generic and generated) size an array for a declared count. A count is only a
 * claim of the input: sizing each array by the bytes left after its own head lets nested heads
 * each claim the same bytes again (~70 KB of arrays that each declare 65,535 elements took over
 * 256 MiB at 512 levels). So all preallocations of one input draw on one budget, the input length
 * (`Reader.slotsLeft`): valid input never runs out of it, and hostile input gets a growing array
 * and fails at the real end of input, with memory bounded by the input's size.
 */
import type { Reader } from './reader.js';

/** An array of `count` slots when the budget allows, else `[]` (also for -1, indefinite length). */
export function preallocate<T>(reader: Reader, count: number): T[] {
  if (count < 0 || count > reader.slotsLeft) return [];
  reader.slotsLeft -= count;
  return new Array<T>(count);
}
