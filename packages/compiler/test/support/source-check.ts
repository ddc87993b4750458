/**
 * Reads generated TypeScript with the TypeScript parser (an independent judge of what the code
 * means), for the hostile-schema suite: syntax errors, the identifiers that occur, and the shape
 * of the top-level statements. A hostile string that escaped its literal or comment shows up as a
 * syntax error, a marker identifier (`PWNED_n`), or extra statements compared with the output for
 * a benign string in the same place.
 */
import ts from 'typescript';

export interface SourceFacts {
  syntaxErrors: string[];
  identifiers: Set<string>;
  /** Kinds of the top-level statements, in order (`ImportDeclaration`, `FunctionDeclaration`…). */
  statements: string[];
}

export function inspectSource(text: string, fileName = 'generated.ts'): SourceFacts {
  const transpiled = ts.transpileModule(text, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  const syntaxErrors = (transpiled.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const identifiers = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { syntaxErrors, identifiers, statements: file.statements.map(statementKind) };
}

function statementKind(statement: ts.Statement): string {
  // SyntaxKind's reverse map names VariableStatement by its alias FirstStatement.
  return ts.isVariableStatement(statement) ? 'VariableStatement' : ts.SyntaxKind[statement.kind];
}

/** Marker identifiers planted in hostile strings (see fixtures/differential/hostile-cases.ts). */
export const MARKER = /^PWNED_\d+$/;

/** Markers that became globals: an injected statement ran. */
export function plantedGlobals(): string[] {
  return Object.keys(globalThis).filter((key) => MARKER.test(key));
}
