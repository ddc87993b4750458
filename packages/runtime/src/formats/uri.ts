/**
 * RFC 3986 URIs and URI references, rule by rule (§3 and §4.1-§4.2): scheme, authority
 * (userinfo, IP-literal / reg-name host, port), the path forms, query and fragment.
 */
import { isIpv6 } from './hosts.js';

// §2.1-§2.3 character classes, as regular expression source.
const UNRESERVED = String.raw`a-z0-9\-._~`;
const SUB_DELIMS = String.raw`!$&'()*+,;=`;
const PCT = '%[0-9a-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;

const SCHEME = /^[a-z][a-z0-9+.-]*$/i;
/** §3.2.1 userinfo. */
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*$`, 'i');
/** §3.2.2 reg-name (which also covers every IPv4address). */
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*$`, 'i');
/** §3.2.2 IPvFuture. */
const IPV_FUTURE = new RegExp(`^v[0-9a-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`, 'i');
const PORT = /^\d*$/;
/** §3.3 path characters: segments of pchar separated by "/". */
const PATH = new RegExp(`^(?:${PCHAR}|/)*$`, 'i');
/** §3.4-§3.5 query and fragment. */
const QUERY = new RegExp(`^(?:${PCHAR}|[/?])*$`, 'i');

/** §3.2 authority = [ userinfo "@" ] host [ ":" port ]. */
function isAuthority(authority: string): boolean {
  const at = authority.indexOf('@');
  if (at >= 0 && !USERINFO.test(authority.slice(0, at))) return false;
  const hostPort = authority.slice(at + 1);
  let host = hostPort;
  let port = '';
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return false;
    host = hostPort.slice(1, close);
    const rest = hostPort.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
    port = rest.slice(1);
    if (!isIpv6(host) && !IPV_FUTURE.test(host)) return false;
  } else {
    const colon = hostPort.indexOf(':');
    if (colon >= 0) {
      host = hostPort.slice(0, colon);
      port = hostPort.slice(colon + 1);
    }
    if (!REG_NAME.test(host)) return false;
  }
  return PORT.test(port);
}

/**
 * hier-part (`relative: false`) or relative-part (`relative: true`) followed by the optional
 * query and fragment (§3, §4.2). A relative path's first segment has no ":" (path-noscheme).
 */
function isPartQueryFragment(text: string, relative: boolean): boolean {
  const hash = text.indexOf('#');
  const beforeFragment = hash < 0 ? text : text.slice(0, hash);
  if (hash >= 0 && !QUERY.test(text.slice(hash + 1))) return false;
  const question = beforeFragment.indexOf('?');
  const part = question < 0 ? beforeFragment : beforeFragment.slice(0, question);
  if (question >= 0 && !QUERY.test(beforeFragment.slice(question + 1))) return false;
  let path = part;
  if (part.startsWith('//')) {
    const slash = part.indexOf('/', 2);
    const authorityEnd = slash < 0 ? part.length : slash;
    if (!isAuthority(part.slice(2, authorityEnd))) return false;
    path = part.slice(authorityEnd); // path-abempty
  } else if (relative && !path.startsWith('/')) {
    const slash = path.indexOf('/');
    if ((slash < 0 ? path : path.slice(0, slash)).includes(':')) return false; // path-noscheme
  }
  return PATH.test(path);
}

/** RFC 3986 §3 URI: scheme ":" hier-part [ "?" query ] [ "#" fragment ]. */
export function isUri(text: string): boolean {
  const colon = text.indexOf(':');
  return colon > 0 && SCHEME.test(text.slice(0, colon)) && isPartQueryFragment(text.slice(colon + 1), false);
}

/** RFC 3986 §4.1 URI-reference: a URI or a §4.2 relative-ref. */
export function isUriReference(text: string): boolean {
  return isUri(text) || isPartQueryFragment(text, true);
}
