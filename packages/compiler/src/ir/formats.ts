/**
 * `format` (2020-12 Validation §7): an assertion or an annotation. By default each document's
 * draft decides, as users' validators do: draft-04/06/07 assert (ajv with ajv-formats checks
 * formats by default), 2019-09 and 2020-12 annotate (their specifications make assertion opt-in,
 * 2020-12 Validation §7.2.1). `formatAssertion` forces either way.
 */
import * as formatChecks from '@binschema/runtime/formats';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { WarningCode } from '../schema/warnings.js';
import type { LoweringContext } from './context.js';
import { keywordPath, type Here } from './keyword-values.js';

/**
 * The `@binschema/runtime/formats` function that checks each asserted format (2020-12 Validation
 * §7.3), written and tested there against their RFCs: generated code imports it, and `enum`/`const`
 * values are filtered with it at compile time (`formatHolds`).
 */
export const FORMAT_FUNCTIONS: Readonly<Record<string, keyof typeof formatChecks>> = {
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

/** Formats the compiler asserts. Any other `format` under forced assertion is refused. */
export const ASSERTED_FORMATS: ReadonlySet<string> = new Set(Object.keys(FORMAT_FUNCTIONS));

/** True when `value` is valid for `format`, one of `ASSERTED_FORMATS`: the check generated code runs, at compile time. */
export function formatHolds(format: string, value: string): boolean {
  return formatChecks[FORMAT_FUNCTIONS[format]](value);
}

/** True when `format` (the value of the keyword at `here`) is to be checked, not just carried as an annotation. */
export function assertsFormat(context: LoweringContext, here: Here, format: string): boolean {
  const forced = context.options.formatAssertion;
  if (forced === false) return false;
  if (forced === true) {
    // 2020-12 Validation §7.2.3: with format assertion, an unknown format must fail, not pass.
    if (ASSERTED_FORMATS.has(format)) return true;
    const what = `format ${JSON.stringify(format)} cannot be asserted (known: ${[...ASSERTED_FORMATS].join(', ')})`;
    throw new SchemaError(SchemaErrorCode.Unsupported, what, keywordPath(here, 'format'), here.source);
  }
  const draft = here.location.document.draft;
  if (draft === '2020-12' || draft === '2019-09') return false;
  if (ASSERTED_FORMATS.has(format)) return true;
  // ajv refuses unknown formats in strict mode and ignores them otherwise: a real schema with a
  // custom format (`semver`, `uint32`) must still compile, so it stays an annotation, said aloud.
  context.options.warn(
    { code: WarningCode.UnknownFormat, keyword: 'format', format, schemaPath: keywordPath(here, 'format'), source: here.source },
    `format ${JSON.stringify(format)} is not known, so not checked (an annotation)`,
  );
  return false;
}
