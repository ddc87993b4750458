/**
 * `format` by draft (issue 12, item 7): draft-04/06/07 assert it by default, as ajv with
 * ajv-formats does; 2019-09 and 2020-12 (and a schema without `$schema`) annotate, as their
 * specifications say (2020-12 Validation §7.2.1). `formatAssertion` forces either way.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isEncodeError } from '@binschema/runtime';
import { compileCodec, type CompileOptions, type CompileWarning, type Format } from '../src/index.js';
import { assertRefused, lower } from './ir-helpers.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
const FORMATS: Format[] = ['cbor', 'ubjson'];

/** "none", or a URI: the branches differ only by `format` (a real SchemaStore pattern). */
const uriOrNone = ($schema?: string): object => ({ ...($schema === undefined ? {} : { $schema }), oneOf: [{ const: 'none' }, { type: 'string', format: 'uri' }] });

/** True when every format's codec round-trips `value` equal; false when every one refuses it with an EncodeError. */
function roundTrips(schema: object, value: unknown, options: Partial<CompileOptions> = {}): boolean {
  const verdicts = FORMATS.map((format) => {
    const codec = compileCodec(schema, { ...options, format });
    try {
      assert.equal(codec.decode(codec.encode(value)), value);
      return true;
    } catch (error) {
      if (!isEncodeError(error)) throw error;
      return false;
    }
  });
  assert.ok(verdicts.every((verdict) => verdict === verdicts[0]), `formats disagree: ${verdicts.join(', ')}`);
  return verdicts[0];
}

const defaults = suite('format: default by draft');
defaults('asserts format in draft-07, so a oneOf decided by format accepts both kinds of document', () => {
  assert.ok(roundTrips(uriOrNone(DRAFT_07), 'none'));
  assert.ok(roundTrips(uriOrNone(DRAFT_07), 'https://example.com/a'));
  assert.not.ok(roundTrips(uriOrNone(DRAFT_07), 'not a uri'));
});
defaults('asserts format in draft-04 and draft-06 too', () => {
  for (const $schema of ['http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-06/schema#']) {
    assert.equal((lower({ $schema, type: 'string', format: 'uuid' }).root as { format?: string }).format, 'uuid', $schema);
  }
});
defaults('annotates format in 2020-12 and 2019-09 and without $schema, so "none" matches both branches', () => {
  for (const $schema of [DRAFT_2020, 'https://json-schema.org/draft/2019-09/schema', undefined]) {
    assert.not.ok(roundTrips(uriOrNone($schema), 'none'), String($schema));
    assert.is((lower({ ...($schema === undefined ? {} : { $schema }), type: 'string', format: 'uri' }).root.annotations.format), 'uri');
  }
});
defaults('keeps an unknown format as an annotation in draft-07, with one unknown-format warning per format name', () => {
  const schema = { $schema: DRAFT_07, properties: { a: { type: 'string', format: 'semver' }, b: { type: 'string', format: 'semver' }, c: { type: 'string', format: 'uint32' } } };
  const warnings: CompileWarning[] = [];
  lower(schema, { onWarning: (warning) => warnings.push(warning) });
  assert.equal(warnings.map((warning) => [warning.code, warning.keyword, warning.format, warning.schemaPath]), [
    ['unknown-format', 'format', 'semver', '#/properties/a/format'],
    ['unknown-format', 'format', 'uint32', '#/properties/c/format'],
  ]);
  assert.ok(roundTrips(schema, { a: 'anything', c: 'goes' }));
});
defaults.run();

const forced = suite('format: formatAssertion forces it');
forced('formatAssertion: true asserts format in 2020-12', () => {
  assert.ok(roundTrips(uriOrNone(DRAFT_2020), 'none', { formatAssertion: true }));
  assert.not.ok(roundTrips(uriOrNone(DRAFT_2020), 'not a uri', { formatAssertion: true }));
});
forced('formatAssertion: false annotates format in draft-07', () => {
  assert.not.ok(roundTrips(uriOrNone(DRAFT_07), 'none', { formatAssertion: false }));
  assert.ok(roundTrips({ $schema: DRAFT_07, type: 'string', format: 'uri' }, 'not a uri', { formatAssertion: false }));
});
forced('formatAssertion: true refuses an unknown format in every draft', () => {
  for (const $schema of [DRAFT_07, DRAFT_2020]) assertRefused(() => lower({ $schema, type: 'string', format: 'semver' }, { formatAssertion: true }), 'unsupported', '#/format');
});
forced('formatAssertion: false gives no unknown-format warning', () => {
  const warnings: CompileWarning[] = [];
  lower({ $schema: DRAFT_07, type: 'string', format: 'semver' }, { formatAssertion: false, onWarning: (warning) => warnings.push(warning) });
  assert.equal(warnings, []);
});
forced('keeps only the enum values that satisfy an asserted format, checked as generated code checks them', () => {
  // RFC 5321 §4.1.2: a mailbox needs a local part, "@" and a domain; a URI needs a scheme (RFC 3986 §3).
  const emails = lower({ type: 'string', format: 'email', enum: ['a@b.example', 'not an email'] }, { formatAssertion: true }).root;
  assert.equal(emails.kind === 'literal' && emails.values, ['a@b.example']);
  const uris = lower({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'string', format: 'uri', enum: ['https://example.com/', 'none'] }).root;
  assert.equal(uris.kind === 'literal' && uris.values, ['https://example.com/']);
  // Without assertion the format is an annotation and every value stays.
  const annotated = lower({ type: 'string', format: 'email', enum: ['a@b.example', 'not an email'] }).root;
  assert.equal(annotated.kind === 'literal' && annotated.values, ['a@b.example', 'not an email']);
});
forced.run();
