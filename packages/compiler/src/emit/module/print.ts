/**
 * Lays out a generated module's statements: imports, type aliases, constants and functions with
 * their JSDoc, as ts-morph's `printStructure` laid them out when the compiler used it (the same
 * bytes): a blank line before a function and after a `}`, bodies indented by two spaces. Every
 * text given here is already safe source (`Code`, checked names, `commentText`); this only places
 * it, so the compiler needs neither ts-morph nor TypeScript to write a module.
 */
import { commentText } from './code.js';

/** A function declaration; `body` undefined declares it (`export declare function …;`, for a `.d.ts`). */
export interface FunctionStatement {
  name: string;
  /** JSDoc lines (plain text; escaped here). */
  docs: string[];
  exported: boolean;
  /** `name: Type` in TypeScript, `name` in JavaScript. */
  params: string[];
  /** Undefined in JavaScript. */
  returnType: string | undefined;
  body: string | undefined;
}

export type Statement = string | FunctionStatement;

/** The statements, laid out; ends with one line break. */
export function printStatements(statements: readonly Statement[]): string {
  let out = '';
  for (const statement of statements) {
    const isFunction = typeof statement !== 'string';
    if (out !== '') out += isFunction || out.trimEnd().endsWith('}') ? '\n\n' : '\n';
    out += isFunction ? functionText(statement) : statement;
  }
  return `${out}\n`;
}

function functionText(statement: FunctionStatement): string {
  const modifiers = `${statement.exported ? 'export ' : ''}${statement.body === undefined ? 'declare ' : ''}`;
  const returnType = statement.returnType === undefined ? '' : `: ${statement.returnType}`;
  const head = `${jsDoc(statement.docs)}\n${modifiers}function ${statement.name}(${statement.params.join(', ')})${returnType}`;
  if (statement.body === undefined) return `${head};`;
  const body = statement.body.split('\n').map((line) => (line === '' ? '' : `  ${line}`));
  return `${head} {\n${body.join('\n')}\n}`;
}

/** `import { a, b as c, type D } from 'module';` */
export function importStatement(specifiers: readonly string[], moduleSpecifier: string): string {
  return `import { ${specifiers.join(', ')} } from '${moduleSpecifier}';`;
}

/** A type alias with its JSDoc. */
export function typeAliasStatement(name: string, type: string, exported: boolean, docs: string[]): string {
  return `${jsDoc(docs)}\n${exported ? 'export ' : ''}type ${name} = ${type};`;
}

/** A `const` with a one-line JSDoc; the lines of a multi-line initialiser after the first hang one level deeper. */
export function constStatement(name: string, init: string, doc: string): string {
  return `${jsDoc([doc])}\nconst ${name} = ${init.replace(/\n(?=.)/g, '\n  ')};`;
}

/**
 * JSDoc from plain lines: one line stays one line (`/** @schema #/… *\/`); otherwise the lines
 * that do not start with `@` are the description, then the `@tag text` lines, one per line.
 */
export function jsDoc(lines: readonly string[]): string {
  if (lines.length === 1) return oneLine(commentText(lines[0], 400));
  const description = lines.filter((line) => !line.startsWith('@')).map((line) => commentText(line, 400));
  const tags = lines
    .filter((line) => line.startsWith('@'))
    .map((line) => {
      const space = line.indexOf(' ');
      return space < 0 ? line : `${line.slice(0, space)} ${commentText(line.slice(space + 1), 400)}`;
    });
  const descriptionText = description.join('\n');
  const text = (descriptionText === '' ? tags : [descriptionText, ...tags]).join('\n').split('\n');
  if (text.length === 1) return oneLine(text[0]);
  return `/**\n${text.slice(text[0] === '' ? 1 : 0).map((line) => (line === '' ? ' *' : ` * ${line}`)).join('\n')}\n */`;
}

function oneLine(text: string): string {
  return text === '' ? '/** */' : `/** ${text} */`;
}
