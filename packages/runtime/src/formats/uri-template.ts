/** RFC 6570 §2 URI Template syntax (all four levels). */

/**
 * §2.1 literals: any character but CTL, SP, DQUOTE, "%" outside pct-encoded, "<", ">", "\", "^",
 * "`", "{", "|", "}", with the verified erratum 6937 (%x26-3B) that puts the apostrophe back.
 * Non-ASCII is limited to ucschar / iprivate.
 */
const LITERALS = new RegExp(
  String.raw`^(?:[\x21\x23\x24\x26-\x3b\x3d\x3f-\x5b\x5d\x5f\x61-\x7a\x7e` +
    String.raw`\u{a0}-\u{d7ff}\u{e000}-\u{fdcf}\u{fdf0}-\u{ffef}\u{10000}-\u{1fffd}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}\u{40000}-\u{4fffd}` +
    String.raw`\u{50000}-\u{5fffd}\u{60000}-\u{6fffd}\u{70000}-\u{7fffd}\u{80000}-\u{8fffd}\u{90000}-\u{9fffd}\u{a0000}-\u{afffd}\u{b0000}-\u{bfffd}` +
    String.raw`\u{c0000}-\u{cfffd}\u{d0000}-\u{dfffd}\u{e1000}-\u{efffd}\u{f0000}-\u{ffffd}\u{100000}-\u{10fffd}]|%[0-9A-Fa-f]{2})*$`,
  'u',
);
/** §2.3 varspec: varname [ ":" max-length (1-9999, no leading zero) / "*" ]. */
const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
/** §2.2 operator (op-level2, op-level3 and the reserved op-reserve), then §2.3 variable-list. */
const EXPRESSION = new RegExp(`^[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*$`);

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
