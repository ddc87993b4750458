import {
  printStructure,
  StructureKind,
  ts,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type JSDocStructure,
  type OptionalKind,
  type StatementStructures,
} from 'ts-morph';
import { Code, commentText } from './code.js';
import type { FunctionSpec, ModuleContext } from './context.js';

/**
 * Format-neutral module assembly with ts-morph: imports, types, hoisted constants, prelude
 * helpers, functions and the exported API, in a fixed order so the output is deterministic.
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

/**
 * `mode: 'module'` gives an ES module. `mode: 'function'` gives the body of a function that takes
 * the runtime, the format runtime and the `format` checks as arguments and returns `{ exports }` (for `compileCodec`):
 * the same code with the imports and `export` keywords replaced.
 */
export function assembleModule(context: ModuleContext, parts: ModuleParts, mode: 'module' | 'function'): string {
  const exported = mode === 'module';
  const runtime = [...context.runtimeImports].sort();
  const format = [...context.formatImports].sort();
  const formatChecks = [...context.formatCheckImports].sort();
  const statements: (string | StatementStructures)[] = [];
  if (mode === 'module') {
    // Values are imported under an alias and bound again below (but those only read as the module loads); types are imported as types.
    const rebind = (name: string) => isRebound(name) && !context.loadTimeImports.has(name);
    const named = (values: string[], types: Set<string>) =>
      [...values.map((name) => ({ name, specifier: importSpecifier(name, rebind(name)) })), ...[...types].map((name) => ({ name, specifier: { name, isTypeOnly: true } }))]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((entry) => entry.specifier);
    const imports: [string[], Set<string>, string][] = [[runtime, context.runtimeTypeImports, parts.runtimeModule], [format, context.formatTypeImports, parts.formatModule], [formatChecks, new Set(), `${parts.runtimeModule}/formats`]];
    for (const [names, types, moduleSpecifier] of imports.filter(([names, types]) => names.length + types.size > 0)) {
      statements.push({ kind: StructureKind.ImportDeclaration, namedImports: named(names, types), moduleSpecifier });
    }
    const rebound = [...runtime, ...format, ...formatChecks].filter(rebind);
    if (rebound.length > 0) statements.push(`${REBIND_COMMENT}\nconst ${rebound.map((name) => `${name} = ${importAlias(name)}`).join(', ')};`);
  } else {
    statements.push(`const { ${runtime.join(', ')} } = runtime;`, `const { ${format.join(', ')} } = formatRuntime;`);
    if (formatChecks.length > 0) statements.push(`const { ${formatChecks.join(', ')} } = formatChecks;`);
  }
  for (const type of parts.types) {
    statements.push({ kind: StructureKind.TypeAlias, name: type.name.text, type: type.type.text, isExported: exported && type.exported, docs: docs(type.docs) });
  }
  for (const constant of context.constants) {
    statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: constant.name.text, initializer: constant.init.text }],
      docs: [{ description: constant.doc }],
    });
  }
  statements.push(...context.preludeText());
  statements.push(...parts.state.map((state) => state.text));
  for (const spec of context.functions) statements.push(functionStructure(spec, false));
  for (const spec of parts.api) statements.push(functionStructure(spec, exported && spec.exported));
  if (mode === 'function') statements.push(`return { ${parts.api.map((spec) => spec.name.text).join(', ')} };`);
  // One structure, printed once and never parsed here: a source file of ts-morph's project would
  // parse the text (0.4 s for the vector schema's 5 MB module), and the JS target parses it anyway.
  const text = printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: 2, useSingleQuote: true });
  return `${parts.preamble}\n\n${text.trimEnd()}\n`;
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

function importSpecifier(name: string, rebound: boolean): string | { name: string; alias: string } {
  return rebound ? { name, alias: importAlias(name) } : name;
}

function functionStructure(spec: FunctionSpec, exported: boolean): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name: spec.name.text,
    isExported: exported,
    parameters: spec.params.map((param) => {
      const colon = param.text.indexOf(': ');
      return { name: param.text.slice(0, colon), type: param.text.slice(colon + 2) };
    }),
    returnType: spec.returnType.text,
    statements: spec.body.text,
    docs: docs(spec.docs),
  };
}

/** JSDoc from plain lines: the first lines are the description, `@tag text` lines become tags. */
function docs(lines: string[]): OptionalKind<JSDocStructure>[] {
  if (lines.length === 0) return [];
  // One line (an inner function's `@schema`) stays one line: `/** @schema #/… */`.
  if (lines.length === 1) return [{ description: commentText(lines[0], 400) }];
  const description = lines.filter((line) => !line.startsWith('@')).map((line) => commentText(line, 400));
  const tags = lines
    .filter((line) => line.startsWith('@'))
    .map((line) => {
      const space = line.indexOf(' ');
      return space < 0 ? { tagName: line.slice(1) } : { tagName: line.slice(1, space), text: commentText(line.slice(space + 1), 400) };
    });
  return [{ description: description.join('\n'), tags }];
}

function compilerOptions(): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    declaration: true,
    skipLibCheck: true,
    noEmitOnError: false,
    // Imports are written as they are meant (type-only ones marked), so the transpiler need not
    // resolve every identifier to elide unused imports: a quarter off transpiling a large module.
    verbatimModuleSyntax: true,
  };
}

/**
 * JS and declarations of a generated TS module, from the one file alone and one parse: a program
 * of that file with `noCheck` strips the types and, under `isolatedDeclarations`, writes the
 * declarations from the explicit types of what the module exports, as `transpileModule` and
 * `transpileDeclaration` do one parse each (the vector schema's 5 MB module: 1.35 s against
 * 1.77 s, the same bytes). A type-checked emit checked every function's control flow first: 27 s
 * for an object of 1,000 properties.
 */
export function emitJavaScript(fileName: string, source: string): { js: string; dts: string } {
  const options: ts.CompilerOptions = {
    ...compilerOptions(),
    noCheck: true,
    isolatedDeclarations: true,
    noLib: true,
    noResolve: true,
    allowNonTsExtensions: true,
    suppressOutputPathCheck: true,
  };
  const sourceFile = ts.createSourceFile(fileName, source, { languageVersion: options.target!, impliedNodeFormat: ts.ModuleKind.ESNext });
  const outputs = new Map<string, string>();
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? sourceFile : undefined),
    writeFile: (name, text) => outputs.set(name, text),
    getDefaultLibFileName: () => 'lib.d.ts',
    useCaseSensitiveFileNames: () => true,
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => '',
    getNewLine: () => '\n',
    fileExists: (name) => name === fileName,
    readFile: () => undefined,
  };
  const result = ts.createProgram([fileName], options, host).emit();
  const stem = fileName.replace(/\.ts$/, '');
  const js = outputs.get(`${stem}.js`);
  const dts = outputs.get(`${stem}.d.ts`);
  if (result.diagnostics.length > 0) {
    // Every export of a generated module is explicitly typed; a diagnostic here is a compiler bug.
    const message = ts.flattenDiagnosticMessageText(result.diagnostics[0].messageText, '\n');
    throw new Error(`internal: generated module ${fileName} has an export without an explicit type (${message})`);
  }
  if (js === undefined || dts === undefined) throw new Error(`internal: TypeScript wrote no JS or declarations for ${fileName}`);
  return { js: twoSpaceIndent(js), dts };
}

/**
 * TypeScript's printer indents by four spaces; the module is re-indented by two, as its `.ts`
 * form is. Every line break of generated code is between statements or in a comment (schema
 * text reaches it only as one-line escaped literals), so leading spaces are indentation: 4k + r
 * spaces (r: a JSDoc line's one) become 2k + r. A quarter of the JS bytes of the benchmark
 * schemas' modules were indentation.
 */
function twoSpaceIndent(text: string): string {
  return text.replace(/^((?: {4})+)/gm, (spaces) => spaces.slice(spaces.length / 2));
}

/** Strips types from a generated function body (for `compileCodec`), with the same compiler. */
export function transpileBody(body: string): string {
  const wrapped = `(function (runtime: any, formatRuntime: any, formatChecks: any) {\n${body}\n})`;
  const output = ts.transpileModule(wrapped, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  // The body runs strict either way; the directive is re-added by the caller's Function body.
  return output.trim().replace(/^"use strict";\s*/, '').replace(/;$/, '');
}
