/**
 * Pre-encoded texts every format shares: the hoisted table of an `enum`/`const` of strings
 * (`textTable`) and the comment of a pre-encoded key (`keyDoc`).
 */
import { js, joinCode, literal } from './code.js';
import type { ModuleContext } from './context.js';
import type { Name } from './names.js';

/** The comment of a pre-encoded map key (its length prefix and UTF-8), in every format: `key "id"`. */
export function keyDoc(name: string): string {
  return `key ${JSON.stringify(name)}`;
}

/**
 * The module constant of a key table of `texts` (an `enum`/`const` of strings), each with the
 * format's shortest length prefix: readers match the allowed strings in place with it
 * (`readKnownText`) and writers copy their pre-encoded bytes from it (`writeKnownText`). One
 * table per list of strings, shared by both.
 */
export function textTable(context: ModuleContext, texts: readonly string[]): Name {
  const shown = texts.slice(0, 5).map((text) => JSON.stringify(text)).join(', ');
  // Named by its first few strings: a long enum would give a long name.
  return context.constant(
    `texts ${texts.slice(0, 3).join(' ')}`,
    js`/* @__PURE__ */ ${context.use('keyTable')}([${joinCode(texts.map((text) => literal(text)), ', ')}])`,
    `the strings ${texts.length > 5 ? `${shown}, …` : shown}, pre-encoded`,
  );
}
