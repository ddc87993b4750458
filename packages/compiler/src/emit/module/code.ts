/**
 * The only way text becomes generated source. `Code` is a fragment of trusted source; the `js`
 * tagged template accepts only `Code`, numbers and booleans as interpolations (a raw string is a
 * programming error and throws), so schema text can reach the output only through `literal()`
 * (a JS string literal), `comment()`/`docComment()` (neutralised comment text) or `Name`
 * (`names.ts`, a checked identifier). The idea is ajv's `_` template and `Name` class.
 */

/** A fragment of generated source that is safe to splice anywhere an expression/statement goes. */
export class Code {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * TypeScript-only text (annotations, `as` casts, type arguments) is written between these two
 * control characters. No schema text can bring them into the source (`literal()` escapes them,
 * comments replace them), so the TS target drops the marks and the JS target drops the marked
 * text (`sourceFor`): the JS target needs no TypeScript pass over the module, which took 6.6 of
 * the 9.7 s of compiling the vector schema (a 10 MB module).
 */
const TS_ONLY_OPEN = '\u0001';
const TS_ONLY_CLOSE = '\u0002';

/** Text only the TypeScript target keeps. */
export function tsOnly(code: Code): Code {
  return new Code(`${TS_ONLY_OPEN}${code.text}${TS_ONLY_CLOSE}`);
}

/** `name: type` (the annotation TypeScript-only). */
export function typed(name: Code, type: Code): Code {
  return new Code(`${name.text}${tsOnly(new Code(`: ${type.text}`)).text}`);
}

/** `expression as type` (the cast TypeScript-only); a cast never needs parentheses of its own once dropped. */
export function cast(expression: Code, type: Code): Code {
  return new Code(`${expression.text}${tsOnly(new Code(` as ${type.text}`)).text}`);
}

/** `(operand as type)`: in JavaScript the operand alone, without the parentheses only the cast needed. */
export function castOperand(operand: Code, type: Code): Code {
  return new Code(`${tsOnly(new Code('(')).text}${operand.text}${tsOnly(new Code(` as ${type.text})`)).text}`);
}

/** The module text for a target: TypeScript keeps what `tsOnly` marked, JavaScript drops it. */
export function sourceFor(text: string, target: 'ts' | 'js'): string {
  const out = target === 'ts' ? text.replace(/[\u0001\u0002]/g, '') : text.replace(/\u0001[^\u0001\u0002]*\u0002/g, '');
  if (target === 'js' && /[\u0001\u0002]/.test(out)) throw new Error('internal: TypeScript-only text nested or unclosed in a generated module');
  return out;
}

/** What may be interpolated into `js`. Strings are deliberately absent. */
export type Interpolation = Code | number | boolean;

/** Builds a `Code` from a template whose holes are `Code`, numbers or booleans only. */
export function js(strings: TemplateStringsArray, ...values: Interpolation[]): Code {
  let text = strings[0];
  for (let index = 0; index < values.length; index++) {
    text += interpolate(values[index]) + strings[index + 1];
  }
  return new Code(text);
}

function interpolate(value: Interpolation): string {
  if (value instanceof Code) return value.text;
  if (typeof value === 'number') return numberLiteral(value).text;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new TypeError(`js: refusing to interpolate a ${typeof value}; use literal(), comment() or a Name`);
}

/** Joins fragments with a separator (itself trusted source). */
export function joinCode(parts: readonly Code[], separator: string): Code {
  return new Code(parts.map((part) => part.text).join(separator));
}

/** Operands per parenthesised group in `joinLogical`. */
const LOGICAL_GROUP = 16;

/**
 * `a || b || …` (or `&&`) over any number of operands, each already safe as an operand of `op`.
 * A flat chain of n operands is an expression tree n deep, and TypeScript's binder recurses over
 * it (an enum of 2,000 strings overflowed the stack): past LOGICAL_GROUP operands the chain is
 * parenthesised in groups, so the depth grows with the logarithm of n. Same value, same order of
 * evaluation: `||` and `&&` are associative, short-circuit included.
 */
export function joinLogical(parts: readonly Code[], op: '||' | '&&'): Code {
  if (parts.length <= LOGICAL_GROUP) return joinCode(parts, ` ${op} `);
  const groups: Code[] = [];
  for (let start = 0; start < parts.length; start += LOGICAL_GROUP) {
    const group = parts.slice(start, start + LOGICAL_GROUP);
    groups.push(group.length === 1 ? group[0] : new Code(`(${joinCode(group, ` ${op} `).text})`));
  }
  return joinLogical(groups, op);
}

/**
 * A JS string literal for `text`. JSON.stringify escapes quotes, backslashes and control
 * characters; U+2028/U+2029 are escaped too because older engines end a line on them (and they
 * read badly). Backticks and `${` are inert inside a double-quoted literal.
 */
export function literal(text: string): Code {
  return new Code(JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
}

/** A JS number literal, also for -0, NaN and the infinities. */
export function numberLiteral(value: number): Code {
  if (Number.isNaN(value)) return new Code('NaN');
  if (value === Infinity) return new Code('Infinity');
  if (value === -Infinity) return new Code('-Infinity');
  if (Object.is(value, -0)) return new Code('-0');
  return new Code(String(value));
}

/** A JSON value as a JS expression (string keys through `literal`). */
export function jsonLiteral(value: unknown): Code {
  if (value === null) return new Code('null');
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (typeof value === 'boolean') return new Code(value ? 'true' : 'false');
  if (Array.isArray(value)) return new Code(`[${value.map((item) => jsonLiteral(item).text).join(', ')}]`);
  if (typeof value === 'object') {
    // Computed keys: a literal `__proto__: x` would set the prototype instead of a property.
    const entries = Object.keys(value).map((key) => `[${literal(key).text}]: ${jsonLiteral((value as Record<string, unknown>)[key]).text}`);
    return new Code(entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`);
  }
  throw new TypeError(`jsonLiteral: not a JSON value (${typeof value})`);
}

/** Makes `text` safe inside any comment: no comment terminator, no line breaks of any kind, bounded length. */
export function commentText(text: string, maxLength = 200): string {
  let safe = text
    .replace(/\*\//g, '*\\/')
    // An opening sequence inside a comment is inert for JS, but it reads as a nested comment to
    // people and to editors' highlighting: break it up too.
    .replace(/\/\*/g, '/\\*')
    .replace(/[\r\n\u2028\u2029\u0085\u000b\u000c]+/g, ' ')
    // Other control characters would only confuse readers and diff tools.
    .replace(/[\u0000-\u001f\u007f]/g, '?');
  if (safe.length > maxLength) safe = `${safe.slice(0, maxLength - 1)}…`;
  return safe;
}

/** A `// …` line comment. */
export function comment(text: string): Code {
  return new Code(`// ${commentText(text)}`);
}

/** A `/* … *\/` inline comment, for trailing field comments inside expressions. */
export function inlineComment(text: string): Code {
  return new Code(`/* ${commentText(text)} */`);
}

/** Bytes as a `Uint8Array` literal expression, in hex for readability. */
export function bytesLiteral(bytes: readonly number[] | Uint8Array): Code {
  const items = Array.from(bytes, (byte) => `0x${byte.toString(16).padStart(2, '0')}`);
  return new Code(`new Uint8Array([${items.join(', ')}])`);
}

/** A byte in hex, for inline comparisons (`uint8[pos] === 0x61`). */
export function hexLiteral(byte: number): Code {
  return new Code(`0x${byte.toString(16).padStart(2, '0')}`);
}

/**
 * Collects statements with indentation. `block(head, body)` writes `head {`, the body indented,
 * and `}`; every line is a `Code`, so the builder itself never sees raw schema text.
 */
export class Lines {
  private readonly out: string[] = [];
  private depth = 0;

  line(code: Code): this {
    for (const part of code.text.split('\n')) this.out.push(part === '' ? '' : '  '.repeat(this.depth) + part);
    return this;
  }

  lines(codes: readonly Code[]): this {
    for (const code of codes) this.line(code);
    return this;
  }

  block(head: Code, body: (lines: Lines) => void, tail: Code = new Code('}')): this {
    this.line(new Code(head.text === '' ? '{' : `${head.text} {`));
    this.depth++;
    body(this);
    this.depth--;
    this.line(tail);
    return this;
  }

  /** `if (…) { … } else { … }` with an optional else branch. */
  ifElse(condition: Code, then: (lines: Lines) => void, otherwise?: (lines: Lines) => void): this {
    if (otherwise === undefined) return this.block(js`if (${condition})`, then);
    this.block(js`if (${condition})`, then, new Code('} else {'));
    this.depth++;
    otherwise(this);
    this.depth--;
    return this.line(new Code('}'));
  }

  /** Writes `body` one level deeper without braces (`case` bodies). */
  indented(body: (lines: Lines) => void): this {
    this.depth++;
    body(this);
    this.depth--;
    return this;
  }

  /**
   * `case …:` and its statements, in braces only when it declares a name (a `case` shares its
   * `switch`'s scope): most cases are one statement and a `break`.
   */
  caseClause(head: Code, body: (lines: Lines) => void): this {
    const inner = new Lines();
    body(inner);
    const declares = inner.out.some((line) => /^(const|let|class|function) /.test(line));
    if (declares) return this.block(head, (lines) => lines.append(inner));
    this.line(head);
    this.depth++;
    this.append(inner);
    this.depth--;
    return this;
  }

  /** `try { … } catch (error) { … }`. */
  tryCatch(body: (lines: Lines) => void, handler: (lines: Lines) => void): this {
    this.block(new Code('try'), body, new Code('} catch (error) {'));
    return this.indented(handler).line(new Code('}'));
  }

  /** Appends the lines of another builder at the current depth. */
  append(other: Lines): this {
    for (const part of other.out) this.out.push(part === '' ? '' : '  '.repeat(this.depth) + part);
    return this;
  }

  get empty(): boolean {
    return this.out.length === 0;
  }

  toCode(): Code {
    return new Code(this.out.join('\n'));
  }
}
