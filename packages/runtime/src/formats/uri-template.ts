/** RFC 6570 §2 URI Template syntax (all four levels). */
import { IPRIVATE, UCSCHAR } from './uri.js';

/**
 * §2.1 literals: any character but CTL, SP, DQUOTE, "%" outside pct-encoded, "<", ">", "\", "^",
 * "`", "{", "|", "}", with the verified erratum 6937 (%x26-3B) that puts the apostrophe back.
 * Non-ASCII is limited to ucschar / iprivate.
 */
const LITERALS = /* @__PURE__ */ new RegExp(String.raw`^(?:[\x21\x23\x24\x26-\x3b\x3d\x3f-\x5b\x5d\x5f\x61-\x7a\x7e${UCSCHAR}${IPRIVATE}]|%[0-9A-Fa-f]{2})*$`, 'u');
/** §2.3 varspec: varname [ ":" max-length (1-9999, no leading zero) / "*" ]. */
const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
/** §2.2 operator (op-level2, op-level3 and the reserved op-reserve), then §2.3 variable-list. */
const EXPRESSION = /* @__PURE__ */ new RegExp(`^[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*$`);

/** RFC 6570 URI-Template = *( literals / expression ). */
export function isUriTemplate(text: string): boolean {
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('{', position);
    const literalEnd = open < 0 ? text.length : open;
    if (!LITERALS.test(text.slice(position, literalEnd))) return false;
    if (open < 0) return true;
    const close = text.indexOf('}', open);
    if (close < 0 || !EXPRESSION.test(text.slice(open + 1, close))) return false;
    position = close + 1;
  }
  return true;
}
