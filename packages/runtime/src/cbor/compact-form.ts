/**
 * Which of its two forms the compact layout writes an object in (README "Compact layout"): the
 * dense array by position or the sparse map of position keys. Generated encoders call it for
 * objects whose shape varies; the compiler calls it for those whose shape is fixed.
 */
import { headSize } from './head.js';

/**
 * Whether the sparse form is strictly smaller (at a tie the dense form stays, so the bytes of small
 * all-required records never change). Only the bytes the forms do not share are counted; the
 * values are the same bytes in both. `length`: elements of the dense array (the positions up to
 * the last present one, plus the extras map when there are extras); `present`: positions written;
 * `keyBytes`: bytes of their keys in the sparse form; `extras`: undeclared entries; `variant`: 1
 * for a variant of a discriminated union (its index is an element of the dense array, or the key
 * of a one-entry map around the sparse one), else 0.
 */
export function sparseIsSmaller(length: number, present: number, keyBytes: number, extras: number, variant: number): boolean {
  // Dense: the array head, `undefined` (0xf7) per absent position before the last one written, and the extras map's head.
  const dense = headSize(length + variant) + (extras === 0 ? length - present : length - 1 - present + headSize(extras));
  // Sparse: the map head and a key per present position; a variant's one-entry map head (its index costs the same in both).
  return headSize(present + extras) + keyBytes + variant < dense;
}
