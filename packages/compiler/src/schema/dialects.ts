/**
 * Which JSON Schema draft a document is written in (`$schema`), and its meta-validation with ajv.
 * Each draft has its own ajv instance (`strict: false`: unknown keywords are annotations, as the
 * specifications say), created on first use and shared: `validateSchema` keeps no per-call state.
 */
import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';

/** The part of an ajv instance used here (ajv's CJS typings do not import cleanly under NodeNext). */
interface AjvCore {
  getSchema(key: string): (((data: unknown) => boolean) & { errors?: ErrorObject[] | null }) | undefined;
  addMetaSchema(schema: object): unknown;
}
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from './codes.js';
import { isJsonObject, own } from './json.js';

export type Draft = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04';

const require = createRequire(import.meta.url);

/** `$schema` URIs, without the empty fragment some authors add (`…/schema#`). */
const DIALECTS = new Map<string, Draft>([
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft-07/schema', 'draft-07'],
  ['http://json-schema.org/draft-06/schema', 'draft-06'],
  ['https://json-schema.org/draft-06/schema', 'draft-06'],
  ['http://json-schema.org/draft-04/schema', 'draft-04'],
  ['https://json-schema.org/draft-04/schema', 'draft-04'],
]);

/** The draft a document declares with `$schema`; 2020-12 when absent (or `inherited` for a non-root document). */
export function detectDraft(document: unknown, source: string, inherited: Draft = '2020-12'): Draft {
  if (!isJsonObject(document)) return inherited;
  const declared = own(document, '$schema');
  if (declared === undefined) return inherited;
  if (typeof declared !== 'string') {
    throw new SchemaError(SchemaErrorCode.InvalidSchema, '$schema must be a string', '#/$schema', source);
  }
  const draft = DIALECTS.get(declared.endsWith('#') ? declared.slice(0, -1) : declared);
  if (draft === undefined) {
    throw new SchemaError(SchemaErrorCode.UnknownDialect, `unknown $schema ${JSON.stringify(declared)}`, '#/$schema', source);
  }
  return draft;
}

/** The vocabulary meta-schemas of 2020-12 and 2019-09 (Core §8.1.2), as ajv bundles them. */
const VOCABULARY_META_SCHEMAS: Record<'2020-12' | '2019-09', readonly string[]> = {
  '2020-12': ['applicator', 'content', 'core', 'format-annotation', 'meta-data', 'unevaluated', 'validation'],
  '2019-09': ['applicator', 'content', 'core', 'format', 'meta-data', 'validation'],
};

/** Where ajv keeps each standard meta-schema, by `$id` (without the empty fragment). */
function bundledPaths(): Map<string, string> {
  const paths = new Map<string, string>([
    ['http://json-schema.org/draft-07/schema', 'ajv/dist/refs/json-schema-draft-07.json'],
    ['http://json-schema.org/draft-06/schema', 'ajv/dist/refs/json-schema-draft-06.json'],
    ['http://json-schema.org/draft-04/schema', 'ajv-draft-04/dist/refs/json-schema-draft-04.json'],
  ]);
  for (const draft of ['2020-12', '2019-09'] as const) {
    paths.set(`https://json-schema.org/draft/${draft}/schema`, `ajv/dist/refs/json-schema-${draft}/schema.json`);
    for (const name of VOCABULARY_META_SCHEMAS[draft]) paths.set(`https://json-schema.org/draft/${draft}/meta/${name}`, `ajv/dist/refs/json-schema-${draft}/meta/${name}.json`);
  }
  return paths;
}

let bundled: Map<string, string> | undefined;

/**
 * The standard meta-schema published at `uri`, from ajv's copies, for `$ref`s to it (the suite's
 * "validate definition against metaschema"): resolved offline, never fetched. Undefined for any
 * other URI. The returned JSON is shared: never mutate it.
 */
export function bundledMetaSchema(uri: string): unknown {
  bundled ??= bundledPaths();
  const path = bundled.get(uri);
  return path === undefined ? undefined : require(path);
}

/** The keywords of each standard 2020-12 vocabulary (Core §8–10, Validation §6–9), by vocabulary URI. */
const VOCABULARY_KEYWORDS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  core: ['$id', '$schema', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs'],
  applicator: ['prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties', 'dependentSchemas', 'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not'],
  unevaluated: ['unevaluatedItems', 'unevaluatedProperties'],
  validation: [
    'type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
    'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired',
  ],
  'meta-data': ['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples'],
  'format-annotation': ['format'],
  'format-assertion': ['format'],
  content: ['contentEncoding', 'contentMediaType', 'contentSchema'],
}).map(([name, keywords]) => [`https://json-schema.org/draft/2020-12/vocab/${name}`, keywords]));

/**
 * A custom dialect (2020-12 Core §8.1.2): `meta`, the meta-schema a `$schema` names, declares the
 * vocabularies in use with `$vocabulary`. Returns the keywords of the standard vocabularies it
 * leaves out (unknown keywords in that dialect, so annotations), or throws `unknown-dialect` for
 * what cannot be honoured: a meta-schema that is not 2020-12, or a required vocabulary not known
 * here (an optional one is ignored, §8.1.2.2).
 */
export function keywordsOutsideDialect(meta: unknown, metaDraft: Draft, declared: string, source: string): ReadonlySet<string> {
  const refuse = (why: string): never => {
    throw new SchemaError(SchemaErrorCode.UnknownDialect, `$schema ${JSON.stringify(declared)} ${why}`, '#/$schema', source);
  };
  const vocabularies = isJsonObject(meta) ? own(meta, '$vocabulary') : undefined;
  if (vocabularies === undefined) return new Set();
  if (metaDraft !== '2020-12' || !isJsonObject(vocabularies)) return refuse(`declares $vocabulary outside 2020-12`);
  for (const [vocabulary, required] of Object.entries(vocabularies)) {
    if (required === true && !VOCABULARY_KEYWORDS.has(vocabulary)) refuse(`requires the unknown vocabulary ${JSON.stringify(vocabulary)}`);
  }
  // Core keywords always apply (Core §8: the core vocabulary is mandatory); a keyword of several vocabularies (format) stays when one is in use.
  const kept = new Set(['https://json-schema.org/draft/2020-12/vocab/core', ...Object.keys(vocabularies)].flatMap((vocabulary) => VOCABULARY_KEYWORDS.get(vocabulary) ?? []));
  return new Set([...VOCABULARY_KEYWORDS.values()].flat().filter((keyword) => !kept.has(keyword)));
}

/** True for a `$schema` naming one of the drafts themselves (not a custom meta-schema). */
export function isStandardDialect(declared: string): boolean {
  return DIALECTS.has(declared.endsWith('#') ? declared.slice(0, -1) : declared);
}

const validators = new Map<Draft, AjvCore>();

function validatorFor(draft: Draft): AjvCore {
  let ajv = validators.get(draft);
  if (ajv !== undefined) return ajv;
  const options = { strict: false, validateFormats: false, logger: false as const, meta: true };
  if (draft === '2020-12') ajv = new (require('ajv/dist/2020').default)(options) as AjvCore;
  else if (draft === '2019-09') ajv = new (require('ajv/dist/2019').default)(options) as AjvCore;
  else if (draft === 'draft-04') ajv = new (require('ajv-draft-04').default)(options) as AjvCore;
  else {
    ajv = new (require('ajv').default)(options) as AjvCore;
    if (draft === 'draft-06') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  }
  validators.set(draft, ajv);
  return ajv;
}

const META_URIS: Record<Draft, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
  'draft-06': 'http://json-schema.org/draft-06/schema',
  'draft-04': 'http://json-schema.org/draft-04/schema',
};

/** Checks `document` against its draft's meta-schema; throws `invalid-schema` at the first error. */
export function validateAgainstMetaSchema(document: unknown, draft: Draft, source: string): void {
  const ajv = validatorFor(draft);
  const validate = ajv.getSchema(META_URIS[draft]) ?? ajv.getSchema(`${META_URIS[draft]}#`);
  if (validate === undefined) throw new Error(`binschema: no meta-schema for ${draft}`);
  if (validate(document) === true) return;
  const error = pickError(validate.errors ?? []);
  const where = error === undefined ? '#' : `#${error.instancePath}`;
  const what = error === undefined ? 'does not match its meta-schema' : `${error.keyword}: ${error.message ?? 'invalid'}${describeParams(error)}`;
  throw new SchemaError(SchemaErrorCode.InvalidSchema, `invalid schema (${draft}): ${what}`, where, source);
}

/** The most specific error: the deepest instance path (ajv reports the first failure, then its parents). */
function pickError(errors: ErrorObject[]): ErrorObject | undefined {
  let best: ErrorObject | undefined;
  for (const error of errors) if (best === undefined || error.instancePath.length > best.instancePath.length) best = error;
  return best;
}

function describeParams(error: ErrorObject): string {
  const allowed = (error.params as { allowedValues?: unknown }).allowedValues;
  return Array.isArray(allowed) ? ` (${allowed.map((value) => JSON.stringify(value)).join(', ')})` : '';
}
