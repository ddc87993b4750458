/**
 * The compact layout's positions as the compat checker compares them: by property name, from
 * the one position assignment the code generators use (`emit/compact-layout/positions.ts`), so the
 * checker judges exactly the bytes the codecs write.
 */
import { compactPositions } from '../emit/compact-layout/positions.js';
import type { IrObject } from '../ir/types.js';

export interface CompactPosition {
  name: string;
  position: number;
}

export interface CompactLayout {
  /** Properties that are written, by position (ascending). */
  positions: CompactPosition[];
  /** Positions below `count` that no property takes (absent: `undefined` in CBOR's dense form, a hole UBJSON's sparse form leaves out; skipped by readers). */
  reserved: number[];
  /** Number of positions: the last used position + 1 (0 when none). */
  count: number;
  /** Required `const` properties: no position, the reader puts them back. */
  implied: string[];
}

export function compactLayout(object: IrObject): CompactLayout {
  const { slots, omitted } = compactPositions(object);
  const positions: CompactPosition[] = [];
  const reserved: number[] = [];
  slots.forEach((index, position) => {
    if (index === undefined) reserved.push(position);
    else positions.push({ name: object.properties[index].name, position });
  });
  return { positions, reserved, count: slots.length, implied: omitted.map((index) => object.properties[index].name) };
}
