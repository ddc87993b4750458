/**
 * IDNA2008 label checks: RFC 5891 §5.4 (an A-label decodes to a U-label that encodes back to
 * it), §4.2.3 (hyphens, leading marks, contextual rules), RFC 5892 §2-§3 (each code point's
 * derived property, computed from the Unicode properties this engine's regular expressions know)
 * and RFC 5892 Appendix A (CONTEXTJ/CONTEXTO rules). The RFC 5893 Bidi rule spans labels: bidi.ts.
 */
import { decodePunycode, encodePunycode } from './punycode.js';
import { JOINING_TYPE_D, JOINING_TYPE_L, JOINING_TYPE_R, VIRAMA } from './unicode-data.js';
import { inRanges } from './ranges.js';

type Property = 'PVALID' | 'CONTEXTJ' | 'CONTEXTO' | 'DISALLOWED';

/** RFC 5892 §2.6 Exceptions (F). */
const EXCEPTIONS: ReadonlyMap<number, Property> = /* @__PURE__ */ (() =>
  new Map<number, Property>([
    ...[0xdf, 0x3c2, 0x6fd, 0x6fe, 0xf0b, 0x3007].map((point) => [point, 'PVALID'] as const),
    ...[0xb7, 0x375, 0x5f3, 0x5f4, 0x30fb].map((point) => [point, 'CONTEXTO'] as const),
    ...range(0x660, 0x669).map((point) => [point, 'CONTEXTO'] as const),
    ...range(0x6f0, 0x6f9).map((point) => [point, 'CONTEXTO'] as const),
    ...[0x640, 0x7fa, 0x302e, 0x302f, ...range(0x3031, 0x3035), 0x303b].map((point) => [point, 'DISALLOWED'] as const),
  ]))();

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** §2.10 Unassigned (J): Cn but not a noncharacter. */
const UNASSIGNED = /^(?!\p{Noncharacter_Code_Point})\p{Cn}$/u;
/** §2.8 IgnorableProperties (C). */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$/u;
/** §2.9 IgnorableBlocks (D): Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation. */
const IGNORABLE_BLOCKS = /^[\u20d0-\u20ff\u{1d100}-\u{1d24f}]$/u;
/** §2.9 OldHangulJamo (I): Hangul_Syllable_Type L, V or T (HangulSyllableType.txt ranges). */
const OLD_HANGUL_JAMO = /^[\u1100-\u11ff\ua960-\ua97c\ud7b0-\ud7c6\ud7cb-\ud7fb]$/u;
/** §2.1 LetterDigits (A). */
const LETTER_DIGITS = /^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u;
/**
 * Case folding (for §2.2 Unstable) is not in ECMA-262; lower(upper(c)) gives it except for
 * U+0131 (no folding) and Cherokee, whose small letters fold to the capitals (CaseFolding.txt).
 */
const CHEROKEE_SMALL = /^[\u13f8-\u13fd\uab70-\uabbf]$/u;
const CHEROKEE_CAPITAL = /^[\u13a0-\u13f5]$/u;

/** §2.2 Unstable (B): toNFKC(toCaseFold(toNFKC(cp))) != cp. */
function isUnstable(char: string): boolean {
  const nfkc = char.normalize('NFKC');
  if (nfkc !== char || CHEROKEE_SMALL.test(char)) return true;
  if (char === '\u0131' || CHEROKEE_CAPITAL.test(char)) return false;
  return nfkc.toUpperCase().toLowerCase().normalize('NFKC') !== char;
}

/** RFC 5892 §3 derived property of one code point (given as its string). */
export function idnaProperty(char: string): Property {
  const point = char.codePointAt(0)!;
  const exception = EXCEPTIONS.get(point);
  if (exception !== undefined) return exception;
  if (UNASSIGNED.test(char)) return 'DISALLOWED'; // UNASSIGNED is not allowed in a label either
  if ((point >= 0x61 && point <= 0x7a) || (point >= 0x30 && point <= 0x39) || point === 0x2d) return 'PVALID';
  if (point === 0x200c || point === 0x200d) return 'CONTEXTJ';
  if (isUnstable(char) || IGNORABLE.test(char) || IGNORABLE_BLOCKS.test(char) || OLD_HANGUL_JAMO.test(char)) return 'DISALLOWED';
  return LETTER_DIGITS.test(char) ? 'PVALID' : 'DISALLOWED';
}

/** Joining_Type T: listed ones aside, unlisted Mn, Me and Cf (ArabicShaping.txt header). */
const TRANSPARENT = /^[\p{Mn}\p{Me}\p{Cf}]$/u;

function joiningType(point: number | undefined): 'L' | 'D' | 'R' | 'T' | 'U' {
  if (point === undefined) return 'U';
  if (inRanges(point, JOINING_TYPE_D)) return 'D';
  if (inRanges(point, JOINING_TYPE_L)) return 'L';
  if (inRanges(point, JOINING_TYPE_R)) return 'R';
  if (point !== 0x200c && point !== 0x200d && point !== 0x180a && TRANSPARENT.test(String.fromCodePoint(point))) return 'T';
  return 'U';
}

/** RFC 5892 A.1: ZWNJ after a virama, or inside (L|D) T* ZWNJ T* (R|D). */
function zeroWidthNonJoinerOk(points: readonly number[], at: number): boolean {
  if (inRanges(points[at - 1], VIRAMA)) return true;
  let before = at - 1;
  while (joiningType(points[before]) === 'T') before--;
  let after = at + 1;
  while (joiningType(points[after]) === 'T') after++;
  const left = joiningType(points[before]);
  const right = joiningType(points[after]);
  return (left === 'L' || left === 'D') && (right === 'R' || right === 'D');
}

const GREEK = /^\p{Script=Greek}$/u;
const HEBREW = /^\p{Script=Hebrew}$/u;
const KANA_HAN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

function charAt(points: readonly number[], at: number): string {
  return at >= 0 && at < points.length ? String.fromCodePoint(points[at]) : '';
}

/** RFC 5892 Appendix A rules for one CONTEXTJ/CONTEXTO code point. */
function contextOk(points: readonly number[], at: number, label: string): boolean {
  const point = points[at];
  if (point === 0x200c) return zeroWidthNonJoinerOk(points, at);
  if (point === 0x200d) return inRanges(points[at - 1], VIRAMA); // A.2
  if (point === 0xb7) return points[at - 1] === 0x6c && points[at + 1] === 0x6c; // A.3
  if (point === 0x375) return GREEK.test(charAt(points, at + 1)); // A.4
  if (point === 0x5f3 || point === 0x5f4) return HEBREW.test(charAt(points, at - 1)); // A.5, A.6
  if (point === 0x30fb) return KANA_HAN.test(label.replace(/\u30fb/g, '')); // A.7 (U+30FB is Common)
  if (point >= 0x660 && point <= 0x669) return !/[\u06f0-\u06f9]/.test(label); // A.8
  if (point >= 0x6f0 && point <= 0x6f9) return !/[\u0660-\u0669]/.test(label); // A.9
  return false;
}

/** A U-label (RFC 5890 §2.3.2.1, RFC 5891 §4.2.3, §5.4 NFC). */
export function isULabel(label: string): boolean {
  if (label.length === 0 || label.normalize('NFC') !== label) return false;
  if (label.startsWith('-') || label.endsWith('-') || label.slice(2, 4) === '--') return false; // §4.2.3.1
  if (/^\p{M}/u.test(label)) return false; // §4.2.3.2
  const points = Array.from(label, (char) => char.codePointAt(0)!);
  for (let at = 0; at < points.length; at++) {
    const property = idnaProperty(String.fromCodePoint(points[at]));
    if (property === 'DISALLOWED') return false;
    if (property !== 'PVALID' && !contextOk(points, at, label)) return false;
  }
  return true;
}

/**
 * The U-label of an ASCII label starting `xn--` (any case) when it is a valid A-label: it decodes
 * (RFC 3492) to a U-label with a non-ASCII character that encodes back to it (RFC 5891 §5.4,
 * RFC 5890 §2.3.2.1); undefined otherwise.
 */
export function aLabelToULabel(label: string): string | undefined {
  const lower = label.toLowerCase();
  if (!lower.startsWith('xn--') || lower.endsWith('-')) return undefined;
  const points = decodePunycode(lower.slice(4));
  if (points === undefined || points.every((point) => point < 0x80)) return undefined;
  if (`xn--${encodePunycode(points)}` !== lower) return undefined;
  const uLabel = String.fromCodePoint(...points);
  return isULabel(uLabel) ? uLabel : undefined;
}

/** A valid A-label (see `aLabelToULabel`). */
export function isALabel(label: string): boolean {
  return aLabelToULabel(label) !== undefined;
}
