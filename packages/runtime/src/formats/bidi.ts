/**
 * RFC 5893 §2, the Bidi rule for IDNA2008 labels. It applies to every label of a "Bidi domain
 * name", one with at least one RTL label (§1.4: a label holding an R, AL or AN character).
 * Labels reach it already checked, so they hold only IDNA2008-permitted code points.
 */
import { BIDI_AL, BIDI_AN, BIDI_BN, BIDI_EN, BIDI_ES, BIDI_NSM, BIDI_ON, BIDI_R } from './unicode-data.js';
import { inRanges } from './ranges.js';

type BidiClass = 'L' | 'R' | 'AL' | 'AN' | 'EN' | 'ES' | 'ON' | 'BN' | 'NSM';

const TABLES: readonly [BidiClass, readonly number[]][] = [
  ['R', BIDI_R], ['AL', BIDI_AL], ['AN', BIDI_AN], ['EN', BIDI_EN], ['ES', BIDI_ES], ['ON', BIDI_ON], ['BN', BIDI_BN], ['NSM', BIDI_NSM],
];

/** Bidi_Class of a permitted code point (L unless a table lists it). */
function bidiClass(point: number): BidiClass {
  if (point < 0x80) return point >= 0x30 && point <= 0x39 ? 'EN' : point === 0x2d ? 'ES' : 'L';
  for (const [name, ranges] of TABLES) if (inRanges(point, ranges)) return name;
  return 'L';
}

/** §1.4 RTL label. */
export function isRtlLabel(points: readonly number[]): boolean {
  return points.some((point) => {
    const name = bidiClass(point);
    return name === 'R' || name === 'AL' || name === 'AN';
  });
}

/** §2 conditions 1-6 for one label. CS and ET are in the lists though no permitted code point has them. */
export function satisfiesBidiRule(points: readonly number[]): boolean {
  if (points.length === 0) return false;
  const classes = points.map(bidiClass);
  const first = classes[0];
  if (first !== 'L' && first !== 'R' && first !== 'AL') return false; // 1
  let last = classes.length - 1;
  while (last > 0 && classes[last] === 'NSM') last--;
  if (first === 'L') {
    if (!classes.every((name) => name === 'L' || name === 'EN' || name === 'ES' || name === 'ON' || name === 'BN' || name === 'NSM')) return false; // 5
    return classes[last] === 'L' || classes[last] === 'EN'; // 6
  }
  if (!classes.every((name) => name !== 'L')) return false; // 2
  if (classes.includes('EN') && classes.includes('AN')) return false; // 4
  const end = classes[last];
  return end === 'R' || end === 'AL' || end === 'EN' || end === 'AN'; // 3
}

/** The Bidi rule over a whole domain name (labels as code points): only Bidi domain names are checked. */
export function satisfiesBidiDomainRule(labels: readonly (readonly number[])[]): boolean {
  return !labels.some(isRtlLabel) || labels.every(satisfiesBidiRule);
}
