/**
 * Short string enums in encoders: a `switch` of pre-encoded text items, where longer ones take a
 * table and the runtime's `writeKnownText`.
 */
import { Code, js, literal, type Lines } from '../module/code.js';

/** What the switch asks of the encoder emitter (`EncoderEmitter`, which imports this file). */
interface TextWriter {
  writeConstant(bytes: Uint8Array, constantName: string, what: string, lines: Lines): void;
  textItem(text: string): Uint8Array;
}

/**
 * A string `enum` of 2 to this many values is written by a `switch` (which compares one case
 * after another); a longer one from a table. The switch needs no table at run time, so an
 * encode-only bundle leaves the key-table code out. A single string (a `const`, often a union's
 * discriminator) stays with the table: its switch took ~150 more bytes of module a site than the
 * table's one call, and the UBJSON modules of the size report 1.4% more in all.
 */
const SWITCH_TEXTS_MAX = 8;

/**
 * `switch (value)` over the allowed `texts`, each case writing its pre-encoded text item (as any
 * string of that value is written); other values throw `failure`. False, writing nothing, when
 * the texts are one or too many for a switch.
 */
export function writeTextSwitch(emitter: TextWriter, texts: readonly string[], value: Code, failure: Code, lines: Lines): boolean {
  const distinct = [...new Set(texts)];
  if (distinct.length < 2 || distinct.length > SWITCH_TEXTS_MAX) return false;
  lines.block(js`switch (${value})`, (cases) => {
    for (const text of distinct) {
      cases.caseClause(js`case ${literal(text)}:`, (inner) => {
        emitter.writeConstant(emitter.textItem(text), `text ${text}`, `text ${JSON.stringify(text)}`, inner);
        inner.line(new Code('break;'));
      });
    }
    cases.line(js`default: ${failure}`);
  });
  return true;
}
