/**
 * Formats the compiler asserts when `formatAssertion` is on (2020-12 Validation §7.3); the back
 * end must check each of these. Any other `format` under assertion is refused.
 */
export const ASSERTED_FORMATS: ReadonlySet<string> = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template', 'uuid',
  'json-pointer', 'relative-json-pointer', 'regex',
]);
