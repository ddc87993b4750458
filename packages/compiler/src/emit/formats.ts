/**
 * `format` assertions (JSON Schema 2020-12 Validation §7.3), one prelude helper per format the
 * front end lets through (`ASSERTED_FORMATS`). Dates and times follow RFC 3339 (§5.6, with the
 * day checked against its month), durations ISO 8601 as in RFC 3339 Appendix A, hosts RFC 1123,
 * addresses RFC 2673/4291, URIs RFC 3986 (characters and structure, not every rule), UUIDs
 * RFC 4122, JSON Pointers RFC 6901, and `regex` is "compiles as ECMA-262 with the u flag".
 */
import type { PreludeHelper } from './prelude.js';

function helper(text: string, uses: string[] = []): PreludeHelper {
  return { text: text.trim(), runtime: [], uses, formatRuntime: [] };
}

/** Prelude helper name for each asserted format. */
export const FORMAT_HELPERS: Record<string, string> = {
  'date-time': 'isDateTime',
  date: 'isDate',
  time: 'isTime',
  duration: 'isDuration',
  email: 'isEmail',
  hostname: 'isHostname',
  ipv4: 'isIpv4',
  ipv6: 'isIpv6',
  uri: 'isUri',
  'uri-reference': 'isUriReference',
  uuid: 'isUuid',
  'json-pointer': 'isJsonPointer',
  regex: 'isRegex',
};

export const FORMAT_PRELUDE: Record<string, PreludeHelper> = {
  isDate: helper(`
/** RFC 3339 full-date, with the day checked against the month (leap years included). */
function isDate(text: string): boolean {
  const match = /^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}`),
  isTime: helper(`
/** RFC 3339 full-time: the offset is required; a leap second only as 23:59:60 in UTC. */
function isTime(text: string): boolean {
  const match = /^(\\d{2}):(\\d{2}):(\\d{2})(?:\\.\\d+)?(?:z|([+-])(\\d{2}):(\\d{2}))$/i.exec(text);
  if (match === null) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const offsetHour = match[5] === undefined ? 0 : Number(match[5]);
  const offsetMinute = match[6] === undefined ? 0 : Number(match[6]);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  const sign = match[4] === '-' ? 1 : -1;
  const utcMinutes = (((hour * 60 + minute + sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}`),
  isDateTime: helper(
    `
/** RFC 3339 date-time: full-date "T" full-time (the separator in either case). */
function isDateTime(text: string): boolean {
  const separator = text.search(/t/i);
  return separator === 10 && isDate(text.slice(0, 10)) && isTime(text.slice(11));
}`,
    ['isDate', 'isTime'],
  ),
  isDuration: helper(`
/** ISO 8601 duration as RFC 3339 Appendix A writes it (weeks alone, at least one component). */
function isDuration(text: string): boolean {
  return /^P(?!$)(\\d+W|(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?)$/.test(text);
}`),
  isEmail: helper(`
/** RFC 5321 mailbox in its common form: dot-atom local part, RFC 1123 domain. */
function isEmail(text: string): boolean {
  return /^[a-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_\`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(text);
}`),
  isHostname: helper(`
/** RFC 1123 host name: labels of 1..63 letters, digits and inner hyphens, 253 characters at most. */
function isHostname(text: string): boolean {
  return /^(?=.{1,253}\\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\\.?$/i.test(text);
}`),
  isIpv4: helper(`
/** Dotted-quad IPv4 (RFC 2673 §3.2), no leading zeros. */
function isIpv4(text: string): boolean {
  return /^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$/.test(text);
}`),
  isIpv6: helper(
    `
/** RFC 4291 §2.2 text form: eight groups, one "::" at most, an IPv4 tail allowed. */
function isIpv6(text: string): boolean {
  let body = text;
  if (body.includes('.')) {
    const colon = body.lastIndexOf(':');
    if (colon < 0 || !isIpv4(body.slice(colon + 1))) return false;
    body = \`\${body.slice(0, colon + 1)}0:0\`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}`,
    ['isIpv4'],
  ),
  isUri: helper(
    `
/** RFC 3986 URI: a scheme, then only URI characters, with every "%" starting an escape. */
function isUri(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(text) && isUriReference(text);
}`,
    ['isUriReference'],
  ),
  isUriReference: helper(`
/** RFC 3986 URI-reference: only URI characters, with every "%" starting an escape. */
function isUriReference(text: string): boolean {
  return /^(?:[a-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=]|%[0-9a-f]{2})*$/i.test(text);
}`),
  isUuid: helper(`
/** RFC 4122 UUID in its string form (optionally as a urn:uuid: URN). */
function isUuid(text: string): boolean {
  return /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(text);
}`),
  isJsonPointer: helper(`
/** RFC 6901 JSON Pointer: "" or "/"-prefixed tokens where "~" is only "~0" or "~1". */
function isJsonPointer(text: string): boolean {
  return /^(?:\\/(?:[^~/]|~0|~1)*)*$/.test(text);
}`),
  isRegex: helper(`
/** An ECMA-262 regular expression that compiles with the u flag (as patterns here do). */
function isRegex(text: string): boolean {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    return false;
  }
}`),
};
