import type { IrArray, IrLiteral, IrNode, IrNumber, IrObject, IrString } from '../../ir/types.js';
import type { JsonType } from '../../plan/shape.js';
import { SchemaError } from '../../errors.js';
import { SchemaErrorCode } from '../../schema/codes.js';
import { Code, joinCode, joinLogical, js, jsonLiteral, type Lines, literal, numberLiteral, tsOnly } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';
import { FORMAT_FUNCTIONS } from '../../ir/formats.js';

/**
 * Assertion checks shared by encoders and decoders of every format. Each takes the value as an
 * expression whose JSON type is already established and a `fail` callback that makes the
 * direction's throw statement (encoders throw with a path, decoders with an offset).
 */

export type FailCode = 'unexpected-type' | 'schema-violation';
/** Makes the throw statement for a failed check; `what` is plain text (it goes through `literal`), or an expression that makes it. */
export type Fail = (code: FailCode, what: string | Code) => Code;

/** `what` of a `Fail` as an expression. */
export function failText(what: string | Code): Code {
  return typeof what === 'string' ? literal(what) : what;
}

/**
 * The required properties' checks over their locals (`names[i]` read into `locals[i]`): one
 * test, and a failure text naming the first one missing built by the runtime's `missingText`
 * only when it fails, instead of one check and one message per property.
 */
export function requiredChecks(context: ModuleContext, names: readonly string[], locals: readonly Code[], fail: Fail, lines: Lines): void {
  if (names.length === 0) return;
  if (names.length === 1) {
    lines.line(js`if (${locals[0]} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(names[0])}`)}`);
    return;
  }
  const test = joinCode(locals.map((local) => js`${local} === undefined`), ' || ');
  const text = js`${context.use('missingText')}([${joinCode(names.map((name) => literal(name)), ', ')}], [${joinCode([...locals], ', ')}])`;
  lines.line(js`if (${test}) ${fail('schema-violation', text)}`);
}

/**
 * JSON Schema numeric assertions. `value` is a number, or with `typeTest` of unknown type: the
 * type test then joins the integer/finite test in one condition (which TS also narrows on).
 */
export function numberChecks(context: ModuleContext, node: IrNumber, value: Code, fail: Fail, lines: Lines, typeTest = false): void {
  const isNumber = typeTest ? js`typeof ${value} !== 'number' || ` : new Code('');
  // JSON has no NaN or infinities; ajv's default (strictNumbers) rejects them too.
  if (node.integer) lines.line(js`if (${isNumber}!Number.isInteger(${value})) ${fail('unexpected-type', 'expected integer')}`);
  else lines.line(js`if (${isNumber}!Number.isFinite(${value})) ${fail('unexpected-type', 'expected a finite number')}`);
  if (node.minimum !== undefined) lines.line(js`if (${value} < ${numberLiteral(node.minimum)}) ${fail('schema-violation', `must be >= ${node.minimum}`)}`);
  if (node.maximum !== undefined) lines.line(js`if (${value} > ${numberLiteral(node.maximum)}) ${fail('schema-violation', `must be <= ${node.maximum}`)}`);
  if (node.exclusiveMinimum !== undefined) {
    lines.line(js`if (${value} <= ${numberLiteral(node.exclusiveMinimum)}) ${fail('schema-violation', `must be > ${node.exclusiveMinimum}`)}`);
  }
  if (node.exclusiveMaximum !== undefined) {
    lines.line(js`if (${value} >= ${numberLiteral(node.exclusiveMaximum)}) ${fail('schema-violation', `must be < ${node.exclusiveMaximum}`)}`);
  }
  if (node.multipleOf !== undefined) {
    const isMultipleOf = context.use('isMultipleOf');
    lines.line(js`if (!${isMultipleOf}(${value}, ${numberLiteral(node.multipleOf)})) ${fail('schema-violation', `must be a multiple of ${node.multipleOf}`)}`);
  }
}

/** Whether a number schema asserts more than its type (bounds, `multipleOf`). */
export function hasNumberAssertions(node: IrNumber): boolean {
  return node.minimum !== undefined || node.maximum !== undefined || node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined || node.multipleOf !== undefined;
}

/**
 * The bounds arguments of the runtime's one-call number readers and checks (`readIntegerItem`,
 * `expectFinite`, …) when a number schema asserts inclusive bounds at most: none, `minimum`, or
 * `minimum` (or -Infinity) and `maximum`; undefined when it asserts more (exclusive bounds,
 * `multipleOf`), which the generated checks spell out.
 */
export function boundsArguments(node: IrNumber): Code[] | undefined {
  if (node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined || node.multipleOf !== undefined) return undefined;
  if (node.maximum !== undefined) return [numberLiteral(node.minimum ?? -Infinity), numberLiteral(node.maximum)];
  return node.minimum !== undefined ? [numberLiteral(node.minimum)] : [];
}

/** Whether a string schema asserts more than its type (lengths, `pattern`, `format`). */
export function hasStringAssertions(node: IrString): boolean {
  return node.minLength !== undefined || node.maxLength !== undefined || node.pattern !== undefined || node.format !== undefined;
}

/** JSON Schema string assertions (`value` is a string); lengths count code points. */
export function stringChecks(context: ModuleContext, node: IrString, value: Code, fail: Fail, lines: Lines): void {
  if (node.minLength !== undefined && node.minLength > 0) {
    const codePoints = context.use('codePoints');
    // A string of n UTF-16 units has at least n/2 code points: count only when that is not enough.
    lines.line(
      js`if (${value}.length < ${node.minLength * 2} && ${codePoints}(${value}) < ${node.minLength}) ${fail('schema-violation', `must be at least ${node.minLength} characters long`)}`,
    );
  }
  if (node.maxLength !== undefined) {
    const codePoints = context.use('codePoints');
    lines.line(
      js`if (${value}.length > ${node.maxLength} && ${codePoints}(${value}) > ${node.maxLength}) ${fail('schema-violation', `must be at most ${node.maxLength} characters long`)}`,
    );
  }
  if (node.pattern !== undefined) {
    const pattern = patternConstant(context, node.pattern, node.schemaPath);
    lines.line(js`if (!${pattern}.test(${value})) ${fail('schema-violation', `must match the pattern ${node.pattern}`)}`);
  }
  if (node.format !== undefined) lines.line(js`if (!${formatHelper(context, node)}(${value})) ${fail('schema-violation', `must be a valid ${node.format}`)}`);
}

/**
 * The runtime function that checks `node.format` (JSON Schema 2020-12 Validation §7.3), imported
 * from `@binschema/runtime/formats`, where each is written and tested against its RFC. The table
 * is the front end's (`ir/formats.ts`: it runs the same checks on `enum`/`const` values and only
 * lets asserted formats through).
 */
function formatHelper(context: ModuleContext, node: IrString): Code {
  const helper = Object.prototype.hasOwnProperty.call(FORMAT_FUNCTIONS, node.format!) ? FORMAT_FUNCTIONS[node.format!] : undefined;
  if (helper === undefined) {
    throw new SchemaError(SchemaErrorCode.UnsupportedKeyword, `format assertion ${JSON.stringify(node.format)} is not supported`, node.schemaPath, context.ir.source);
  }
  return context.formatCheck(helper);
}

/** The schema pattern compiled here (to test names known at compile time); SchemaError if invalid. */
export function patternRegExp(context: ModuleContext, source: string, schemaPath: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch {
    throw new SchemaError(SchemaErrorCode.InvalidPattern, 'pattern is not a valid ECMA-262 regular expression with the u flag', schemaPath, context.ir.source);
  }
}

/** A hoisted `u` RegExp for a schema pattern (unanchored: JSON Schema searches). */
export function patternConstant(context: ModuleContext, source: string, schemaPath: string): Code {
  patternRegExp(context, source, schemaPath);
  return context.constant('pattern', js`new RegExp(${literal(source)}, 'u')`, `pattern ${source} (first used at ${schemaPath})`);
}

/** Item-count assertions of an array (`length` is its length). */
export function arrayCountChecks(node: IrArray, length: Code, fail: Fail, lines: Lines): void {
  if (node.minItems !== undefined && node.minItems > 0) {
    lines.line(js`if (${length} < ${node.minItems}) ${fail('schema-violation', `must have at least ${node.minItems} items`)}`);
  }
  if (node.maxItems !== undefined) lines.line(js`if (${length} > ${node.maxItems}) ${fail('schema-violation', `must have at most ${node.maxItems} items`)}`);
  if (node.items.kind === 'never') {
    const most = node.prefixItems.length;
    if (node.maxItems === undefined || node.maxItems > most) {
      lines.line(js`if (${length} > ${most}) ${fail('schema-violation', `must have at most ${most} items`)}`);
    }
  }
}

/** Whether a built array has checks after its items, failing at its start (`arrayCountChecks`, `uniqueCheck`). */
export function hasArrayChecks(node: IrArray): boolean {
  return (node.minItems !== undefined && node.minItems > 0) || node.maxItems !== undefined || node.items.kind === 'never' || node.uniqueItems === true;
}

/** `uniqueItems` on a built array. */
export function uniqueCheck(context: ModuleContext, node: IrArray, items: Code, fail: Fail, lines: Lines): void {
  if (node.uniqueItems !== true) return;
  lines.line(js`if (${context.use('hasDuplicates')}(${items})) ${fail('schema-violation', 'must not contain equal items')}`);
}

/** Property-count assertions of an object (`count` is its number of keys). */
export function propertyCountChecks(node: IrObject, count: Code, fail: Fail, lines: Lines): void {
  if (node.minProperties !== undefined && node.minProperties > 0) {
    lines.line(js`if (${count} < ${node.minProperties}) ${fail('schema-violation', `must have at least ${node.minProperties} properties`)}`);
  }
  if (node.maxProperties !== undefined) {
    lines.line(js`if (${count} > ${node.maxProperties}) ${fail('schema-violation', `must have at most ${node.maxProperties} properties`)}`);
  }
}

/** Primitive enum values past this many are looked up in a hoisted `Set` instead of compared in turn. */
const MAX_COMPARED_VALUES = 8;

/** `const`/`enum`: primitives compare with `===`, structured values with JSON deep equality. */
export function literalCondition(context: ModuleContext, node: IrLiteral, value: Code): Code {
  if (node.values.length === 0) return new Code('false');
  const primitives = node.values.filter((candidate) => candidate === null || typeof candidate !== 'object');
  const structured = node.values.filter((candidate) => candidate !== null && typeof candidate === 'object');
  const tests: Code[] = [];
  if (primitives.length > MAX_COMPARED_VALUES) {
    // Set.has is SameValueZero: for JSON primitives (no NaN) the same verdicts as `===`.
    const members = new Code(`new Set${tsOnly(new Code('<unknown>')).text}([${primitives.map((candidate) => jsonLiteral(candidate).text).join(', ')}])`);
    tests.push(js`${context.constant('values', members, `the enum values of ${node.schemaPath}`)}.has(${value})`);
  }
  const compared = primitives.length > MAX_COMPARED_VALUES ? structured : node.values;
  tests.push(...compared.map((candidate) => {
    if (candidate === null || typeof candidate !== 'object') return js`${value} === ${jsonLiteral(candidate)}`;
    const constant = context.constant('value', jsonLiteral(candidate), `the constant ${JSON.stringify(candidate)} (first used at ${node.schemaPath})`);
    return js`${context.use('jsonEqual')}(${value}, ${constant})`;
  }));
  return joinLogical(tests, '||');
}

/** The message of a failed `const`/`enum`. */
export function literalMessage(node: IrLiteral): string {
  return node.values.length === 1 ? `must equal ${JSON.stringify(node.values[0])}` : `must be one of ${JSON.stringify(node.values)}`;
}

/** The JSON types a union's variants take, for its failure when the value has none of them: `array or object`. */
export function describeTypes(types: Set<JsonType>[]): string {
  const all = new Set<string>();
  for (const set of types) for (const type of set) all.add(type);
  return [...all].sort().join(' or ');
}

/** `propertyNames`: checks a key (a string) against its schema without encoding it. */
export function propertyNameChecks(context: ModuleContext, node: IrNode, key: Code, fail: Fail, lines: Lines): void {
  const condition = stringCondition(context, node, key, new Set());
  if (condition.text === 'true') return;
  lines.line(js`if (!(${condition})) ${fail('schema-violation', 'property name does not match propertyNames')}`);
}

/** A boolean expression: the string `value` is valid under `node` (keys are always strings). */
function stringCondition(context: ModuleContext, node: IrNode, value: Code, seen: Set<string>): Code {
  if (node.checks !== undefined) {
    throw new SchemaError(SchemaErrorCode.UnsupportedKeyword, 'propertyNames with not/if/dependent*/contains is not supported', node.schemaPath, context.ir.source);
  }
  switch (node.kind) {
    case 'any':
      return new Code('true');
    case 'string': {
      const tests: Code[] = [];
      if (node.minLength !== undefined && node.minLength > 0) tests.push(js`${context.use('codePoints')}(${value}) >= ${node.minLength}`);
      if (node.maxLength !== undefined) tests.push(js`${context.use('codePoints')}(${value}) <= ${node.maxLength}`);
      if (node.pattern !== undefined) tests.push(js`${patternConstant(context, node.pattern, node.schemaPath)}.test(${value})`);
      if (node.format !== undefined) tests.push(js`${formatHelper(context, node)}(${value})`);
      if (tests.length <= 1) return tests[0] ?? new Code('true');
      return new Code(`(${tests.map((test) => test.text).join(' && ')})`);
    }
    case 'literal':
      return new Code(`(${literalCondition(context, node, value).text})`);
    case 'union': {
      // Variants no string matches (the other JSON types of a schema without `type`) drop out at compile time.
      const variants = node.variants.map((variant) => stringCondition(context, variant, value, seen)).filter((variant) => variant.text !== 'false');
      if (variants.length === 0) return new Code('false');
      if (variants.length === 1) return variants[0];
      if (node.mode !== 'oneOf') return variants.some((variant) => variant.text === 'true') ? new Code('true') : new Code(`(${joinLogical(variants, '||').text})`);
      return new Code(`([${variants.map((variant) => variant.text).join(', ')}].filter(Boolean).length === 1)`);
    }
    case 'ref': {
      const target = context.definitions.get(node.target);
      if (target === undefined || seen.has(node.target)) {
        throw new SchemaError(SchemaErrorCode.UnsupportedKeyword, 'recursive propertyNames schema is not supported', node.schemaPath, context.ir.source);
      }
      return stringCondition(context, target.node, value, new Set([...seen, node.target]));
    }
    default:
      // never, and schemas of other types: no string is valid.
      return new Code('false');
  }
}
