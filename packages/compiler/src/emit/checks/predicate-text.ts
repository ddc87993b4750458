/**
 * Rewrites of generated predicates' text that keep it short and readable: a test negated without
 * a double negation, and a body of one test as one `return`.
 */
import { Code, js } from '../module/code.js';

/** The tests `not` made by negating another (a call or a parenthesised expression): negated again, they are that one. */
const negations = new WeakMap<Code, Code>();

/** `!test`, without a double negation. */
export function not(test: Code): Code {
  if (test.text === 'true') return new Code('false');
  if (test.text === 'false') return new Code('true');
  const negated = negations.get(test);
  if (negated !== undefined) return negated;
  const code = js`!${test}`;
  negations.set(code, test);
  return code;
}

/**
 * A body of one test, `if (C) return false; return true;`, as `return !(C);` (or `return X;` for
 * `C` = `!X`, one call or parenthesised group): most predicates of real schemas are one test.
 */
export function singleReturn(body: Code): Code {
  const match = /^if \((.*)\) return false;\nreturn true;$/.exec(body.text);
  if (match === null) return body;
  const condition = match[1];
  if (condition.startsWith('!') && isOneTerm(condition.slice(1))) {
    const test = condition.slice(1);
    return new Code(`return ${test.startsWith('(') ? test.slice(1, -1) : test};`);
  }
  return new Code(isOneTerm(condition) ? `return !${condition};` : `return !(${condition});`);
}

/** Whether `text` is one call (`name(…)`, `a.b(…)`) or one parenthesised group, so `!` applies to all of it. */
function isOneTerm(text: string): boolean {
  const open = /^[\w$.]*\(/.exec(text);
  if (open === null) return false;
  let depth = 0;
  let quote: string | undefined;
  for (let index = open[0].length - 1; index < text.length; index++) {
    const char = text[index];
    if (quote !== undefined) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index === text.length - 1;
  }
  return false;
}
