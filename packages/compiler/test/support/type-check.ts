/** Type-checks files the way a user's strict TypeScript project would (NodeNext, no emit). */
import ts from 'typescript';

const STRICT: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
};

/** The diagnostics of `roots` and what they import, as messages (`[]` when they type-check). */
export function strictDiagnostics(roots: string[], extra: ts.CompilerOptions = {}): string[] {
  return ts.getPreEmitDiagnostics(ts.createProgram(roots, { ...STRICT, ...extra })).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
