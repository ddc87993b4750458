import { headSize } from '@binschema/runtime/cbor';

/**
 * Which of its two forms the compact layout writes an object in (README "Compact layout"): the
 * dense array by position or the sparse map of position keys. Only the bytes the forms do not
 * share are counted; the values are the same bytes in both. The generated modules carry the same
 * rule as the prelude helper `sparseIsSmaller` (`cbor-compact-prelude.ts`) for objects whose
 * shape varies; this one decides at compile time for those whose shape is fixed.
 */
export interface FormCounts {
  /** Elements of the dense array: the positions up to the last present one, plus the extras map when there are extras. */
  length: number;
  /** Positions written (present properties). */
  present: number;
  /** Bytes of the present positions' keys in the sparse form (RFC 8949 §3.1 heads: 1 below 24, 2 below 256, 3 above). */
  keyBytes: number;
  /** Extra (undeclared) entries. */
  extras: number;
  /** 1 for a variant of a discriminated union (its index is an element of the dense array, or the key of a one-entry map around the sparse one), else 0. */
  variant: 0 | 1;
}

/** Strictly smaller only: at a tie the dense form stays (bytes of small all-required records never change). */
export function sparseIsSmaller({ length, present, keyBytes, extras, variant }: FormCounts): boolean {
  // Dense: the array head, `undefined` (0xf7) per absent position before the last one written, and the extras map's head.
  const dense = headSize(length + variant) + (extras === 0 ? length - present : length - 1 - present + headSize(extras));
  // Sparse: the map head and a key per present position; a variant's one-entry map head (its index costs the same in both).
  const sparse = headSize(present + extras) + keyBytes + variant;
  return sparse < dense;
}

/** The bytes of position `position` as a map key: an unsigned integer head (major type 0). */
export function positionKeyBytes(position: number): number {
  return headSize(position);
}
