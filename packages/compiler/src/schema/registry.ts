/**
 * The schema documents of one compilation and the resources in them: every `$id` (Core §8.2.1,
 * draft-04 `id`), `$anchor` (§8.2.2) and draft-07 plain-name `$id: "#name"`, so `$ref`s resolve
 * to a document, a JSON Pointer inside it and the base URI in force there (§8.2). Resolution is
 * offline: registered documents, `extraSchemas`, the standard meta-schemas (ajv's copies) and
 * `file:` URLs read from disk on demand.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { joinPointer, parsePointer } from '@binschema/runtime';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from './codes.js';
import { bundledMetaSchema, detectDraft, isStandardDialect, keywordsOutsideDialect, validateAgainstMetaSchema, type Draft } from './dialects.js';
import { has, isJsonObject, nestingDepth, own, type JsonObject } from './json.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';

/** How an API user supplies a document a `$ref` names; the CLI's message names its own flags instead. */
export const API_REF_HINT = 'pass it in extraSchemas (by its $id) or schemasByUri (by its URI)';

/** Deepest JSON nesting accepted; deeper documents are refused before anything recurses on them. */
export const MAX_DOCUMENT_DEPTH = 400;

export interface SchemaDocument {
  /** Retrieval URI (no fragment): a `file:` URL, an `extraSchemas` `$id`, or the inline base. */
  uri: string;
  /** Name for messages: the file name, `$id` or `<inline>`. */
  source: string;
  root: unknown;
  draft: Draft;
}

/** One schema location: a document, an RFC 6901 pointer from its root, and the base URI there. */
export interface SchemaLocation {
  document: SchemaDocument;
  pointer: string;
  schema: unknown;
  base: string;
}

interface Anchor {
  document: SchemaDocument;
  pointer: string;
}

/** Where a `$ref` sits, for error messages. */
export interface RefSite {
  schemaPath: string;
  source: string;
}

export class SchemaRegistry {
  private readonly resources = new Map<string, Anchor>();
  private readonly anchors = new Map<string, Anchor>();
  /** `documentUri#pointer` → base URI, for every indexed schema location. */
  private readonly bases = new Map<string, string>();
  /** `documentUri#pointer` of each schema resource root → its `$dynamicAnchor` names and their pointers (2020-12 Core §8.2.2). */
  private readonly dynamicAnchors = new Map<string, Map<string, string>>();
  /** `documentUri#pointer` of every schema resource root: document roots and `$id`s. */
  private readonly resourceRoots = new Set<string>();
  /** Plain-name fragments `$dynamicRef`s use anywhere: the only anchors whose dynamic binding matters. */
  readonly dynamicRefNames = new Set<string>();

  constructor(
    private readonly readFiles: boolean,
    /** Told each file's path before it is read (`FrontEndOptions.onSchemaFile`). */
    private readonly onSchemaFile?: (path: string) => void,
  ) {}

  /** Checks, meta-validates and indexes a document; returns it. */
  addDocument(root: unknown, uri: string, source: string, inheritedDraft?: Draft): SchemaDocument {
    if (nestingDepth(root, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) {
      throw new SchemaError(SchemaErrorCode.TooDeep, `schema nests deeper than ${MAX_DOCUMENT_DEPTH} levels`, '#', source);
    }
    const dialect = this.dialectOf(root, uri, source, inheritedDraft);
    validateAgainstMetaSchema(root, dialect.draft, source);
    const document: SchemaDocument = { uri, source, root: dialect.root, draft: dialect.draft };
    if (!this.resources.has(uri)) this.resources.set(uri, { document, pointer: '' });
    this.index(document);
    return document;
  }

  /**
   * The draft of a document, and its JSON as lowering sees it. A `$schema` naming a registered (or
   * file) meta-schema rather than a draft is a custom dialect (2020-12 Core §8.1.2): the draft is
   * the meta-schema's, and keywords of standard vocabularies it leaves out are dropped (unknown
   * keywords, so annotations). Anything else is `unknown-dialect`.
   */
  private dialectOf(root: unknown, uri: string, source: string, inherited: Draft | undefined): { draft: Draft; root: unknown } {
    const declared = isJsonObject(root) ? own(root, '$schema') : undefined;
    if (typeof declared !== 'string' || isStandardDialect(declared)) return { draft: detectDraft(root, source, inherited), root };
    let meta: SchemaLocation;
    try {
      meta = this.resolve(declared, uri, { schemaPath: '#/$schema', source });
    } catch (error) {
      if (error instanceof SchemaError && error.code === SchemaErrorCode.UnresolvedRef) detectDraft(root, source, inherited);
      throw error;
    }
    const dropped = keywordsOutsideDialect(meta.schema, meta.document.draft, declared, source);
    return { draft: meta.document.draft, root: dropped.size === 0 ? root : withoutKeywords(root as JsonObject, dropped) };
  }

  /** The location of a document's root. */
  rootOf(document: SchemaDocument): SchemaLocation {
    return { document, pointer: '', schema: document.root, base: this.baseAt(document, '') };
  }

  /** Resolves `ref` against `base` (RFC 3986 §5) to a schema location, or throws `unresolved-ref`. */
  resolve(ref: string, base: string, site: RefSite): SchemaLocation {
    const fail = (why: string): never => {
      throw new SchemaError(SchemaErrorCode.UnresolvedRef, `cannot resolve $ref ${JSON.stringify(ref)}: ${why}`, site.schemaPath, site.source);
    };
    let href: string;
    try {
      href = new URL(ref, base).href;
    } catch {
      return fail(`not a URI reference against base ${base}`);
    }
    const hash = href.indexOf('#');
    const resourceUri = hash === -1 ? href : href.slice(0, hash);
    let fragment: string;
    try {
      fragment = hash === -1 ? '' : decodeURIComponent(href.slice(hash + 1));
    } catch {
      return fail('bad percent-encoding in the fragment');
    }
    const resource = this.resources.get(resourceUri) ?? this.load(resourceUri, fail);
    if (fragment === '') return this.locate(resource.document, resource.pointer, fail);
    if (fragment.startsWith('/')) return this.follow(resource, fragment, fail);
    const anchor = this.anchors.get(`${resourceUri}#${fragment}`);
    if (anchor === undefined) return fail(`no $anchor ${JSON.stringify(fragment)} in ${resourceUri}`);
    return this.locate(anchor.document, anchor.pointer, fail);
  }

  /** RFC 6901 evaluation of `fragment` from a resource root, over the raw JSON. */
  private follow(resource: Anchor, fragment: string, fail: (why: string) => never): SchemaLocation {
    let value: unknown = resource.pointer === '' ? resource.document.root : this.valueAt(resource.document, resource.pointer);
    let pointer = resource.pointer;
    for (const token of parsePointer(fragment)) {
      if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < value.length) value = value[Number(token)];
      else if (isJsonObject(value) && has(value, token)) value = value[token];
      else return fail(`no ${JSON.stringify(token)} at ${pointer === '' ? '/' : pointer}`);
      pointer = joinPointer(pointer, token);
    }
    return this.locate(resource.document, pointer, fail, value);
  }

  private locate(document: SchemaDocument, pointer: string, fail: (why: string) => never, value?: unknown): SchemaLocation {
    const schema = value === undefined ? this.valueAt(document, pointer) : value;
    if (typeof schema !== 'boolean' && !isJsonObject(schema)) return fail('the target is not a schema (object or boolean)');
    return { document, pointer, schema, base: this.baseAt(document, pointer) };
  }

  private valueAt(document: SchemaDocument, pointer: string): unknown {
    let value: unknown = document.root;
    for (const token of parsePointer(pointer)) value = Array.isArray(value) ? value[Number(token)] : own(value as JsonObject, token);
    return value;
  }

  /** Base URI in force at `pointer`: the nearest indexed location at or above it (Core §8.2.1). */
  baseAt(document: SchemaDocument, pointer: string): string {
    let current = pointer;
    for (;;) {
      const base = this.bases.get(`${document.uri}#${current}`);
      if (base !== undefined) return base;
      if (current === '') return document.uri;
      current = current.slice(0, current.lastIndexOf('/'));
    }
  }

  private load(resourceUri: string, fail: (why: string) => never): Anchor {
    const meta = bundledMetaSchema(resourceUri);
    if (meta !== undefined) return { document: this.addDocument(meta, resourceUri, resourceUri), pointer: '' };
    if (!this.readFiles || !resourceUri.startsWith('file:')) {
      return fail(`no schema registered as ${resourceUri} (never fetched over a network; ${API_REF_HINT})`);
    }
    let text: string;
    let path: string;
    try {
      path = fileURLToPath(resourceUri);
      this.onSchemaFile?.(path);
      text = readSchemaFile(path);
    } catch (error) {
      return fail(`cannot read ${resourceUri} (${(error as { code?: string }).code ?? 'error'})`);
    }
    const document = this.addDocument(parseJson(text, path), resourceUri, path);
    return { document, pointer: '' };
  }

  /** Walks every subschema without recursion, recording base URIs, `$id` resources and anchors. */
  private index(document: SchemaDocument): void {
    const stack: { value: unknown; pointer: string; base: string; resource: string }[] = [{ value: document.root, pointer: '', base: document.uri, resource: '' }];
    this.resourceRoots.add(`${document.uri}#`);
    while (stack.length > 0) {
      const item = stack.pop()!;
      if (!isJsonObject(item.value)) continue;
      const base = this.register(document, item.value, item.pointer, item.base);
      const resource = base !== item.base || item.pointer === '' ? item.pointer : item.resource;
      if (resource === item.pointer) this.resourceRoots.add(`${document.uri}#${item.pointer}`);
      this.bases.set(`${document.uri}#${item.pointer}`, base);
      this.indexDynamic(document, item.value, item.pointer, resource);
      for (const [pointer, child] of subschemas(item.value, item.pointer)) stack.push({ value: child, pointer, base, resource });
    }
  }

  /**
   * Records a `$dynamicAnchor` in its resource and the name a `$dynamicRef` uses (2020-12 Core
   * §8.2.3.2); in 2019-09, `$recursiveAnchor: true` at a resource root and `$recursiveRef` the same
   * way, under the name `RECURSIVE_ANCHOR` (2019-09 Core §8.2.4.2).
   */
  private indexDynamic(document: SchemaDocument, schema: JsonObject, pointer: string, resource: string): void {
    let anchor: string | undefined;
    let name: string | undefined;
    if (document.draft === '2020-12') {
      const declared = own(schema, '$dynamicAnchor');
      anchor = typeof declared === 'string' ? declared : undefined;
      const ref = own(schema, '$dynamicRef');
      name = typeof ref === 'string' ? plainFragment(ref) : undefined;
    } else if (document.draft === '2019-09') {
      anchor = own(schema, '$recursiveAnchor') === true && pointer === resource ? RECURSIVE_ANCHOR : undefined;
      name = typeof own(schema, '$recursiveRef') === 'string' ? RECURSIVE_ANCHOR : undefined;
    }
    if (name !== undefined) this.dynamicRefNames.add(name);
    if (anchor === undefined) return;
    const key = `${document.uri}#${resource}`;
    const names = this.dynamicAnchors.get(key) ?? new Map<string, string>();
    if (!names.has(anchor)) names.set(anchor, pointer);
    this.dynamicAnchors.set(key, names);
  }

  /** Pointer of the schema resource holding `pointer`: the nearest `$id` (or the document root) at or above it. */
  resourceRootOf(document: SchemaDocument, pointer: string): string {
    let current = pointer;
    while (current !== '' && !this.resourceRoots.has(`${document.uri}#${current}`)) current = current.slice(0, current.lastIndexOf('/'));
    return current;
  }

  /**
   * Pointers of the resource roots on the way down to `to`, outermost first, strictly below `from`
   * (all of them, the document root included, when `from` is undefined): the resources evaluation
   * enters by nesting (2020-12 Core §7.1).
   */
  resourceRootsOnPath(document: SchemaDocument, from: string | undefined, to: string): string[] {
    const found: string[] = [];
    for (let current = to; ; current = current.slice(0, current.lastIndexOf('/'))) {
      if (from !== undefined && current.length <= from.length) break;
      if (this.resourceRoots.has(`${document.uri}#${current}`)) found.push(current);
      if (current === '') break;
    }
    return found.reverse();
  }

  /** The `$dynamicAnchor` names of the resource rooted at `resource`, each with its schema's pointer. */
  dynamicAnchorsOf(document: SchemaDocument, resource: string): ReadonlyMap<string, string> {
    return this.dynamicAnchors.get(`${document.uri}#${resource}`) ?? EMPTY_ANCHORS;
  }

  /** The location of the schema at `pointer` of a registered document. */
  locationAt(document: SchemaDocument, pointer: string): SchemaLocation {
    return { document, pointer, schema: this.valueAt(document, pointer), base: this.baseAt(document, pointer) };
  }

  /** Records the `$id`/`$anchor` of one schema object; returns the base URI inside it. */
  private register(document: SchemaDocument, schema: JsonObject, pointer: string, base: string): string {
    const legacy = document.draft === 'draft-07' || document.draft === 'draft-06' || document.draft === 'draft-04';
    // Draft-07 §8.3: everything beside `$ref` is ignored, `$id` included.
    const id = legacy && has(schema, '$ref') ? undefined : own(schema, document.draft === 'draft-04' ? 'id' : '$id');
    let inner = base;
    if (typeof id === 'string') {
      let href: string | undefined;
      try {
        href = new URL(id, base).href;
      } catch {
        href = undefined;
      }
      if (href !== undefined) {
        const hash = href.indexOf('#');
        const fragment = hash === -1 ? '' : href.slice(hash + 1);
        const resource = hash === -1 ? href : href.slice(0, hash);
        // Draft-07 §8.2.3: `$id: "#name"` (or `uri#name`) is a plain-name anchor, not a new resource.
        if (!legacy || !id.startsWith('#')) {
          inner = resource;
          if (!this.resources.has(resource)) this.resources.set(resource, { document, pointer });
        }
        if (legacy && fragment !== '' && !fragment.startsWith('/')) this.addAnchor(`${inner}#${fragment}`, document, pointer);
      }
    }
    // 2020-12 Core §8.2.2: `$dynamicAnchor` also defines a plain anchor (its keyword is refused when lowered).
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      const anchor = own(schema, keyword);
      if (!legacy && typeof anchor === 'string') this.addAnchor(`${inner}#${anchor}`, document, pointer);
    }
    return inner;
  }

  private addAnchor(key: string, document: SchemaDocument, pointer: string): void {
    if (!this.anchors.has(key)) this.anchors.set(key, { document, pointer });
  }
}

const EMPTY_ANCHORS: ReadonlyMap<string, string> = new Map();

/** The dynamic anchor name 2019-09 `$recursiveAnchor: true` declares; no plain-name fragment can be "#". */
export const RECURSIVE_ANCHOR = '#';

/** The plain-name fragment of a URI reference (`#node`, `tree.json#node`), decoded; else undefined. */
export function plainFragment(ref: string): string | undefined {
  const hash = ref.indexOf('#');
  if (hash === -1) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(hash + 1));
  } catch {
    return undefined;
  }
  return fragment === '' || fragment.startsWith('/') ? undefined : fragment;
}

/** A copy of `root` without `keywords` in any of its schema objects (pointers to what stays are unchanged). */
function withoutKeywords(root: JsonObject, keywords: ReadonlySet<string>): JsonObject {
  const copy = structuredClone(root);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const schema = stack.pop();
    if (!isJsonObject(schema)) continue;
    for (const keyword of keywords) delete schema[keyword];
    for (const [, child] of subschemas(schema, '')) stack.push(child);
  }
  return copy;
}

/** The direct subschemas of a schema object, with their pointers. */
export function subschemas(schema: JsonObject, pointer: string): [string, unknown][] {
  const found: [string, unknown][] = [];
  for (const keyword of SCHEMA_KEYWORDS) if (has(schema, keyword)) found.push([joinPointer(pointer, keyword), schema[keyword]]);
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const value = own(schema, keyword);
    if (Array.isArray(value)) value.forEach((child, index) => found.push([joinPointer(joinPointer(pointer, keyword), index), child]));
    else if (value !== undefined) found.push([joinPointer(pointer, keyword), value]);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = own(schema, keyword);
    if (!isJsonObject(value)) continue;
    const at = joinPointer(pointer, keyword);
    for (const name of Object.keys(value)) found.push([joinPointer(at, name), value[name]]);
  }
  return found;
}

/** Largest schema file read, in bytes. */
export const MAX_SCHEMA_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads a schema file as UTF-8. Only regular files of bounded size: a `$ref` to `/dev/zero` or a
 * FIFO must fail, not hang. Throws a Node error with a `code` (`ENOENT`, `EISDIR`, `EFBIG`…).
 */
export function readSchemaFile(path: string): string {
  const stats = statSync(path);
  if (stats.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  if (!stats.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTFILE' });
  if (stats.size > MAX_SCHEMA_FILE_BYTES) throw Object.assign(new Error('file too large'), { code: 'EFBIG' });
  return readFileSync(path, 'utf8');
}

export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // Only the position: V8's message quotes the text, which could echo a file a $ref points at.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new SchemaError(SchemaErrorCode.InvalidSchema, `not JSON${position === undefined ? '' : ` (at character ${position})`}`, '#', source);
  }
}
