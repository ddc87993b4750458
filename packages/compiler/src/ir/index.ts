/**
 * The front end: `load → normalise`. Reads a schema (and what it references), checks it against
 * its meta-schema, resolves `$ref`s offline and lowers it to the IR of `./types.ts`.
 */
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { joinPointer } from '@binschema/runtime';
import { SchemaError, underStackNet } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { isJsonObject, own } from '../schema/json.js';
import { parseJson, readSchemaFile, SchemaRegistry, type SchemaDocument } from '../schema/registry.js';
import { onceEach, type WarningHandler } from '../schema/warnings.js';
import { documentStem, LoweringContext } from './context.js';
import { enterTarget, NO_BINDINGS } from './dynamic-scope.js';
import { lowerSchema } from './lower.js';
import { dropSelfBranches, refuseUnguardedRecursion } from './recursion.js';
import type { IrModule } from './types.js';

export type * from './types.js';
export { ASSERTED_FORMATS } from './formats.js';
export { WarningCode, type CompileWarning, type WarningHandler } from '../schema/warnings.js';

export interface FrontEndOptions {
  /** Extra schema documents, registered by their `$id` (as ajv's addSchema does); `$ref`s to them resolve offline. */
  extraSchemas?: unknown[];
  /**
   * Extra schema documents by the absolute URI they are retrieved from (ajv's `addSchema(schema, key)`):
   * `$ref`s to that URI resolve offline, and a root `$id` that differs names the document too.
   */
  schemasByUri?: Record<string, unknown>;
  /**
   * `true`: check `format` (date-time, date, time, email, uri, uuid, ipv4, ipv6…), refusing one it
   * cannot check; `false`: `format` is an annotation. Default: by each document's draft, as users'
   * validators do: draft-04/06/07 assert (unknown formats stay annotations, with an `unknown-format`
   * warning), 2019-09 and 2020-12 (and a schema without `$schema`) annotate (ir/formats.ts).
   */
  formatAssertion?: boolean;
  /**
   * The absolute URI the root schema is served at (Core §8.2.1: its initial base URI), against
   * which relative `$ref`s and `$id`s resolve. Default: the file's `file:` URL for a file, else
   * none (a relative `$ref` then needs an `$id` beside it, or fails).
   */
  baseUri?: string;
  /** Receives each warning (a later-draft keyword honoured, an unknown format left unchecked) once per compilation and subject. */
  onWarning?: WarningHandler;
  /** Receives the path of each schema file the compilation reads (the root file, and each file a `$ref` loads), before reading it: what a watcher watches. */
  onSchemaFile?: (path: string) => void;
}

export interface SchemaInput {
  schema: unknown;
  /** file name for messages and the generated preamble */
  source?: string;
  /** base URI for relative `$ref`s (a file: URL for files) */
  baseUri?: string;
}

/** Base URI of a schema given inline without one: relative file `$ref`s from it cannot resolve. */
const INLINE_BASE = 'binschema:///inline.schema.json';

/** Reads a schema file (sync) and lowers it; relative `$ref`s to other files are read from disk relative to it, never over a network. */
export function buildIrFromFile(path: string, options?: FrontEndOptions): IrModule {
  let text: string;
  options?.onSchemaFile?.(path);
  try {
    text = readSchemaFile(path);
  } catch (error) {
    throw new SchemaError(SchemaErrorCode.InvalidSchema, `cannot read the schema file (${(error as { code?: string }).code ?? 'error'})`, '#', path);
  }
  return buildIr({ schema: parseJson(text, path), source: path, baseUri: options?.baseUri ?? pathToFileURL(resolve(path)).href }, options);
}

export function buildIr(input: SchemaInput, options: FrontEndOptions = {}): IrModule {
  const source = input.source ?? '<inline>';
  return underStackNet(source, () => buildModule(input, options, source));
}

function buildModule(input: SchemaInput, options: FrontEndOptions, source: string): IrModule {
  if (options.extraSchemas !== undefined && !Array.isArray(options.extraSchemas)) {
    throw new SchemaError(SchemaErrorCode.InvalidOption, 'extraSchemas must be an array', '#', source);
  }
  if (options.formatAssertion !== undefined && typeof options.formatAssertion !== 'boolean') {
    throw new SchemaError(SchemaErrorCode.InvalidOption, 'formatAssertion must be a boolean', '#', source);
  }
  if (options.onWarning !== undefined && typeof options.onWarning !== 'function') {
    throw new SchemaError(SchemaErrorCode.InvalidOption, 'onWarning must be a function', '#', source);
  }
  const baseUri = checkedBase(input.baseUri ?? options.baseUri, source);
  const registry = new SchemaRegistry(true, options.onSchemaFile);
  for (const [index, extra] of (options.extraSchemas ?? []).entries()) registerExtra(registry, extra, index);
  registerByUri(registry, options.schemasByUri, source);
  const document = registry.addDocument(input.schema, baseUri, source);
  const context = new LoweringContext(registry, { formatAssertion: options.formatAssertion, warn: onceEach(options.onWarning) }, document, lowerSchema);
  declareExported(context, registry, document);
  const rootLocation = registry.rootOf(document);
  let root = lowerSchema(context, rootLocation);
  context.drain();
  // A root that is also a $ref target ("#") is emitted once, as that definition.
  const rootKey = context.definitionKey(rootLocation);
  if (context.locationOf(rootKey) !== undefined) root = { kind: 'ref', target: rootKey, schemaPath: '#', annotations: root.annotations };
  const rootName = rootNameOf(document, input.source);
  const definitions = context.definitions(rootName);
  refuseUnguardedRecursion(definitions, source);
  dropSelfBranches(definitions);
  return { source, draft: document.draft, rootName, root, definitions };
}

function checkedBase(baseUri: string | undefined, source: string): string {
  if (baseUri === undefined) return INLINE_BASE;
  try {
    return new URL(baseUri).href.replace(/#.*$/, '');
  } catch {
    throw new SchemaError(SchemaErrorCode.InvalidOption, `baseUri ${JSON.stringify(baseUri)} is not an absolute URI`, '#', source);
  }
}

function registerExtra(registry: SchemaRegistry, extra: unknown, index: number): void {
  const source = `extraSchemas[${index}]`;
  const id = isJsonObject(extra) ? (own(extra, '$id') ?? own(extra, 'id')) : undefined;
  let uri: string | undefined;
  try {
    uri = typeof id === 'string' ? new URL(id).href.replace(/#.*$/, '') : undefined;
  } catch {
    uri = undefined;
  }
  if (uri === undefined) throw new SchemaError(SchemaErrorCode.InvalidOption, 'an extra schema needs an absolute $id', '#', source);
  registry.addDocument(extra, uri, typeof id === 'string' ? id : source);
}

function registerByUri(registry: SchemaRegistry, documents: Record<string, unknown> | undefined, source: string): void {
  if (documents === undefined) return;
  if (!isJsonObject(documents)) throw new SchemaError(SchemaErrorCode.InvalidOption, 'schemasByUri must map URIs to schemas', '#', source);
  for (const uri of Object.keys(documents)) {
    // Core §8.2.1: the retrieval URI is the document's initial base; no fragment.
    if (!URL.canParse(uri)) throw new SchemaError(SchemaErrorCode.InvalidOption, `schemasByUri key ${JSON.stringify(uri)} is not an absolute URI`, '#', source);
    registry.addDocument(documents[uri], new URL(uri).href.replace(/#.*$/, ''), uri);
  }
}

/** Every `$defs`/`definitions` entry of the root document is exported, in schema order. */
function declareExported(context: LoweringContext, registry: SchemaRegistry, document: SchemaDocument): void {
  if (!isJsonObject(document.root)) return;
  for (const keyword of ['$defs', 'definitions']) {
    const entries = own(document.root, keyword);
    if (!isJsonObject(entries)) continue;
    for (const name of Object.keys(entries)) {
      const pointer = joinPointer(joinPointer('', keyword), name);
      const location = { document, pointer, schema: entries[name], base: registry.baseAt(document, pointer) };
      // An exported definition is an entry point, as a `$ref` from outside would reach it: its own
      // resource starts the dynamic scope (Core §7.1), not the document root it is nested in.
      context.declare(location, name, enterTarget(registry, NO_BINDINGS, location));
    }
  }
}

function rootNameOf(document: SchemaDocument, source: string | undefined): string {
  const title = isJsonObject(document.root) ? own(document.root, 'title') : undefined;
  if (typeof title === 'string' && title.trim() !== '') return title;
  if (source !== undefined) return documentStem(basename(source));
  return 'Root';
}
