// `format` assertions (JSON Schema 2020-12 Validation §7.3) that generated codecs import when
// compiled with `formatAssertion: true`; each takes a string and returns whether it conforms.

// Dates, times and durations (RFC 3339 §5.6, Appendix A).
export { isDate, isTime, isDateTime, isDuration } from './dates.js';

// Host names and IP addresses (RFC 1123, RFC 5890-5893, RFC 2673, RFC 4291).
export { isHostname, isIdnHostname, isIpv4, isIpv6 } from './hosts.js';

// URIs and IRIs (RFC 3986, RFC 3987), URI Templates (RFC 6570).
export { isUri, isUriReference, isIri, isIriReference } from './uri.js';
export { isUriTemplate } from './uri-template.js';

// E-mail addresses (RFC 5321 §4.1.2, RFC 6531 §3.3).
export { isEmail, isIdnEmail } from './email.js';

// UUIDs (RFC 4122), JSON Pointers (RFC 6901) and Relative JSON Pointers, ECMA-262 regular expressions.
export { isUuid } from './uuid.js';
export { isJsonPointer } from './json-pointer.js';
export { isRelativeJsonPointer } from './relative-json-pointer.js';
export { isRegex } from './regex.js';
