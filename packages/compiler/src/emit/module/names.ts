/**
 * Identifiers of generated code: `Name`, a checked identifier, made only from schema text by
 * `safeIdentifier` and `NameScope` (reserved words and the globals the code uses are never taken;
 * collisions get a numeric suffix).
 */
import { Code } from './code.js';

/** A checked identifier: only `safeIdentifier`/`NameScope` make these. */
export class Name extends Code {
  private readonly brand = 'Name';
}

/** ECMAScript reserved words, strict-mode and module reserved words, and TS type keywords. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval ' +
    'any unknown never number string boolean bigint symbol object undefined as is keyof readonly declare type ' +
    'namespace module infer asserts satisfies abstract constructor get set of from require global ' +
    'NaN Infinity'
  ).split(' '),
);

/**
 * Globals the generated code uses or that readers expect to mean the platform's: a schema named
 * `Object` must not shadow `Object.keys`.
 */
const GLOBALS = new Set(
  (
    'Object Array Number String Boolean Math JSON RegExp Error TypeError RangeError Symbol Map Set WeakMap Date ' +
    'Uint8Array DataView ArrayBuffer BigInt Promise Function Reflect Proxy globalThis console undefined ' +
    'Record Partial Readonly ReadonlyArray Exclude Extract Pick Omit'
  ).split(' '),
);

/** Longest identifier we emit; longer names are cut and made unique with a suffix. */
const MAX_IDENTIFIER = 60;

/** Splits schema text into words of [A-Za-z0-9]; everything else separates words. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * Sanitises schema text into an identifier body: [A-Za-z0-9_$] only, never starting with a
 * digit, at most `MAX_IDENTIFIER` characters. `pascal` gives `PascalCase` (types), otherwise
 * `camelCase` (functions, locals). Empty results become `fallback`.
 */
export function identifierBody(text: string, pascal: boolean | 'constant', fallback: string): string {
  const parts = words(text.slice(0, 4 * MAX_IDENTIFIER));
  let body =
    pascal === 'constant'
      ? parts.map((word) => word.toUpperCase()).join('_')
      : parts
          .map((word, index) => (index === 0 && !pascal ? word[0].toLowerCase() + word.slice(1) : word[0].toUpperCase() + word.slice(1)))
          .join('');
  if (body === '') body = fallback;
  if (/^[0-9]/.test(body)) body = `${pascal === true ? 'T' : '_'}${body}`;
  return body.slice(0, MAX_IDENTIFIER);
}

/**
 * Hands out unique identifiers for one scope. A child scope also avoids every name of its parents,
 * so a local can never shadow a module-level function or import.
 */
export class NameScope {
  private readonly used = new Set<string>();

  constructor(private readonly parent?: NameScope) {}

  private taken(name: string): boolean {
    if (RESERVED.has(name) || GLOBALS.has(name) || this.used.has(name)) return true;
    return this.parent !== undefined && this.parent.taken(name);
  }

  /** Claims a fixed name (imports, prelude helpers); throws if it is taken, a programming error. */
  claim(name: string): Name {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) || this.taken(name)) throw new Error(`NameScope: cannot claim ${name}`);
    this.used.add(name);
    return new Name(name);
  }

  /** A fresh identifier made from schema text: `prefix` + sanitised text, suffixed `2`, `3`… on collision. */
  fresh(text: string, options: { pascal?: boolean | 'constant'; prefix?: string; fallback?: string } = {}): Name {
    const prefix = options.prefix ?? '';
    const pascal = options.pascal ?? prefix !== '';
    const base = prefix + identifierBody(text, pascal, options.fallback ?? 'Value');
    let name = base;
    for (let counter = 2; this.taken(name); counter++) name = `${base}${counter}`;
    this.used.add(name);
    return new Name(name);
  }

  child(): NameScope {
    return new NameScope(this);
  }
}

/** A single safe identifier from schema text (for one-off uses outside a scope). */
export function safeIdentifier(text: string, pascal = false): Name {
  return new NameScope().fresh(text, { pascal, fallback: pascal ? 'Value' : 'value' });
}

/** True when `text` can be written as a bare property name (`value.name`, `{ name: … }`). */
export function isPlainPropertyName(text: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text) && text.length <= MAX_IDENTIFIER && text !== '__proto__';
}
