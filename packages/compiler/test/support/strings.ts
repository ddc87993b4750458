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

function parsePattern(pattern: string): { node: Node; anchoredStart: boolean; anchoredEnd: boolean } {
  const chars = [...pattern];
  const anchoredStart = chars[0] === '^';
  let end = chars.length;
  const anchoredEnd = end > (anchoredStart ? 1 : 0) && chars[end - 1] === '$' && chars[end - 2] !== '\\';
  if (anchoredEnd) end--;
  const parser = new PatternParser(chars, anchoredStart ? 1 : 0, end);
  const node = parser.choice();
  if (parser.position !== end) throw new SyntaxError('unexpected character');
  return { node, anchoredStart, anchoredEnd };
}

/** Recursive descent over the supported subset; throws SyntaxError on anything else. */
class PatternParser {
  constructor(
    private readonly chars: string[],
    public position: number,
    private readonly end: number,
  ) {}

  choice(): Node {
    const options: Node[] = [this.sequence()];
    while (this.position < this.end && this.chars[this.position] === '|') {
      this.position++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'choice', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.position < this.end && this.chars[this.position] !== '|' && this.chars[this.position] !== ')') items.push(this.quantified());
    return { kind: 'sequence', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const next = this.chars[this.position];
    if (next === '?' || next === '*' || next === '+') {
      this.position++;
      return { kind: 'repeat', node: atom, min: next === '+' ? 1 : 0, max: next === '?' ? 1 : 5 };
    }
    if (next !== '{') return atom;
    const close = this.chars.indexOf('}', this.position);
    const match = /^(\d+)(,(\d*))?$/.exec(this.chars.slice(this.position + 1, close).join(''));
    if (close < 0 || match === null) throw new SyntaxError('unsupported quantifier');
    this.position = close + 1;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? min + 4 : Number(match[3]);
    return { kind: 'repeat', node: atom, min, max };
  }

  private atom(): Node {
    const char = this.chars[this.position++];
    if (char === '(') {
      if (this.chars[this.position] === '?') {
        if (this.chars[this.position + 1] !== ':') throw new SyntaxError('unsupported group');
        this.position += 2;
      }
      const inner = this.choice();
      if (this.chars[this.position++] !== ')') throw new SyntaxError('unclosed group');
      return inner;
    }
    if (char === '[') return this.characterClass();
    if (char === '.') return { kind: 'chars', pick: (random) => String.fromCodePoint(random.int(0x61, 0x7a)) };
    if (char === '\\') return escapeNode(this.chars[this.position++]);
    if ('^$*+?{}|)]'.includes(char)) throw new SyntaxError(`unsupported ${char}`);
    return { kind: 'chars', pick: () => char };
  }

  private characterClass(): Node {
    if (this.chars[this.position] === '^') throw new SyntaxError('negated classes are not supported');
    const ranges: [number, number][] = [];
    while (this.chars[this.position] !== ']') {
      if (this.position >= this.end) throw new SyntaxError('unclosed class');
      let low = this.chars[this.position++];
      if (low === '\\') {
        const escaped = this.chars[this.position++];
        const named = NAMED_CLASSES[escaped];
        if (named !== undefined) {
          ranges.push(...named);
          continue;
        }
        low = escaped;
      }
      let high = low;
      if (this.chars[this.position] === '-' && this.chars[this.position + 1] !== ']') {
        const escapedHigh = this.chars[this.position + 1] === '\\';
        high = this.chars[this.position + (escapedHigh ? 2 : 1)];
        this.position += escapedHigh ? 3 : 2;
      }
      ranges.push([low.codePointAt(0)!, high.codePointAt(0)!]);
    }
    this.position++;
    return { kind: 'chars', pick: (random) => pickFromRanges(random, ranges) };
  }
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
