/**
 * The size report's yardstick: ajv 8.20.0's standalone validation code for a schema
 * (`ajv/dist/standalone`, ESM, `allErrors: false`, `strict: false`), the validator a user would ship
 * beside a generic codec. Its size is the source ajv writes plus the ajv runtime helpers that
 * source `require`s (`ajv/dist/runtime/ucs2length`, `equal`, `uri`, …), the helpers bundled by
 * esbuild without minifying. The whole (source and helpers) is also bundled and imported, and must
 * accept the schema's valid documents: a size taken from broken code would not.
 *
 * Why not the bundle's bytes: esbuild reprints the code it bundles, and ajv writes its validators on
 * one line without indentation, so the reprinted source is ~1.6x what ajv wrote (typical-object:
 * 28,856 → 45,920 bytes, with no helper at all). The bundle's size is kept in the report beside it.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, gzipBytes } from './sizes-module.js';
import type { Draft, SizeSchema } from './sizes-schemas.js';

const require = createRequire(import.meta.url);

/** Where `ajv/dist/runtime/…` and `ajv-formats` resolve from: the bench package. */
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The part of an ajv instance used here (ajv's CJS typings do not import cleanly under NodeNext). */
interface AjvInstance {
  compile(schema: unknown): Validator;
  addSchema(schema: unknown, key: string): unknown;
  addMetaSchema(schema: unknown): unknown;
  addFormat(name: string, format: true): unknown;
}
type AjvClass = new (options: object) => AjvInstance;
export type Validator = ((data: unknown) => boolean) & { errors?: unknown };

/** Optional packages: present only once added to the bench's dependencies. */
const OPTIONAL = { draft04: 'ajv-draft-04', formats: 'ajv-formats' } as const;

export interface AjvSizes {
  /** The ajv class used: `Ajv2020`, `Ajv2019`, `Ajv` (draft-07, draft-06), `Ajv draft-04`. */
  ajvClass?: string;
  /** The standalone source, as ajv writes it. */
  standaloneBytes?: number;
  /** The modules that source `require`s, and their esbuild bundle (0 when none). */
  helpers?: string[];
  helpersBytes?: number;
  /** Standalone source plus helpers: the figure the bars compare with. */
  bytes?: number;
  /** gzip level 9 of the source and the helpers' bundle together. */
  gzipBytes?: number;
  /** esbuild's bundle of the source with its helpers (reprinted, not minified). */
  bundleBytes?: number;
  docs: number;
  /** Documents the bundled code accepted; ajv's first error on the first it refused. */
  docsValid?: number;
  firstRejection?: string;
  /** Formats used that the ajv code checks, and those binschema checks here that it does not (no ajv-formats). */
  formatsChecked: string[];
  formatsUnchecked: string[];
  /** Why the schema was not measured (no ajv class for its draft). */
  skipped?: string;
  /** Why ajv failed on it. */
  error?: string;
}

export interface AjvStandalone {
  source: string;
  ajvClass: string;
  formatsChecked: string[];
  formatsUnchecked: string[];
}

/**
 * Compiles the schema with ajv and returns its standalone source; throws `AjvSkip` when no class
 * fits. `assertedFormats`: the formats binschema checks (the compiler's `ASSERTED_FORMATS`).
 */
export function ajvStandalone(schema: SizeSchema, assertedFormats: ReadonlySet<string>): AjvStandalone {
  const { ajvClass, create } = ajvFor(schema.draft);
  const ajv = create({ code: { source: true, esm: true }, allErrors: false, strict: false, logger: false });
  const formats = configureFormats(ajv, schema, assertedFormats);
  for (const [uri, document] of Object.entries(schema.refs)) ajv.addSchema(document, uri);
  const validate = ajv.compile(withBaseUri(schema));
  const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: AjvInstance, validate: Validator) => string }).default;
  return { source: standaloneCode(ajv, validate), ajvClass, ...formats };
}

export class AjvSkip extends Error {
  override name = 'AjvSkip';
}

export interface AjvBundle {
  /** The source with its helpers, one ES module: what gets imported and checked. */
  bundle: string;
  helpers: string[];
  /** The helpers alone, bundled; empty when the source requires none. */
  helpersText: string;
}

/** Bundles the standalone source with the helpers it requires, and the helpers alone. */
export async function bundleAjv(source: string): Promise<AjvBundle> {
  const helpers = [...new Set([...source.matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1]))].sort();
  const bundle = await bundleText(source);
  const helpersText = helpers.length === 0 ? '' : await bundleText(`export const helpers = [${helpers.map((helper) => `require(${JSON.stringify(helper)})`).join(', ')}];\n`);
  return { bundle, helpers, helpersText };
}

/** Imports a bundle (no imports of its own) and returns its default export, the validator. */
export async function importValidator(bundle: string): Promise<Validator> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(bundle).toString('base64')}`)) as { default?: unknown };
  if (typeof module.default !== 'function') throw new Error('the ajv bundle exports no validator');
  return module.default as Validator;
}

/** Everything the report needs of ajv for one schema; failures are recorded, not thrown. */
export async function measureAjv(schema: SizeSchema, assertedFormats: ReadonlySet<string>): Promise<AjvSizes> {
  const result: AjvSizes = { docs: schema.docs.length, formatsChecked: [], formatsUnchecked: [] };
  try {
    const standalone = ajvStandalone(schema, assertedFormats);
    const { bundle, helpers, helpersText } = await bundleAjv(standalone.source);
    const validate = await importValidator(bundle);
    Object.assign(result, {
      ajvClass: standalone.ajvClass,
      standaloneBytes: Buffer.byteLength(standalone.source),
      helpers,
      helpersBytes: Buffer.byteLength(helpersText),
      bytes: Buffer.byteLength(standalone.source) + Buffer.byteLength(helpersText),
      gzipBytes: gzipBytes(helpersText === '' ? standalone.source : `${standalone.source}\n${helpersText}`),
      bundleBytes: Buffer.byteLength(bundle),
      docsValid: schema.docs.filter((doc) => validate(doc)).length,
      firstRejection: firstRejection(validate, schema.docs),
      formatsChecked: standalone.formatsChecked,
      formatsUnchecked: standalone.formatsUnchecked,
    });
  } catch (error) {
    if (error instanceof AjvSkip) result.skipped = error.message;
    else result.error = describe(error);
  }
  return result;
}

function firstRejection(validate: Validator, docs: unknown[]): string | undefined {
  for (const [index, doc] of docs.entries()) {
    if (validate(doc)) continue;
    const [error] = (validate.errors ?? []) as { instancePath?: string; message?: string }[];
    return `document ${index + 1}: ${error?.instancePath || '/'} ${error?.message ?? 'invalid'}`;
  }
  return undefined;
}

/** The ajv class for a draft, and how to make an instance of it. */
function ajvFor(draft: Draft): { ajvClass: string; create: (options: object) => AjvInstance } {
  const load = (module: string) => (require(module) as { default: AjvClass }).default;
  switch (draft) {
    case '2020-12':
      return { ajvClass: 'Ajv2020', create: (options) => new (load('ajv/dist/2020'))(options) };
    case '2019-09':
      return { ajvClass: 'Ajv2019', create: (options) => new (load('ajv/dist/2019'))(options) };
    case 'draft-07':
      return { ajvClass: 'Ajv', create: (options) => new (load('ajv'))(options) };
    case 'draft-06':
      return {
        ajvClass: 'Ajv + draft-06 meta-schema',
        create: (options) => {
          const ajv = new (load('ajv'))(options);
          ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
          return ajv;
        },
      };
    case 'draft-04': {
      const draft04 = optional<{ default: AjvClass }>(OPTIONAL.draft04);
      if (draft04 === undefined) throw new AjvSkip(`draft-04 needs ${OPTIONAL.draft04}, not a dependency of the bench`);
      return { ajvClass: 'Ajv draft-04', create: (options) => new draft04.default(options) };
    }
  }
}

/**
 * The formats the ajv code checks are those binschema checks by default: draft-04/06/07 assert the
 * formats it knows (`assertedFormats`), 2019-09 and 2020-12 only annotate. Those come from
 * ajv-formats when it is installed; every other format is declared always valid, as binschema
 * treats it (an unknown format is a warning there, an error in strict ajv).
 */
function configureFormats(ajv: AjvInstance, schema: SizeSchema, assertedFormats: ReadonlySet<string>): { formatsChecked: string[]; formatsUnchecked: string[] } {
  const used = formatsUsed([schema.schema, ...Object.values(schema.refs)]);
  const asserting = schema.draft === 'draft-04' || schema.draft === 'draft-06' || schema.draft === 'draft-07';
  const asserted = asserting ? used.filter((format) => assertedFormats.has(format)) : [];
  const plugin = optional<{ default: (ajv: AjvInstance, formats: string[]) => unknown }>(OPTIONAL.formats);
  const known = plugin === undefined ? new Set<string>() : new Set(Object.keys((require(`${OPTIONAL.formats}/dist/formats`) as { fullFormats: object }).fullFormats));
  const formatsChecked = asserted.filter((format) => known.has(format));
  if (plugin !== undefined && formatsChecked.length > 0) plugin.default(ajv, formatsChecked);
  for (const format of used) if (!formatsChecked.includes(format)) ajv.addFormat(format, true);
  return { formatsChecked, formatsUnchecked: asserted.filter((format) => !known.has(format)) };
}

/** Every `format` keyword value in the documents (a string under a `format` key), sorted. */
export function formatsUsed(documents: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'format' && typeof item === 'string') found.add(item);
        else visit(item);
      }
    }
  };
  documents.forEach(visit);
  return [...found].sort();
}

/** The schema with its URI as `$id` (`id` in draft-04) when it declares none, so relative `$ref`s resolve. */
function withBaseUri(schema: SizeSchema): unknown {
  const document = schema.schema;
  if (schema.baseUri === undefined || typeof document !== 'object' || document === null) return document;
  const idKey = schema.draft === 'draft-04' ? 'id' : '$id';
  return idKey in document ? document : { [idKey]: schema.baseUri, ...document };
}

async function bundleText(contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: BENCH_DIR, sourcefile: 'ajv-standalone.js', loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** A package the bench may not depend on yet: the module, or undefined when it is not installed. */
function optional<T>(name: string): T | undefined {
  try {
    return require(name) as T;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}
