/**
 * The state of one lowering run (never module-level, so the front end is reentrant): the
 * registry, the named definitions met so far, and the limits that keep hostile schemas from
 * overflowing the stack or blowing up.
 */
import { parsePointer } from '@binschema/runtime';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import type { SchemaDocument, SchemaLocation, SchemaRegistry } from '../schema/registry.js';
import type { Warn } from '../schema/warnings.js';
import { bindingsKey, enterResources, enterTarget, NO_BINDINGS, type Bindings } from './dynamic-scope.js';
import type { IrDefinition, IrNode } from './types.js';

/** Nested `lowerSchema` calls allowed (schema nesting plus `allOf` inlining chains). */
export const MAX_LOWERING_DEPTH = 500;
/** IR nodes one compilation's merges may create (unions distributed over unions multiply). */
export const MAX_NODES = 200_000;
/** Named definitions one compilation may declare (dynamic scopes multiply them: dynamic-scope.ts). */
export const MAX_DEFINITIONS = 20_000;

export interface LoweringOptions {
  /** `true`/`false` forces `format` assertion on/off; `undefined`: by each document's draft (formats.ts). */
  formatAssertion: boolean | undefined;
  /** Reports a warning, once per code and subject (schema/warnings.ts). */
  warn: Warn;
}

interface DefinitionEntry {
  key: string;
  name: string | undefined;
  exported: boolean;
  location: SchemaLocation;
  /** The dynamic anchors bound where the definition is entered (dynamic-scope.ts). */
  bindings: Bindings;
  state: 'pending' | 'active' | 'done';
  node: IrNode | undefined;
}

/** What `lowerSchema` needs to lower a definition on demand (injected to avoid an import cycle). */
export type LowerFunction = (context: LoweringContext, location: SchemaLocation) => IrNode;

export class LoweringContext {
  private readonly entries = new Map<string, DefinitionEntry>();
  private readonly queue: string[] = [];
  private readonly inlining = new Set<string>();
  /** The definitions being lowered, innermost last, with their bindings: the dynamic scope. */
  private readonly scopes: { location: SchemaLocation; bindings: Bindings }[] = [];
  private depth = 0;
  private nodes = 0;

  constructor(
    readonly registry: SchemaRegistry,
    readonly options: LoweringOptions,
    readonly rootDocument: SchemaDocument,
    private readonly lower: LowerFunction,
  ) {}

  /** Stable key of a schema location: document URI and pointer from its root. */
  static keyOf(location: SchemaLocation): string {
    return `${location.document.uri}#${location.pointer}`;
  }

  /**
   * Key of the definition at `location` entered with `bindings` (default: as reached by nesting
   * from its document's root): the location, plus the dynamic anchor bindings when there are any.
   */
  definitionKey(location: SchemaLocation, bindings: Bindings = this.nestedBindings(location)): string {
    return `${LoweringContext.keyOf(location)}${bindingsKey(bindings)}`;
  }

  /**
   * Registers `location` as a named definition (lowered later, once); returns its key. `bindings`
   * defaults to those of its document's root scope (an exported `$defs` entry, the root).
   */
  declare(location: SchemaLocation, exportedName?: string, bindings: Bindings = this.nestedBindings(location)): string {
    const key = this.definitionKey(location, bindings);
    const known = this.entries.get(key);
    if (known !== undefined) {
      if (exportedName !== undefined && !known.exported) Object.assign(known, { exported: true, name: exportedName });
      return key;
    }
    if (this.entries.size >= MAX_DEFINITIONS) {
      throw new SchemaError(SchemaErrorCode.TooLarge, `normalising declares more than ${MAX_DEFINITIONS} definitions (one per $ref target and dynamic scope)`, `#${location.pointer}`, location.document.source);
    }
    const entry: DefinitionEntry = { key, name: exportedName, exported: exportedName !== undefined, location, bindings, state: 'pending', node: undefined };
    this.entries.set(key, entry);
    this.queue.push(key);
    return key;
  }

  /**
   * The lowered node of a definition, lowering it now if needed (for `allOf` inlining and
   * discriminator detection). `undefined` when it is being lowered, i.e. reached through itself.
   */
  nodeOf(key: string): IrNode | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) throw new Error(`binschema: unknown definition ${key}`);
    if (entry.state === 'active') return undefined;
    if (entry.state === 'pending') {
      entry.state = 'active';
      entry.node = this.inScope(entry.location, entry.bindings, () => this.lower(this, entry.location));
      entry.state = 'done';
    }
    return entry.node;
  }

  /** The bindings a reference at `site` enters `target` with: the scope there plus the target's own resource (Core §7.1). */
  referenceBindings(target: SchemaLocation, site: SchemaLocation): Bindings {
    return enterTarget(this.registry, this.bindingsAt(site), target);
  }

  /** The dynamic anchor bindings in force at `location`, below the definition being lowered. */
  bindingsAt(location: SchemaLocation): Bindings {
    const scope = this.scopes[this.scopes.length - 1];
    if (scope === undefined || scope.location.document !== location.document || !isAtOrBelow(location.pointer, scope.location.pointer)) {
      return this.nestedBindings(location);
    }
    return enterResources(this.registry, scope.bindings, location.document, scope.location.pointer, location.pointer);
  }

  /** Runs `lower` with `location` entered with `bindings` as the innermost dynamic scope (for lowering out of line). */
  inScope<T>(location: SchemaLocation, bindings: Bindings, lower: () => T): T {
    this.scopes.push({ location, bindings });
    try {
      return lower();
    } finally {
      this.scopes.pop();
    }
  }

  /** The bindings at `location` reached from its document's root by nesting alone. */
  private nestedBindings(location: SchemaLocation): Bindings {
    return enterResources(this.registry, NO_BINDINGS, location.document, undefined, location.pointer);
  }

  /**
   * Starts inlining a definition into a merge: its node, or `undefined` when it is being lowered
   * or already being inlined further up (a merge that reaches itself). Pair with `endInline`.
   */
  beginInline(key: string): IrNode | undefined {
    if (this.inlining.has(key)) return undefined;
    const node = this.nodeOf(key);
    if (node !== undefined) this.inlining.add(key);
    return node;
  }

  endInline(key: string): void {
    this.inlining.delete(key);
  }

  /** The schema location of a definition, for messages. */
  locationOf(key: string): SchemaLocation | undefined {
    return this.entries.get(key)?.location;
  }

  /** Lowers every definition declared so far and those they declare in turn. */
  drain(): void {
    for (let index = 0; index < this.queue.length; index++) this.nodeOf(this.queue[index]);
  }

  /** Definitions: exported in declaration (schema) order, then the others by key; names made unique. */
  definitions(rootName: string): IrDefinition[] {
    const exported = [...this.entries.values()].filter((entry) => entry.exported);
    const others = [...this.entries.values()].filter((entry) => !entry.exported).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const taken = new Set<string>();
    const claim = (wanted: string): string => {
      let name = wanted;
      for (let suffix = 2; taken.has(name); suffix++) name = `${wanted}_${suffix}`;
      taken.add(name);
      return name;
    };
    return [...exported, ...others].map((entry) => ({
      key: entry.key,
      name: claim(entry.name ?? this.nameFromPath(entry.location, rootName)),
      exported: entry.exported,
      node: entry.node!,
    }));
  }

  /** `#/properties/child` → `properties_child`; another document's root → its file stem. */
  private nameFromPath(location: SchemaLocation, rootName: string): string {
    const tokens = parsePointer(location.pointer).filter((token) => token !== '$defs' && token !== 'definitions');
    const stem = location.document === this.rootDocument ? undefined : documentStem(location.document.uri);
    const parts = stem === undefined ? tokens : [stem, ...tokens];
    return parts.length === 0 ? rootName : parts.join('_');
  }

  /** Counts one lowering level; refuses past `MAX_LOWERING_DEPTH`. Pair with `leave`. */
  enter(schemaPath: string, source: string): void {
    if (++this.depth > MAX_LOWERING_DEPTH) {
      throw new SchemaError(SchemaErrorCode.TooDeep, `schema nests (with allOf inlining) deeper than ${MAX_LOWERING_DEPTH} levels`, schemaPath, source);
    }
  }

  leave(): void {
    this.depth--;
  }

  /** Counts one created node; refuses past `MAX_NODES`. */
  count(schemaPath: string, source: string): void {
    if (++this.nodes > MAX_NODES) {
      throw new SchemaError(SchemaErrorCode.TooLarge, `normalising creates more than ${MAX_NODES} IR nodes`, schemaPath, source);
    }
  }
}

function isAtOrBelow(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || ancestor === '' || pointer.startsWith(`${ancestor}/`);
}

/** `file:///a/b/point.schema.json` → `point`; `https://x/y/` → `y`. */
export function documentStem(uri: string): string {
  const path = uri.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1).replace(/^.*:/, '');
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return decoded.replace(/(\.schema)?\.json$/, '') || 'schema';
}
