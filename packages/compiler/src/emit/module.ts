import {
  IndentationText,
  Project,
  QuoteKind,
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
export function assembleModule(context: ModuleContext, parts: ModuleParts, fileName: string, mode: 'module' | 'function'): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: compilerOptions(),
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  });
  const exported = mode === 'module';
  const runtime = [...context.runtimeImports].sort();
  const format = [...context.formatImports].sort();
  const formatChecks = [...context.formatCheckImports].sort();
  const statements: (string | StatementStructures)[] = [];
  if (mode === 'module') {
    const named = (values: string[], types: Set<string>) =>
      [...values.map((name) => ({ name })), ...[...types].map((name) => ({ name, isTypeOnly: true }))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (runtime.length + context.runtimeTypeImports.size > 0) statements.push({ kind: StructureKind.ImportDeclaration, namedImports: named(runtime, context.runtimeTypeImports), moduleSpecifier: parts.runtimeModule });
    if (format.length + context.formatTypeImports.size > 0) statements.push({ kind: StructureKind.ImportDeclaration, namedImports: named(format, context.formatTypeImports), moduleSpecifier: parts.formatModule });
    if (formatChecks.length > 0) statements.push({ kind: StructureKind.ImportDeclaration, namedImports: formatChecks, moduleSpecifier: `${parts.runtimeModule}/formats` });
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
  // One structure, printed once: incremental manipulation would re-parse the file per statement.
  const file = project.createSourceFile(fileName, { statements }, { overwrite: true });
  return `${parts.preamble}\n\n${file.getFullText().trimEnd()}\n`;
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
  };
}

/** JS and declarations of a generated TS module (ts-morph emit; types are not checked here). */
export function emitJavaScript(fileName: string, source: string): { js: string; dts: string } {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: compilerOptions() });
  project.createSourceFile(fileName, source, { overwrite: true });
  const result = project.emitToMemory();
  let js = '';
  let dts = '';
  for (const file of result.getFiles()) {
    if (file.filePath.endsWith('.d.ts')) dts = file.text;
    else if (file.filePath.endsWith('.js')) js = file.text;
  }
  return { js, dts };
}

/** Strips types from a generated function body (for `compileCodec`), with the same compiler. */
export function transpileBody(body: string): string {
  const wrapped = `(function (runtime: any, formatRuntime: any, formatChecks: any) {\n${body}\n})`;
  const output = ts.transpileModule(wrapped, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  // The body runs strict either way; the directive is re-added by the caller's Function body.
  return output.trim().replace(/^"use strict";\s*/, '').replace(/;$/, '');
}
