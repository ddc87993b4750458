import { Code, sourceFor } from './code.js';
import type { FunctionSpec, ModuleContext } from './context.js';
import { constStatement, importStatement, printStatements, typeAliasStatement, type FunctionStatement, type Statement } from './print.js';

/**
 * Format-neutral module assembly: imports, types, hoisted constants, prelude helpers, functions
 * and the exported API, in a fixed order so the output is deterministic.
 */

export interface TypeSpec {
  name: Code;
  type: Code;
  exported: boolean;
  docs: string[];
}

export interface ModuleParts {
  /** First line: the `@generated` preamble. */
  preamble: string;
  /** Import specifiers: the runtime and the format's subpath. */
  runtimeModule: string;
  formatModule: string;
  types: TypeSpec[];
  /** Module state declared after the prelude (shared writer/reader). */
  state: Code[];
  /** Exported API functions (after the internal ones). */
  api: FunctionSpec[];
}

/** A module's text, and for the JS target its `.d.ts`. */
export interface AssembledModule {
  text: string;
  /** JS target: the `.d.ts` (types and the exported functions' signatures). */
  declarations: string | undefined;
}

/**
 * `mode: 'module'` gives an ES module, in TypeScript or JavaScript (`target`). `mode: 'function'`
 * gives the JS body of a function that takes the runtime, the format runtime and the `format`
 * checks as arguments and returns `{ exports }` (for `compileCodec`): the same code with the
 * imports and `export` keywords replaced. JavaScript is the TypeScript without its types, written
 * directly (`sourceFor`), and the `.d.ts` is the types and signatures the TypeScript has: no
 * TypeScript pass over the module (for the vector schema's 10 MB module, parsing and printing it
 * took 6.6 of the compile's 9.7 s).
 */
export function assembleModule(context: ModuleContext, parts: ModuleParts, mode: 'module' | 'function', target: 'ts' | 'js'): AssembledModule {
  const typescript = mode === 'module' && target === 'ts';
  const types = parts.types.map((type) => typeAliasStatement(type.name.text, type.type.text, mode === 'module' && type.exported, type.docs));
  const statements: Statement[] = [...importStatements(context, parts, mode, typescript)];
  if (typescript) statements.push(...types);
  for (const constant of context.constants) statements.push(constStatement(constant.name.text, constant.init.text, constant.doc));
  statements.push(...context.preludeText());
  statements.push(...parts.state.map((state) => state.text));
  for (const spec of context.functions) statements.push(functionStatement(spec, false, typescript));
  for (const spec of parts.api) statements.push(functionStatement(spec, mode === 'module' && spec.exported, typescript));
  if (mode === 'function') statements.push(`return { ${parts.api.map((spec) => spec.name.text).join(', ')} };`);
  const text = sourceFor(`${parts.preamble}\n\n${printStatements(statements)}`, typescript ? 'ts' : 'js');
  if (mode === 'function' || target === 'ts') return { text, declarations: undefined };
  const signatures = parts.api.map((spec) => ({ ...functionStatement(spec, spec.exported, true), body: undefined }));
  const declared = typesDeclared(parts.types, signatures.map((signature) => `${signature.params.join(', ')}: ${signature.returnType}`));
  // In a `.d.ts` every declaration is exported unless the file says `export {}`: a module-private type stays private.
  const closing = [...declared].some((type) => !type.exported) ? ['export {};'] : [];
  const declarations = printStatements([...types.filter((_, index) => declared.has(parts.types[index])), ...signatures, ...closing]);
  return { text, declarations: sourceFor(`${parts.preamble}\n\n${declarations}`, 'ts') };
}

/**
 * The types a `.d.ts` declares: the exported ones and the others they or the exported signatures
 * name (a module-private type no export reaches is left out, as TypeScript's declaration emit does).
 */
function typesDeclared(types: readonly TypeSpec[], signatures: readonly string[]): Set<TypeSpec> {
  const declared = new Set(types.filter((type) => type.exported));
  let pending = types.filter((type) => !type.exported);
  let texts = [...signatures, ...[...declared].map((type) => type.type.text)];
  while (pending.length > 0 && texts.length > 0) {
    const reached = pending.filter((type) => texts.some((text) => new RegExp(`(?<![\\w$])${type.name.text}(?![\\w$])`).test(text)));
    for (const type of reached) declared.add(type);
    pending = pending.filter((type) => !declared.has(type));
    texts = reached.map((type) => type.type.text);
  }
  return declared;
}

/** The module's imports (type-only ones in TypeScript alone) and the rebinding of imported values; a function body destructures its arguments instead. */
function importStatements(context: ModuleContext, parts: ModuleParts, mode: 'module' | 'function', typescript: boolean): string[] {
  const runtime = [...context.runtimeImports].sort();
  const format = [...context.formatImports].sort();
  const formatChecks = [...context.formatCheckImports].sort();
  if (mode === 'function') {
    const statements = [`const { ${runtime.join(', ')} } = runtime;`, `const { ${format.join(', ')} } = formatRuntime;`];
    if (formatChecks.length > 0) statements.push(`const { ${formatChecks.join(', ')} } = formatChecks;`);
    return statements;
  }
  const statements: string[] = [];
  // Values are imported under an alias and bound again below (but those only read as the module loads); types are imported as types.
  const rebind = (name: string) => isRebound(name) && !context.loadTimeImports.has(name);
  const named = (values: string[], types: Set<string>) =>
    [...values.map((name) => ({ name, specifier: rebind(name) ? `${name} as ${importAlias(name)}` : name })), ...(typescript ? [...types] : []).map((name) => ({ name, specifier: `type ${name}` }))]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((entry) => entry.specifier);
  const imports: [string[], Set<string>, string][] = [[runtime, context.runtimeTypeImports, parts.runtimeModule], [format, context.formatTypeImports, parts.formatModule], [formatChecks, new Set(), `${parts.runtimeModule}/formats`]];
  for (const [names, types, moduleSpecifier] of imports) {
    const specifiers = named(names, types);
    if (specifiers.length > 0) statements.push(importStatement(specifiers, moduleSpecifier));
  }
  const rebound = [...runtime, ...format, ...formatChecks].filter(rebind);
  if (rebound.length > 0) statements.push(`${REBIND_COMMENT}\nconst ${rebound.map((name) => `${name} = ${importAlias(name)}`).join(', ')};`);
  return statements;
}

/**
 * Imported functions and constants are bound again to module-local consts. An ES import is a live
 * binding: V8's optimised code reloads it from the module cell and checks it against the call
 * target at every use, while a `const` of a module (or of compileCodec's closure) that is created
 * once is folded into the code as a constant. Measured on tokens (bench `.tmp` A/B, V8 11.3):
 * TurboFan code of readTokensTrueFalseAndNullItem 568 → 384 bytes, decode 1076 → 852, the same
 * sizes as compileCodec's output. Classes stay plain imports: the TypeScript target uses them as types.
 */
const REBIND_COMMENT = '/** Imports bound again as module constants: V8 folds a const into optimised code, not an import. */';

function isRebound(name: string): boolean {
  return !/^[A-Z][a-z]/.test(name);
}

/** The alias of a rebound import; `$` never occurs in a schema-derived name (see `identifierBody`). */
function importAlias(name: string): string {
  return `${name}$import`;
}

function functionStatement(spec: FunctionSpec, exported: boolean, typescript: boolean): FunctionStatement {
  return {
    name: spec.name.text,
    docs: spec.docs,
    exported,
    // `name: Type` or `name?: Type`; JavaScript keeps the name alone.
    params: spec.params.map((param) => (typescript ? param.text : param.text.slice(0, param.text.indexOf(': ')).replace(/\?$/, ''))),
    returnType: typescript ? spec.returnType.text : undefined,
    body: spec.body.text,
  };
}
