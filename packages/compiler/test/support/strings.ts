/**
 * Random text for the generators: code points from every UTF-8 length class (1–4 bytes, so
 * astral characters count as one code point but two UTF-16 units, the classic length bug), plus a
 * generator for strings matching the small regex subset the fixtures use.
 */
import type { Random } from './random.js';

/** Code point ranges by UTF-8 width, with a few characters that break naive code. */
const CODE_POINT_POOLS: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // printable ASCII (1 byte)
  [0x00, 0x1f], // controls incl. NUL (1 byte)
  [0xa0, 0x7ff], // Latin-1 supplement … Arabic (2 bytes)
  [0x800, 0xd7ff], // BMP below the surrogates (3 bytes)
  [0xe000, 0xfffd], // BMP above the surrogates (3 bytes)
  [0x1f600, 0x1f64f], // emoticons (4 bytes, astral)
  [0x10000, 0x10ffff], // any astral plane (4 bytes)
];
const SPECIAL_CODE_POINTS = [0x2028, 0x2029, 0xfeff, 0x0, 0x22, 0x5c, 0x60, 0x7f, 0x80, 0xffff, 0x10ffff];

export function randomCodePoint(random: Random): number {
  if (random.chance(0.05)) return random.pick(SPECIAL_CODE_POINTS);
  // Mostly ASCII, like real data, so key caches and ASCII fast paths are exercised too.
  if (random.chance(0.6)) return random.int(0x61, 0x7a);
  const [low, high] = random.pick(CODE_POINT_POOLS);
  return random.int(low, high);
}

/** A string of exactly `length` code points. */
export function randomString(random: Random, length: number): string {
  let out = '';
  for (let index = 0; index < length; index++) out += String.fromCodePoint(randomCodePoint(random));
  return out;
}

/** Length in code points, as JSON Schema's minLength/maxLength count (2020-12 §6.3.1). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

type Node =
  | { kind: 'chars'; pick: (random: Random) => string }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'choice'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

/**
 * Builds a string matching `pattern` for the subset: literals, `.`, `\d \w \s` and escaped
 * punctuation, classes `[a-z…]`, groups with `|`, `(?:…)`, quantifiers `? * + {n} {n,} {n,m}`,
 * `^`/`$`. Unanchored patterns get random text around the match. Returns undefined if the pattern
 * uses anything else (the caller then falls back to trying random strings).
 */
export function stringForPattern(random: Random, pattern: string): string | undefined {
  let parsed: { node: Node; anchoredStart: boolean; anchoredEnd: boolean };
  try {
    parsed = parsePattern(pattern);
  } catch {
    return undefined;
  }
  const core = produce(parsed.node, random);
  const before = parsed.anchoredStart || random.chance(0.5) ? '' : randomString(random, random.int(0, 3));
  const after = parsed.anchoredEnd || random.chance(0.5) ? '' : randomString(random, random.int(0, 3));
  return before + core + after;
}

function produce(node: Node, random: Random): string {
  switch (node.kind) {
    case 'chars':
      return node.pick(random);
    case 'sequence':
      return node.items.map((item) => produce(item, random)).join('');
    case 'choice':
      return produce(random.pick(node.options), random);
    case 'repeat': {
      const count = random.int(node.min, Math.min(node.max, node.min + 4));
      let out = '';
      for (let index = 0; index < count; index++) out += produce(node.node, random);
      return out;
    }
  }
}

function parsePattern(pattern: string) {
  const chars = [...pattern];
  let position = 0;
  const anchoredStart = chars[0] === '^';
  if (anchoredStart) position++;
  let end = chars.length;
  const anchoredEnd = end > position && chars[end - 1] === '$' && chars[end - 2] !== '\\';
  if (anchoredEnd) end--;

  const parseChoice = (): Node => {
    const options: Node[] = [parseSequence()];
    while (position < end && chars[position] === '|') {
      position++;
      options.push(parseSequence());
    }
    return options.length === 1 ? options[0] : { kind: 'choice', options };
  };
  const parseSequence = (): Node => {
    const items: Node[] = [];
    while (position < end && chars[position] !== '|' && chars[position] !== ')') items.push(parseQuantified());
    return { kind: 'sequence', items };
  };
  const parseQuantified = (): Node => {
    const atom = parseAtom();
    const next = chars[position];
    if (next === '?') return position++, { kind: 'repeat', node: atom, min: 0, max: 1 };
    if (next === '*') return position++, { kind: 'repeat', node: atom, min: 0, max: 4 };
    if (next === '+') return position++, { kind: 'repeat', node: atom, min: 1, max: 5 };
    if (next === '{') {
      const close = chars.indexOf('}', position);
      const body = chars.slice(position + 1, close).join('');
      const match = /^(\d+)(,(\d*))?$/.exec(body);
      if (close < 0 || match === null) throw new SyntaxError('unsupported quantifier');
      position = close + 1;
      const min = Number(match[1]);
      const max = match[2] === undefined ? min : match[3] === '' ? min + 4 : Number(match[3]);
      return { kind: 'repeat', node: atom, min, max };
    }
    return atom;
  };
  const parseAtom = (): Node => {
    const char = chars[position++];
    if (char === '(') {
      if (chars[position] === '?') {
        if (chars[position + 1] !== ':') throw new SyntaxError('unsupported group');
        position += 2;
      }
      const inner = parseChoice();
      if (chars[position++] !== ')') throw new SyntaxError('unclosed group');
      return inner;
    }
    if (char === '[') return parseClass();
    if (char === '.') return { kind: 'chars', pick: (random) => String.fromCodePoint(random.int(0x61, 0x7a)) };
    if (char === '\\') return escapeNode(chars[position++]);
    if ('^$*+?{}|)]'.includes(char)) throw new SyntaxError(`unsupported ${char}`);
    return { kind: 'chars', pick: () => char };
  };
  const parseClass = (): Node => {
    if (chars[position] === '^') throw new SyntaxError('negated classes are not supported');
    const ranges: [number, number][] = [];
    while (chars[position] !== ']') {
      if (position >= end) throw new SyntaxError('unclosed class');
      let low = chars[position++];
      if (low === '\\') {
        const escaped = chars[position++];
        const named = NAMED_CLASSES[escaped];
        if (named !== undefined) {
          ranges.push(...named);
          continue;
        }
        low = escaped;
      }
      let high = low;
      if (chars[position] === '-' && chars[position + 1] !== ']') {
        high = chars[position + 1] === '\\' ? chars[position + 2] : chars[position + 1];
        position += chars[position + 1] === '\\' ? 3 : 2;
      }
      ranges.push([low.codePointAt(0)!, high.codePointAt(0)!]);
    }
    position++;
    return { kind: 'chars', pick: (random) => pickFromRanges(random, ranges) };
  };

  const node = parseChoice();
  if (position !== end) throw new SyntaxError('unexpected character');
  return { node, anchoredStart, anchoredEnd };
}

const NAMED_CLASSES: Record<string, [number, number][]> = {
  d: [[0x30, 0x39]],
  w: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
  s: [[0x20, 0x20], [0x09, 0x0a]],
};

function escapeNode(char: string | undefined): Node {
  if (char === undefined) throw new SyntaxError('dangling escape');
  const named = NAMED_CLASSES[char];
  if (named !== undefined) return { kind: 'chars', pick: (random) => pickFromRanges(random, named) };
  if (/[A-Za-z0-9]/.test(char)) throw new SyntaxError(`unsupported escape \\${char}`);
  return { kind: 'chars', pick: () => char };
}

function pickFromRanges(random: Random, ranges: readonly [number, number][]): string {
  const [low, high] = random.pick(ranges);
  return String.fromCodePoint(random.int(low, high));
}
