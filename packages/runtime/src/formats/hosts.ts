/**
 * Host names and addresses: `hostname` is an RFC 1123 §2.1 name in which every `xn--` label is
 * a valid IDNA2008 A-label (RFC 5890 §2.3.2.1); `idn-hostname` an RFC 5890 §2.3.2.3 name of
 * LDH labels, A-labels and U-labels; both with the RFC 5893 Bidi rule. `ipv4` is RFC 2673 §3.2
 * dotted-quad; `ipv6` the RFC 4291 §2.2 text forms.
 */
import { aLabelToULabel, isULabel } from './idna.js';
import { encodePunycode } from './punycode.js';
import { satisfiesBidiDomainRule } from './bidi.js';

/** RFC 1123 §2.1 label: letters, digits and inner hyphens, 1..63 characters (RFC 1035 §2.3.4). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
/** RFC 1035 §3.1: 255 octets on the wire are 253 characters of text (no trailing dot). */
const MAX_HOSTNAME = 253;

/** RFC 5890 §2.3.1 XN-label prefix, in any case. */
const XN_PREFIX = /^xn--/i;
/** Labels separated as RFC 3490 §3.1 reads a name: full stop, ideographic, fullwidth and halfwidth ideographic full stops. */
const IDN_SEPARATORS = /[.\u3002\uff0e\uff61]/;
const ASCII = /^[\x00-\x7f]*$/;

function codePoints(text: string): number[] {
  return Array.from(text, (char) => char.codePointAt(0)!);
}

/**
 * The code points of an LDH label (an `xn--` one as its U-label), undefined when invalid.
 * R-LDH labels "??--" other than xn-- are left alone, as RFC 1123 names.
 */
function ldhLabel(label: string): number[] | undefined {
  if (!LABEL.test(label)) return undefined;
  if (!XN_PREFIX.test(label)) return codePoints(label);
  const uLabel = aLabelToULabel(label);
  return uLabel === undefined ? undefined : codePoints(uLabel);
}

/** RFC 1123 host name; no empty label (so no trailing dot), A-labels checked (RFC 5891 §5.4). */
export function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > MAX_HOSTNAME) return false;
  const labels: number[][] = [];
  for (const label of text.split('.')) {
    const points = ldhLabel(label);
    if (points === undefined) return false;
    labels.push(points);
  }
  return satisfiesBidiDomainRule(labels);
}

/** RFC 5890 §2.3.2.3 internationalized host name; lengths count the A-label (DNS) form. */
export function isIdnHostname(text: string): boolean {
  return isIdnName(text, IDN_SEPARATORS);
}

/** A name of LDH labels, A-labels and U-labels split at `separators`, with the Bidi rule. */
export function isIdnName(text: string, separators: RegExp): boolean {
  // Every code point takes at least one octet of the DNS form (an A-label's Punycode has a character
  // per code point), so a text over 2 × 253 UTF-16 units cannot fit: refused before the per-label
  // work, whose Punycode encoding is quadratic in a label's distinct code points.
  if (text.length === 0 || text.length > 2 * MAX_HOSTNAME) return false;
  const labels: number[][] = [];
  let dnsLength = -1;
  for (const label of text.split(separators)) {
    let points: number[] | undefined;
    if (ASCII.test(label)) {
      points = ldhLabel(label);
      dnsLength += label.length + 1;
    } else if (isULabel(label)) {
      points = codePoints(label);
      const aLabelLength = 4 + encodePunycode(points).length;
      if (aLabelLength > 63) return false;
      dnsLength += aLabelLength + 1;
    }
    if (points === undefined) return false;
    labels.push(points);
  }
  return dnsLength <= MAX_HOSTNAME && satisfiesBidiDomainRule(labels);
}

/** Dotted-quad IPv4 (RFC 2673 §3.2): four decimal octets, no leading zeros. */
export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** RFC 4291 §2.2 text form: eight hex groups, one "::" at most, an IPv4 tail allowed. */
export function isIpv6(text: string): boolean {
  let body = text;
  if (body.includes('.')) {
    const colon = body.lastIndexOf(':');
    if (colon < 0 || !isIpv4(body.slice(colon + 1))) return false;
    body = `${body.slice(0, colon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const groups: string[] = [];
  for (const half of halves) if (half !== '') groups.push(...half.split(':'));
  for (const group of groups) if (!HEX_GROUP.test(group)) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}
