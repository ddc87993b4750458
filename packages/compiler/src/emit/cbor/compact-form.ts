import { sparseIsSmaller as sparseIsSmallerAt } from '@binschema/runtime/cbor';
import type { FormCounts } from '../head/wire.js';

/**
 * Which of its two forms the compact layout writes an object in (README "Compact layout"), decided
 * at compile time for objects whose shape is fixed, by the rule generated encoders call at run
 * time for the others (the runtime's `sparseIsSmaller`). Strictly smaller only: at a tie the dense
 * form stays (bytes of small all-required records never change).
 */
export function sparseIsSmaller({ length, present, keyBytes, extras, variant }: FormCounts): boolean {
  return sparseIsSmallerAt(length, present, keyBytes, extras, variant);
}
