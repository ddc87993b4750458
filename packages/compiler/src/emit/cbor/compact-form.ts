import { headSize, sparseIsSmaller as sparseIsSmallerAt } from '@binschema/runtime/cbor';

/**
 * Which of its two forms the compact layout writes an object in (README "Compact layout"), decided
 * at compile time for objects whose shape is fixed, by the rule generated encoders call at run
 * time for the others (the runtime's `sparseIsSmaller`).
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
  /** 1 for a variant of a discriminated union, else 0. */
  variant: 0 | 1;
}

/** Strictly smaller only: at a tie the dense form stays (bytes of small all-required records never change). */
export function sparseIsSmaller({ length, present, keyBytes, extras, variant }: FormCounts): boolean {
  return sparseIsSmallerAt(length, present, keyBytes, extras, variant);
}

/** The bytes of position `position` as a map key: an unsigned integer head (major type 0). */
export function positionKeyBytes(position: number): number {
  return headSize(position);
}
