/**
 * RFC 3986 URIs and URI references, rule by rule (§3 and §4.1-§4.2): scheme, authority
 * (userinfo, IP-literal / reg-name host, port), the path forms, query and fragment; and RFC 3987
 * IRIs, the same grammar with `ucschar` among the unreserved characters and `iprivate` in queries.
 */
import { isIpv6 } from './hosts.js';

// RFC 3986 §2.1-§2.3 character classes, as regular expression source.
// Both cases spelled out: with the u flag, /[a-z]/iu would also match U+017F and U+212A.
const UNRESERVED = String.raw`A-Za-z0-9\-._~`;
const SUB_DELIMS = String.raw`!$&'()*+,;=`;
const PCT = '%[0-9A-Fa-f]{2}';
/** RFC 3987 §2.2 ucschar and iprivate (uri-template.ts builds its literals from them too). */
export const UCSCHAR = String.raw`\u{a0}-\u{d7ff}\u{f900}-\u{fdcf}\u{fdf0}-\u{ffef}\u{10000}-\u{1fffd}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}\u{40000}-\u{4fffd}\u{50000}-\u{5fffd}\u{60000}-\u{6fffd}\u{70000}-\u{7fffd}\u{80000}-\u{8fffd}\u{90000}-\u{9fffd}\u{a0000}-\u{afffd}\u{b0000}-\u{bfffd}\u{c0000}-\u{cfffd}\u{d0000}-\u{dfffd}\u{e1000}-\u{efffd}`;
export const IPRIVATE = String.raw`\u{e000}-\u{f8ff}\u{f0000}-\u{ffffd}\u{100000}-\u{10fffd}`;

interface Grammar {
  userinfo: RegExp;
  regName: RegExp;
  path: RegExp;
  query: RegExp;
  fragment: RegExp;
}

/** The component rules with `unreserved` widened by `extra` (and queries by `queryExtra`). */
function grammar(extra: string, queryExtra: string): Grammar {
  const unreserved = `${UNRESERVED}${extra}`;
  const pchar = `(?:[${unreserved}${SUB_DELIMS}:@]|${PCT})`;
  return {
    userinfo: new RegExp(`^(?:[${unreserved}${SUB_DELIMS}:]|${PCT})*$`, 'u'), // §3.2.1
    regName: new RegExp(`^(?:[${unreserved}${SUB_DELIMS}]|${PCT})*$`, 'u'), // §3.2.2, covers IPv4address
    path: new RegExp(`^(?:${pchar}|/)*$`, 'u'), // §3.3
    query: new RegExp(`^(?:${pchar}|[/?${queryExtra}])*$`, 'u'), // §3.4
    fragment: new RegExp(`^(?:${pchar}|[/?])*$`, 'u'), // §3.5
  };
}

const URI_GRAMMAR = /* @__PURE__ */ grammar('', '');
const IRI_GRAMMAR = /* @__PURE__ */ grammar(UCSCHAR, IPRIVATE);

const SCHEME = /^[a-z][a-z0-9+.-]*$/i;
/** §3.2.2 IPvFuture. */
const IPV_FUTURE = /* @__PURE__ */ new RegExp(`^v[0-9a-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`, 'i');
const PORT = /^\d*$/;

/** §3.2 authority = [ userinfo "@" ] host [ ":" port ]. */
function isAuthority(authority: string, rules: Grammar): boolean {
  const at = authority.indexOf('@');
  if (at >= 0 && !rules.userinfo.test(authority.slice(0, at))) return false;
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
    if (!rules.regName.test(host)) return false;
  }
  return PORT.test(port);
}

/**
 * hier-part (`relative: false`) or relative-part (`relative: true`) followed by the optional
 * query and fragment (§3, §4.2). A relative path's first segment has no ":" (path-noscheme).
 */
function isPartQueryFragment(text: string, relative: boolean, rules: Grammar): boolean {
  const hash = text.indexOf('#');
  const beforeFragment = hash < 0 ? text : text.slice(0, hash);
  if (hash >= 0 && !rules.fragment.test(text.slice(hash + 1))) return false;
  const question = beforeFragment.indexOf('?');
  const part = question < 0 ? beforeFragment : beforeFragment.slice(0, question);
  if (question >= 0 && !rules.query.test(beforeFragment.slice(question + 1))) return false;
  let path = part;
  if (part.startsWith('//')) {
    const slash = part.indexOf('/', 2);
    const authorityEnd = slash < 0 ? part.length : slash;
    if (!isAuthority(part.slice(2, authorityEnd), rules)) return false;
    path = part.slice(authorityEnd); // path-abempty
  } else if (relative && !path.startsWith('/')) {
    const slash = path.indexOf('/');
    if ((slash < 0 ? path : path.slice(0, slash)).includes(':')) return false; // path-noscheme
  }
  return rules.path.test(path);
}

function isAbsolute(text: string, rules: Grammar): boolean {
  const colon = text.indexOf(':');
  return colon > 0 && SCHEME.test(text.slice(0, colon)) && isPartQueryFragment(text.slice(colon + 1), false, rules);
}

/** RFC 3986 §3 URI: scheme ":" hier-part [ "?" query ] [ "#" fragment ]. */
export function isUri(text: string): boolean {
  return isAbsolute(text, URI_GRAMMAR);
}

/** RFC 3986 §4.1 URI-reference: a URI or a §4.2 relative-ref. */
export function isUriReference(text: string): boolean {
  return isAbsolute(text, URI_GRAMMAR) || isPartQueryFragment(text, true, URI_GRAMMAR);
}

/** RFC 3987 §4.1: IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE-RLO). */
const BIDI_FORMATTING = /[\u200e\u200f\u202a-\u202e]/;

/** RFC 3987 §2.2 IRI: the URI grammar with ucschar (and iprivate in the query). */
export function isIri(text: string): boolean {
  return !BIDI_FORMATTING.test(text) && isAbsolute(text, IRI_GRAMMAR);
}

/** RFC 3987 §2.2 IRI-reference: an IRI or an irelative-ref. */
export function isIriReference(text: string): boolean {
  return !BIDI_FORMATTING.test(text) && (isAbsolute(text, IRI_GRAMMAR) || isPartQueryFragment(text, true, IRI_GRAMMAR));
}
