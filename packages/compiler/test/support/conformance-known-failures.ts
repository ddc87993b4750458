/**
 * Known failures of the generated codecs on the JSON Schema Test Suite: genuine bugs, kept as
 * cases so they cannot be forgotten. conformance.test.ts asserts each listed instance still fails
 * (in every format and every listed draft), so a fix must remove its entry here.
 *
 * All of them are `format` assertions (`formatAssertion: true`, optional/format), where the
 * compiler accepts the schema yet its check is looser or stricter than the format's RFC; encoder
 * and decoder share the check, so both give the wrong verdict.
 */

interface KnownFailure {
  /** The bug, with what the RFC says. */
  bug: string;
  drafts: readonly ('draft2020-12' | 'draft7')[];
  /** Suite file below the draft folder. */
  file: string;
  case: string;
  tests: readonly string[];
}

const BOTH = ['draft2020-12', 'draft7'] as const;

const KNOWN: readonly KnownFailure[] = [
  {
    bug: 'format "hostname" accepts a trailing dot (RFC 1123 §2.1 names have no empty last label)',
    drafts: BOTH,
    file: 'optional/format/hostname.json',
    case: 'validation of host names',
    tests: ['trailing dot'],
  },
  {
    bug: 'format "hostname" accepts any xn-- label: no Punycode decoding nor IDNA2008 (RFC 5891 §4.2, RFC 5892 contextual rules) checks of A-labels',
    drafts: BOTH,
    file: 'optional/format/hostname.json',
    case: 'validation of A-label (punycode) host names',
    tests: [
      'invalid Punycode',
      'contains illegal char U+302E Hangul single dot tone mark',
      'Begins with a Spacing Combining Mark',
      'Begins with a Nonspacing Mark',
      'Begins with an Enclosing Mark',
      'Exceptions that are DISALLOWED, right-to-left chars',
      'Exceptions that are DISALLOWED, left-to-right chars',
      "MIDDLE DOT with no preceding 'l'",
      'MIDDLE DOT with nothing preceding',
      "MIDDLE DOT with no following 'l'",
      'MIDDLE DOT with nothing following',
      'Greek KERAIA not followed by Greek',
      'Greek KERAIA not followed by anything',
      'Hebrew GERESH not preceded by Hebrew',
      'Hebrew GERESH not preceded by anything',
      'Hebrew GERSHAYIM not preceded by Hebrew',
      'Hebrew GERSHAYIM not preceded by anything',
      'KATAKANA MIDDLE DOT with no Hiragana, Katakana, or Han',
      'KATAKANA MIDDLE DOT with no other characters',
      'Arabic-Indic digits mixed with Extended Arabic-Indic digits',
      'ZERO WIDTH JOINER not preceded by Virama',
      'ZERO WIDTH JOINER not preceded by anything',
      'contains "--" in the 3rd and 4th position',
    ],
  },
  {
    bug: 'format "uri" accepts malformed authorities and paths (RFC 3986 §3.2.1 userinfo, §3.2.2 IPv6/IPv4 literal, §3.2.3 port, §3.3 path)',
    drafts: BOTH,
    file: 'optional/format/uri.json',
    case: 'validation of URIs',
    tests: ['invalid userinfo', 'non-numeric port is invalid', 'leading zero in an embedded IPv4 address is invalid', 'square brackets are not allowed in a path segment'],
  },
  {
    bug: 'format "uri-reference" accepts malformed relative references (RFC 3986 §4.2: no colon in a first relative segment; §3.2 authority rules)',
    drafts: BOTH,
    file: 'optional/format/uri-reference.json',
    case: 'validation of URI References',
    tests: [
      'square brackets outside an authority',
      'a non-numeric port in a network-path reference',
      'more than one at-sign in the authority',
      'a leading zero in the IPv4 part of an IPv6 literal',
      'a colon in the first segment of a relative-path reference',
    ],
  },
  {
    bug: 'format "email" refuses valid RFC 5321 §4.1.2/§4.1.3 addresses: quoted local parts and address literals',
    drafts: ['draft2020-12'],
    file: 'optional/format/email.json',
    case: 'validation of e-mail addresses',
    tests: [
      'a quoted string with a space in the local part is valid',
      'a quoted string with a double dot in the local part is valid',
      'a quoted string with a @ in the local part is valid',
      'an IPv4-address-literal after the @ is valid',
      'an IPv6-address-literal after the @ is valid',
    ],
  },
  {
    bug: 'format "duration" accepts skipped units (RFC 3339 Appendix A: dur-date is day / month [day] / year [month [day]], dur-time likewise)',
    drafts: ['draft2020-12'],
    file: 'optional/format/duration.json',
    case: 'validation of duration strings',
    tests: ['hours and seconds cannot appear without minutes', 'years and days cannot appear without months'],
  },
  {
    bug: 'format "uuid" accepts a urn:uuid: prefix (RFC 4122 §3: the string form is the bare 8-4-4-4-12 hex)',
    drafts: ['draft2020-12'],
    file: 'optional/format/uuid.json',
    case: 'uuid format',
    tests: ['URN prefixed UUID is invalid'],
  },
];

/** Instance id (`<draft>/<file>: <case> / <test>`, as conformance-run.ts names them) → the bug. */
export const KNOWN_FAILURES: ReadonlyMap<string, string> = new Map(
  KNOWN.flatMap((entry) => entry.drafts.flatMap((draft) => entry.tests.map((test) => [`${draft}/${entry.file}: ${entry.case} / ${test}`, entry.bug] as const))),
);
