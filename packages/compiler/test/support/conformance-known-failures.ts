/**
 * Known failures of the generated codecs on the JSON Schema Test Suite: genuine bugs, kept as
 * cases so they cannot be forgotten. conformance.test.ts asserts each listed instance still fails
 * (in every format and every listed draft), so a fix must remove its entry here.
 *
 * None at present: the `format` assertions that were listed here (hostname A-labels, uri,
 * uri-reference, email, duration, uuid) now follow their RFCs in `@binschema/runtime/formats`.
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

const KNOWN: readonly KnownFailure[] = [];

/** Instance id (`<draft>/<file>: <case> / <test>`, as conformance-run.ts names them) → the bug. */
export const KNOWN_FAILURES: ReadonlyMap<string, string> = new Map(
  KNOWN.flatMap((entry) => entry.drafts.flatMap((draft) => entry.tests.map((test) => [`${draft}/${entry.file}: ${entry.case} / ${test}`, entry.bug] as const))),
);
