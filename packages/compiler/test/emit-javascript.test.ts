// The JS target is written directly: TypeScript-only text is marked as the module is emitted
// (emit/module/code.ts `tsOnly`, `typed`, `cast`, `castOperand`) and `sourceFor` keeps or drops it,
// and the `.d.ts` is the module's types and exported signatures. TypeScript is the independent
// judge here: the JS must be what its type erasure makes of the TS target, and the `.d.ts` what
// its declaration emit makes of the whole TS module.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { compileCodec, compileSchema, type CompileOptions } from '../src/index.js';
import { cast, castOperand, Code, js, sourceFor, tsOnly, typed } from '../src/emit/module/code.js';
import { allTestSchemas } from './support/test-schemas.js';

const test = suite('JS target');

test('sourceFor keeps TypeScript-only text without its marks in TS and drops it in JS', () => {
  const line = js`const ${typed(new Code('items'), new Code('string[]'))} = ${cast(new Code('[]'), new Code('string[]'))}; f(${castOperand(new Code('value'), new Code('Record<string, unknown>'))}[key], new Set${tsOnly(new Code('<string>'))}());`;
  assert.is(sourceFor(line.text, 'ts'), 'const items: string[] = [] as string[]; f((value as Record<string, unknown>)[key], new Set<string>());');
  assert.is(sourceFor(line.text, 'js'), 'const items = []; f(value[key], new Set());');
});

test('a mark left open is an internal error, not JS with TypeScript in it', () => {
  assert.throws(() => sourceFor('let a\u0001: number;', 'js'), /internal: TypeScript-only text nested or unclosed/);
  assert.throws(() => sourceFor('let a\u0001: \u0001number\u0002\u0002;', 'js'), /internal: TypeScript-only text nested or unclosed/);
});

test('schema text carrying the mark characters stays escaped text in both targets', () => {
  const key = 'a\u0001: b\u0002c';
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    description: `marks \u0001 in \u0002 a description`,
    type: 'object',
    properties: { [key]: { enum: ['\u0001x\u0002', 'y'] }, plain: { type: 'string', pattern: '^\u0001?$' } },
    required: [key],
    additionalProperties: false,
  };
  for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
    for (const target of ['ts', 'js'] as const) {
      const text = compileSchema(schema, 'marks', { format, target }).map((file) => file.text).join('\n');
      assert.not.ok(/[\u0001\u0002]/.test(text), `${format} ${target}: a raw mark character in the output`);
    }
    const codec = compileCodec(schema, { format });
    const value = { [key]: '\u0001x\u0002', plain: '\u0001' };
    assert.equal(codec.decode(codec.encode(value)), value);
  }
});

/** A module as TypeScript prints it (without comments for JS), so layout does not count; empty imports (type-only ones erased) dropped. */
function normalised(text: string, kind = ts.ScriptKind.JS): string {
  const file = ts.createSourceFile(kind === ts.ScriptKind.JS ? 'module.js' : 'module.d.ts', text, ts.ScriptTarget.ES2022, true, kind);
  const printer = ts.createPrinter({ removeComments: kind === ts.ScriptKind.JS });
  return file.statements
    .filter((statement) => !(ts.isImportDeclaration(statement) && statement.importClause?.namedBindings !== undefined && ts.isNamedImports(statement.importClause.namedBindings) && statement.importClause.namedBindings.elements.length === 0))
    .map((statement) => printer.printNode(ts.EmitHint.Unspecified, statement, file))
    .join('\n');
}

function typeScriptErasure(text: string): string {
  return ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true } }).outputText;
}

/** TypeScript's `.d.ts` of the whole TS module (bodies included), as the JS target wrote it before it stopped parsing them. */
function typeScriptDeclarations(fileName: string, text: string): string {
  const outputs = new Map<string, string>();
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    declaration: true,
    verbatimModuleSyntax: true,
    noCheck: true,
    isolatedDeclarations: true,
    noLib: true,
    noResolve: true,
  };
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022);
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? file : undefined),
    writeFile: (name, output) => outputs.set(name, output),
    getDefaultLibFileName: () => 'lib.d.ts',
    useCaseSensitiveFileNames: () => true,
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => '',
    getNewLine: () => '\n',
    fileExists: (name) => name === fileName,
    readFile: () => undefined,
  };
  ts.createProgram([fileName], options, host).emit(undefined, undefined, undefined, true);
  return outputs.get(fileName.replace(/\.ts$/, '.d.ts'))!;
}

const VARIANTS: Partial<CompileOptions>[] = [{}, { codeSize: 'small' }, { layout: 'compact' }];
const schemas = allTestSchemas();

test('runs on the payload and feature schemas', () => {
  assert.ok(schemas.length >= 20, `${schemas.length} schemas`);
});

for (const { name, schema } of schemas) {
  test(`${name}: the JS is TypeScript's erasure of the TS, the .d.ts its declarations`, () => {
    for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
      for (const variant of VARIANTS) {
        const options = { format, ...variant };
        let typescript: string;
        try {
          typescript = compileSchema(schema, 'module', { ...options, target: 'ts' })[0].text;
        } catch (error) {
          // Compact layout refuses some shapes (open objects); the module does not exist in either target.
          if (variant.layout === 'compact' && (error as Error).name === 'SchemaError') continue;
          throw error;
        }
        const [javascript, declarations] = compileSchema(schema, 'module', { ...options, target: 'js' });
        const where = `${format} ${JSON.stringify(variant)}`;
        assert.is(normalised(javascript.text), normalised(typeScriptErasure(typescript)), where);
        // The @generated line is ours alone (TypeScript's declaration emit drops a file's leading comment).
        assert.is(normalised(declarations.text.replace(/^\/\/ @generated[^\n]*\n/, ''), ts.ScriptKind.TS), normalised(typeScriptDeclarations(`module.${format}.ts`, typescript), ts.ScriptKind.TS), where);
      }
    }
  });
}

test('the .d.ts opens with the @generated line, and declares no function body', () => {
  const [, declarations] = compileSchema({ type: 'object', properties: { a: { type: 'integer' } } }, 'point', { format: 'cbor', target: 'js' });
  assert.ok(declarations.text.startsWith('// @generated by @binschema/compiler '), declarations.text.slice(0, 80));
  assert.match(declarations.text, /^export declare function encode\(value: Root\): Uint8Array;$/m);
  assert.not.match(declarations.text, /\{\n/);
});

test.run();
