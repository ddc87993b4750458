/**
 * Host names and addresses: `hostname` is an RFC 1123 §2.1 name in which every `xn--` label is
 * a valid IDNA2008 A-label (RFC 5890 §2.3.2.1); `ipv4` is RFC 2673 §3.2 dotted-quad; `ipv6` the
 * RFC 4291 §2.2 text forms.
 */
import { isALabel } from './idna.js';

/** RFC 1123 §2.1 label: letters, digits and inner hyphens, 1..63 characters (RFC 1035 §2.3.4). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
/** RFC 1035 §3.1: 255 octets on the wire are 253 characters of text (no trailing dot). */
const MAX_HOSTNAME = 253;

/** RFC 1123 host name; no empty label (so no trailing dot), A-labels checked (RFC 5891 §5.4). */
export function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > MAX_HOSTNAME) return false;
  for (const label of text.split('.')) {
    if (!LABEL.test(label)) return false;
    // R-LDH labels "??--": only xn-- ones carry meaning, and those must be real A-labels.
    if (label.length >= 4 && (label[0] === 'x' || label[0] === 'X') && (label[1] === 'n' || label[1] === 'N') && label.slice(2, 4) === '--' && !isALabel(label)) {
      return false;
    }
  }
  return true;
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
