/**
 * RFC 5321 §4.1.2 Mailbox (the `email` format, JSON Schema 2020-12 Validation §7.3.2):
 * Local-part "@" ( Domain / address-literal ), with §4.1.3 address literals; and its RFC 6531
 * §3.3 extension (`idn-email`): non-ASCII in atext and qtextSMTP, U-labels in the domain.
 */
import { isIdnName, isIpv6 } from './hosts.js';
import { utf8Length } from '../utf8-length.js';

/** RFC 5321 §4.5.3.1.1 and §4.5.3.1.2 size limits, in octets (UTF-8 under RFC 6531). */
const MAX_LOCAL_PART = 64;
const MAX_DOMAIN = 255;

/** Dot-string = Atom *("." Atom), Atom = 1*atext (RFC 5322 §3.2.3). */
const DOT_STRING = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
/** Quoted-string = DQUOTE *( qtextSMTP / quoted-pairSMTP ) DQUOTE: printable ASCII and space, with "\" escapes. */
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
/** RFC 6531 §3.3: atext =/ UTF8-non-ascii, qtextSMTP =/ UTF8-non-ascii (any non-ASCII scalar value). */
const UTF8_DOT_STRING = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~\-\u{80}-\u{d7ff}\u{e000}-\u{10ffff}]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~\-\u{80}-\u{d7ff}\u{e000}-\u{10ffff}]+)*$/u;
const UTF8_QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u{80}-\u{d7ff}\u{e000}-\u{10ffff}]|\\[\x20-\x7e])*"$/u;
/** Domain = sub-domain *("." sub-domain); sub-domain = Let-dig [Ldh-str], a DNS label of 63 at most. */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** IPv4-address-literal = Snum 3("." Snum), Snum = 1*3DIGIT (0-255; leading zeros allowed). */
const SNUM_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isIpv4Literal(text: string): boolean {
  const match = SNUM_QUAD.exec(text);
  return match !== null && match.slice(1).every((snum) => Number(snum) <= 255);
}

/**
 * IPv6-addr (§4.1.3): RFC 4291 text whose "::" stands for at least two groups, so at most six
 * other groups (four with an IPv4 tail); the tail is an IPv4-address-literal.
 */
function isIpv6Literal(text: string): boolean {
  let body = text;
  const colon = body.lastIndexOf(':');
  if (body.includes('.')) {
    if (colon < 0 || !isIpv4Literal(body.slice(colon + 1))) return false;
    body = `${body.slice(0, colon + 1)}0:0`;
  }
  if (!isIpv6(body)) return false;
  if (!body.includes('::')) return true;
  const groups = body.split(/::?/).filter((group) => group !== '').length;
  return groups <= 6;
}

/** address-literal = "[" ( IPv4-address-literal / "IPv6:" IPv6-addr ) "]"; no other tag is registered. */
function isAddressLiteral(text: string): boolean {
  if (!text.startsWith('[') || !text.endsWith(']')) return false;
  const inner = text.slice(1, -1);
  // RFC 5234 §2.3: ABNF strings ("IPv6:") are case-insensitive.
  if (inner.slice(0, 5).toLowerCase() === 'ipv6:') return isIpv6Literal(inner.slice(5));
  return isIpv4Literal(inner);
}

/** RFC 5321 Mailbox: a dot-string or quoted local part, then a domain or an address literal. */
export function isEmail(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > MAX_LOCAL_PART || domain.length > MAX_DOMAIN) return false;
  if (!DOT_STRING.test(local) && !QUOTED_STRING.test(local)) return false;
  return DOMAIN.test(domain) || isAddressLiteral(domain);
}

const DOT = /\./;

/**
 * RFC 6531 §3.3 Mailbox. Domain labels may be U-labels (RFC 5890); RFC 6532 §3.1 only asks for
 * NFC (SHOULD), so a domain is checked in its NFC form.
 */
export function isIdnEmail(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (utf8Length(local) > MAX_LOCAL_PART || utf8Length(domain) > MAX_DOMAIN) return false;
  if (!UTF8_DOT_STRING.test(local) && !UTF8_QUOTED_STRING.test(local)) return false;
  return DOMAIN.test(domain) || isAddressLiteral(domain) || isIdnName(domain.normalize('NFC'), DOT);
}
