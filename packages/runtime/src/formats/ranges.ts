/** Lookup in the sorted inclusive [first, last] pairs of unicode-data.ts. */

/** `point` lies in one of the pairs (binary search; undefined is in none). */
export function inRanges(point: number | undefined, ranges: readonly number[]): boolean {
  if (point === undefined) return false;
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (point < ranges[middle * 2]) high = middle - 1;
    else if (point > ranges[middle * 2 + 1]) low = middle + 1;
    else return true;
  }
  return false;
}
