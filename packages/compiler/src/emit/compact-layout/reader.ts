import type { IrLiteral, IrObject } from '../../ir/types.js';
import { Code, comment, js, jsonLiteral, Lines, literal, typed } from '../module/code.js';
import { literalMessage, propertyCountChecks, type Fail } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { buildResult, type FixedLocals } from '../specialised/object-reader.js';
import { compactPositions, type CompactPositions } from './positions.js';
import type { DecoderEmitter } from '../specialised/decoder.js';
import { VariantFunctions } from './variant-functions.js';

/**
 * What the compact layout's decoders share across formats (README "Compact layout"): the locals
 * of a positional object, its required checks and result (the map layout's), enums from their
 * index and the per-variant read functions. The formats differ only in how they read bytes.
 */

/**
 * The start of a positional object's reader, the same in every format: the fixed locals (the
 * format's own, `formatLocals`, among them), the depth guard, the statements that set `start`
 * (`startLines`), one local per declared property and the extras.
 */
export function beginCompactReader<Own extends string>(
  emitter: DecoderEmitter,
  node: IrObject,
  scope: NameScope,
  lines: Lines,
  variant: number | undefined,
  formatLocals: readonly Own[],
  startLines: (start: Name) => Code[],
): { frame: CompactReadFrame; own: Record<Own, Name> } {
  // Fixed locals first, so property locals (named after the schema) get suffixes, not these.
  const [start, count] = ['start', 'count'].map((fixed) => scope.claim(fixed));
  const own = Object.fromEntries(formatLocals.map((name) => [name, scope.claim(name)])) as Record<Own, Name>;
  const [extras, rest, key, entry] = ['extras', 'rest', 'key', 'entry'].map((fixed) => scope.claim(fixed));
  const result = resultLocals(scope, key);
  const positions = compactPositions(node);
  emitter.depthGuard(node, lines);
  for (const line of startLines(start)) lines.line(line);
  const locals = declarePropertyLocals(emitter, node, positions, scope, lines);
  lines.line(js`let ${typed(extras, new Code('unknown[] | undefined'))};`);
  const frame = { emitter, node, scope, positions, shift: variant === undefined ? 0 : 1, locals, start, count, extras, rest, key, entry, result, fail: emitter.failAt(node, start) };
  return { frame, own };
}

/** One local per declared property; a required constant is not on the wire: its value is put back. */
function declarePropertyLocals(emitter: DecoderEmitter, node: IrObject, positions: CompactPositions, scope: NameScope, lines: Lines): Name[] {
  return node.properties.map((property, index) => {
    const local = scope.fresh(property.name, { fallback: 'property' });
    if (positions.omitted.includes(index)) lines.line(js`const ${local} = ${jsonLiteral((property.node as IrLiteral).values[0])};`);
    else lines.line(js`let ${typed(local, js`${emitter.type(property.node)} | undefined`)};`);
    return local;
  });
}

/** The locals `buildResult` and `readUndeclaredEntry` use (the others of the map layout's `FixedLocals` are unused here). */
function resultLocals(scope: NameScope, key: Name): FixedLocals {
  const [result, pair, at, item, valueStart, matched] = ['result', 'pair', 'at', 'item', 'valueStart', 'matched'].map((fixed) => scope.claim(fixed));
  const unused = result;
  return { result, pair, at, key, item, valueStart, matched, expected: unused, field: unused, sparse: unused, reserved: {} };
}

/** What `finishObject` needs of a positional object's reader. */
export interface FinishFrame {
  emitter: DecoderEmitter;
  node: IrObject;
  positions: CompactPositions;
  locals: Name[];
  extras: Name;
  result: FixedLocals;
  /** Fails at the object's start. */
  fail: Fail;
}

/** What the parts of a positional object's reader share, in every format. */
export interface CompactReadFrame extends FinishFrame {
  scope: NameScope;
  /** Elements before the first position: 1 for a union variant (its index). */
  shift: number;
  start: Name;
  count: Name;
  rest: Name;
  key: Name;
  entry: Name;
}

/** The sparse form's record of positions read: the bits of a number up to 32 positions, a byte per position past that (up to 4096). */
export function declareSeen(seen: Name, slots: number, lines: Lines): void {
  if (slots > 0) lines.line(slots > 32 ? js`const ${seen} = new Uint8Array(${slots});` : js`let ${seen} = 0;`);
}

/** Refuses a position read before (at its key, `failAtKey`), then records it. */
export function markSeen(seen: Name, slots: number, position: Name, failAtKey: Fail, lines: Lines): void {
  if (slots > 32) {
    lines.line(js`if (${seen}[${position}] !== 0) ${failAtKey('schema-violation', 'a position repeated')}`);
    lines.line(js`${seen}[${position}] = 1;`);
  } else {
    lines.line(js`if ((${seen} & (1 << ${position})) !== 0) ${failAtKey('schema-violation', 'a position repeated')}`);
    lines.line(js`${seen} |= 1 << ${position};`);
  }
}

/**
 * The value under a sparse key, by its position, into its property (`marker`: its marker, in
 * formats that pass one); a removed property's position (README "Schema evolution") is read by
 * `skip`, checked as well-formed, as in the dense form.
 */
export function readAtPosition(frame: CompactReadFrame, position: Name, marker: Code | undefined, skip: Code, lines: Lines): void {
  const { emitter, node, scope, positions, locals } = frame;
  lines.block(js`switch (${position})`, (cases) => {
    positions.slots.forEach((index, slot) => {
      if (index === undefined) return;
      const property = node.properties[index];
      cases.block(js`case ${slot}:`, (inner) => {
        inner.line(comment(property.schemaPath));
        emitter.readValue(property.node, locals[index], scope, inner, new Code('depth - 1'), marker);
        inner.line(new Code('break;'));
      });
    });
    cases.line(js`default: ${skip}`);
  });
}

/** Required checks, the result (the map layout's `buildResult`), and the checks over the whole object. */
export function finishObject(frame: FinishFrame, lines: Lines): void {
  const { emitter, node, positions, locals, extras, fail } = frame;
  node.properties.forEach((property, index) => {
    if (property.required && !positions.omitted.includes(index)) lines.line(js`if (${locals[index]} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property.name)}`)}`);
  });
  const fixed = frame.result;
  buildResult(emitter, node, locals, positions.open ? extras : undefined, fixed, lines);
  for (const name of node.extraRequired) {
    lines.line(js`if (!Object.prototype.hasOwnProperty.call(${fixed.result}, ${literal(name)})) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  }
  if (node.minProperties !== undefined || node.maxProperties !== undefined) propertyCountChecks(node, js`Object.keys(${fixed.result}).length`, fail, lines);
  lines.line(js`return ${fixed.result};`);
}

/** An enum value from its index: `readIndex` reads it, `offset` is where it starts. */
export function readEnumIndex(emitter: DecoderEmitter, node: IrLiteral, target: Code, scope: NameScope, lines: Lines, offset: Code, readIndex: Code): void {
  const at = scope.fresh('offset');
  lines.line(js`const ${at} = ${offset};`);
  lines.block(js`switch (${readIndex})`, (cases) => {
    node.values.forEach((value, index) => cases.line(js`case ${index}: ${target} = ${jsonLiteral(value)}; break;`));
    cases.line(js`default: ${emitter.failAt(node, at)('schema-violation', `${literalMessage(node)} (enum index out of range)`)}`);
  });
}

/** The read function of each object and variant index: `read<Object>AsVariant<index>(reader, depth, …extraParams)`, which adds the object's schema path to errors. */
export function variantReaders(emitter: DecoderEmitter, formatName: string, extraParams: readonly string[], readBody: (object: IrObject, scope: NameScope, lines: Lines, index: number) => void): VariantFunctions {
  const context = emitter.context;
  return new VariantFunctions(context, {
    verb: 'read',
    summary: (object, index) => `Reads ${object.schemaPath} from ${formatName}, as variant ${index} of a union (compact layout).`,
    fixed: ['reader', 'depth', 'error', ...extraParams.map((param) => param.split(':')[0])],
    params: () => [js`reader: ${context.runtimeType('Reader')}`, new Code('depth: number'), ...extraParams.map((param) => new Code(param))],
    returnType: (object) => emitter.type(object),
    body: (object, scope, index) => {
      const lines = new Lines();
      readBody(object, scope, lines, index);
      return new Lines().tryCatch(
        (inner) => inner.append(lines),
        (handler) => handler.line(js`throw ${context.use('withSchemaPath')}(error, ${literal(object.schemaPath)});`),
      );
    },
  });
}
