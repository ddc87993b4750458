/**
 * `ModuleContext`: what the emitters of one generated module share while they walk the IR (its
 * names, hoisted constants, functions, runtime imports and options), which `assemble.ts` turns
 * into text; and the words and JSDoc of generated functions (`pathWords`, `functionDocs`).
 */
import type { IrArray, IrModule, IrNode, IrNumber } from '../../ir/types.js';
import { definitionsOf, type Definitions } from '../../plan/shape.js';
import { leftRecursiveDefinitions } from '../../ir/recursion.js';
import { Code, commentText, literal } from './code.js';
import { NameScope, type Name } from './names.js';
import type { PreludeHelper } from './prelude.js';
import { FORMAT_FUNCTIONS } from '../../ir/formats.js';
import { unescapePointerToken } from '@binschema/runtime';

/** A hoisted module constant: `const NAME = init;` with a comment saying what it is. */
export interface ConstantSpec {
  name: Name;
  doc: string;
  init: Code;
}

/** One generated function. */
export interface FunctionSpec {
  name: Name;
  /** JSDoc lines (plain text; escaped when written). */
  docs: string[];
  /** Parameters as `name: Type` fragments. */
  params: Code[];
  returnType: Code;
  body: Code;
  exported: boolean;
}

/** Everything a format emitter registers while it walks the IR; `assemble.ts` assembles it. */
export class ModuleContext {
  readonly scope = new NameScope();
  readonly definitions: Definitions;
  readonly typeNames = new Map<string, Name>();
  /** Nodes with a named type (the root and every definition): functions for them use the name. */
  readonly nodeTypeNames = new Map<IrNode, Name>();
  readonly constants: ConstantSpec[] = [];
  readonly functions: FunctionSpec[] = [];
  readonly runtimeImports = new Set<string>();
  readonly formatImports = new Set<string>();
  /** Runtime names read once as the module loads (the record tables' field kits): imported as they are, not bound again as constants. */
  readonly loadTimeImports = new Set<string>();
  /** Type-only imports (`import { type X }`): module mode only, a function body has no types to import. */
  readonly runtimeTypeImports = new Set<string>();
  readonly formatTypeImports = new Set<string>();
  /** `codeSize: 'small'`: objects the runtime's record tables model are written and read through them. */
  smallCode = false;
  /** CBOR deterministic mode (RFC 8949 §4.2.1 key order, shortest floats). */
  sortedKeys = false;
  /** Layout 'compact': objects are arrays by position on the wire, so decode errors get no value path from the bytes. */
  positionalObjects = false;
  /** MessagePack `largeIntegers: 'float64'`: integers past 32 bits are written as float64. */
  largeIntegers: 'float64' | undefined;
  /** Nodes of definitions that reach themselves in place (left recursion): their functions guard against going round (`checks/in-place-guard.ts`). */
  readonly leftRecursive: ReadonlySet<IrNode>;
  /** Record tables: arrays the format writes itself rather than through the runtime's `listOf` (ModuleFormat.ownsList). */
  ownsList: (node: IrArray) => boolean = () => false;
  /** Record tables: numbers the format writes in a form of its own rather than through the runtime's shared number codecs (ModuleFormat.ownsNumber). */
  ownsNumber: (node: IrNumber) => boolean = () => false;
  /** Record tables: the table of each object that has one, by `exactKey` (copies share one; `record-tables/record-table.ts`). */
  readonly recordTables = new Map<string, Name>();
  /** Entry writers of specialised objects by body text (`entryWriter`): equal ones are one function. */
  readonly entryWriters = new Map<string, Name>();
  /** Record tables: the write and read functions of a node, for table rows that need their own. */
  fieldFunctions: { write(node: IrNode): Name; read(node: IrNode): Name } | undefined;
  /** Imports from `<runtime>/formats` (`format` assertions). */
  readonly formatCheckImports = new Set<string>();
  private readonly constantsByInit = new Map<string, Name>();
  private readonly preludeUsed = new Set<string>();
  private readonly preludeNames = new Map<string, Name>();
  private readonly formatRuntime: Set<string>;

  constructor(
    readonly ir: IrModule,
    readonly format: string,
    private readonly prelude: Record<string, PreludeHelper>,
    runtimeNames: readonly string[],
    formatRuntimeNames: readonly string[],
  ) {
    this.definitions = definitionsOf(ir);
    this.leftRecursive = new Set([...leftRecursiveDefinitions(ir.definitions)].map((key) => this.definitions.get(key)!.node));
    // Fixed names first, so schema-derived names never take them.
    for (const name of [...runtimeNames, ...formatRuntimeNames, ...Object.values(FORMAT_FUNCTIONS)]) this.scope.claim(name);
    for (const name of Object.keys(prelude)) this.preludeNames.set(name, this.scope.claim(name));
    // Helpers moved to the format's runtime are imported from there too.
    this.formatRuntime = new Set([...formatRuntimeNames, ...Object.values(prelude).flatMap((helper) => helper.formatRuntime)]);
  }

  /** A runtime import, by its exported name. */
  runtime(name: string): Code {
    if (this.formatRuntime.has(name)) this.formatImports.add(name);
    else this.runtimeImports.add(name);
    return new Code(name);
  }

  /** A type exported by the runtime, imported type-only. */
  runtimeType(name: string): Code {
    (this.formatRuntime.has(name) ? this.formatTypeImports : this.runtimeTypeImports).add(name);
    return new Code(name);
  }

  /** A `format` check imported from `<runtime>/formats`, by its exported name. */
  formatCheck(name: string): Code {
    this.formatCheckImports.add(name);
    return new Code(name);
  }

  /** A prelude helper's name; marks it (and what it uses) for inclusion. */
  use(name: string): Name {
    const found = this.preludeNames.get(name);
    if (found === undefined) throw new Error(`no prelude helper ${name}`);
    if (!this.preludeUsed.has(name)) {
      this.preludeUsed.add(name);
      const helper = this.prelude[name];
      for (const dependency of helper.uses) this.use(dependency);
      for (const runtime of helper.runtime) this.runtime(runtime);
      for (const runtime of helper.formatRuntime) this.runtime(runtime);
    }
    return found;
  }

  /** Whether the format's prelude has helper `name` (some helpers only some formats' runtimes have). */
  offers(name: string): boolean {
    return this.preludeNames.has(name);
  }

  /** Prelude sources in a stable (declaration) order. */
  preludeText(): string[] {
    return Object.keys(this.prelude)
      // A helper moved to the runtime has no text: it is imported, not emitted.
      .filter((name) => this.preludeUsed.has(name) && this.prelude[name].text !== '')
      .map((name) => this.prelude[name].text.replace(/__FORMAT__/g, literal(this.format).text));
  }

  /** Hoists a constant; identical initialisers share one name. */
  constant(text: string, init: Code, doc: string): Name {
    const existing = this.constantsByInit.get(init.text);
    if (existing !== undefined) return existing;
    const name = this.scope.fresh(text, { pascal: 'constant', fallback: 'CONSTANT' });
    this.constantsByInit.set(init.text, name);
    this.constants.push({ name, doc: commentText(doc), init });
    return name;
  }
}

/** Readable words for a schema path: `#/$defs/doc/properties/tags/items` → `doc tags item`. */
export function pathWords(schemaPath: string, rootName: string): string {
  const tokens = schemaPath.replace(/^#\/?/, '').split('/').filter((token) => token !== '').map(unescapePointerToken);
  const out: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token === '$defs' || token === 'definitions' || token === 'properties') continue;
    if (token === 'items' || token === 'prefixItems' || token === 'additionalItems') out.push('item');
    else if (token === 'additionalProperties') out.push('value');
    else if (token === 'patternProperties') {
      out.push('pattern');
      index++;
    } else if (token === 'oneOf' || token === 'anyOf' || token === 'allOf') out.push('variant');
    else out.push(token);
  }
  if (out.length === 0 || !schemaPath.startsWith('#/$defs') && !schemaPath.startsWith('#/definitions')) out.unshift(rootName);
  return out.join(' ');
}

/**
 * The JSDoc of a generated function: what it does, then `@schema` with the path. The schema's
 * description and `deprecated` are on the type the function reads or writes, not repeated here.
 */
export function functionDocs(summary: string, node: IrNode): string[] {
  return summary === '' ? [`@schema ${node.schemaPath}`] : [summary, `@schema ${node.schemaPath}`];
}
