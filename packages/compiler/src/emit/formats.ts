/**
 * `format` assertions (JSON Schema 2020-12 Validation §7.3): generated code imports one function
 * per asserted format (`ASSERTED_FORMATS`) from `@binschema/runtime/formats`, where they are
 * written and tested against their RFCs.
 */

/** The `@binschema/runtime/formats` function that checks each asserted format. */
export const FORMAT_FUNCTIONS: Readonly<Record<string, string>> = {
  'date-time': 'isDateTime',
  date: 'isDate',
  time: 'isTime',
  duration: 'isDuration',
  email: 'isEmail',
  'idn-email': 'isIdnEmail',
  hostname: 'isHostname',
  'idn-hostname': 'isIdnHostname',
  ipv4: 'isIpv4',
  ipv6: 'isIpv6',
  uri: 'isUri',
  'uri-reference': 'isUriReference',
  iri: 'isIri',
  'iri-reference': 'isIriReference',
  'uri-template': 'isUriTemplate',
  uuid: 'isUuid',
  'json-pointer': 'isJsonPointer',
  'relative-json-pointer': 'isRelativeJsonPointer',
  regex: 'isRegex',
};
