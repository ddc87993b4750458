import type { IrLiteral, IrObject, IrUnion } from '../../ir/types.js';
import { Code, js, jsonLiteral, Lines, typed } from '../module/code.js';
import { literalCondition, literalMessage, type Fail } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { declaredPatternChecks, type ObjectFrame } from '../specialised/object-writer.js';
import type { CompactPositions } from './positions.js';
import type { EncoderEmitter } from '../specialised/encoder.js';
import { VariantFunctions } from './variant-functions.js';
import { compactUnion } from './unions.js';
import { extrasNode } from './extras.js';

/**
 * What the compact layout's encoders share across formats (README "Compact layout"): the checks
 * of the constants they leave out, the dense form's length, enums as indexes, discriminated
 * unions by variant index and the per-variant write functions. The formats differ only in bytes.
 */

/** The form a writer writes: decided at compile time when the object's shape is fixed, else per value by a local (true: sparse). */
export type Form = 'dense' | 'sparse' | Name;

/** Emits what each form writes: only one when the form is known, else both under a test of the local. */
export function byForm(form: Form, lines: Lines, sparse: (lines: Lines) => void, dense: (lines: Lines) => void): void {
  if (form === 'dense') dense(lines);
  else if (form === 'sparse') sparse(lines);
  else lines.ifElse(form, sparse, dense);
}

/** Required constants are not written, only checked. */
export function checkOmittedConstants(emitter: EncoderEmitter, frame: ObjectFrame, positions: CompactPositions, lines: Lines): void {
  for (const index of positions.omitted) {
    const property = frame.node.properties[index];
    const fail = emitter.failWith(property.node, property.name);
    lines.line(js`if (!(${literalCondition(emitter.context, property.node as IrLiteral, frame.locals[index])})) ${fail('schema-violation', literalMessage(property.node as IrLiteral))}`);
    declaredPatternChecks(frame, index, lines);
  }
}

/** The optional properties at or past the last required position: the ones that decide where the dense form ends. */
export function trailingOptional(frame: ObjectFrame, positions: CompactPositions): { position: number; local: Name }[] {
  const optional: { position: number; local: Name }[] = [];
  positions.slots.forEach((index, position) => {
    if (index !== undefined && position >= positions.requiredLength && !frame.node.properties[index].required) optional.push({ position, local: frame.locals[index] });
  });
  return optional;
}

/** The positions up to the last present one, as an expression: nested conditionals from the first optional position up (the last present one decides). */
export function lastPresentLength(frame: ObjectFrame, positions: CompactPositions): Code {
  let expression = new Code(String(positions.requiredLength));
  for (const { position, local } of trailingOptional(frame, positions)) expression = js`${local} !== undefined ? ${position + 1} : ${expression}`;
  return expression;
}

/**
 * The form where nothing can stand for an absent property (UBJSON, MessagePack: no `undefined`):
 * dense unless a hole comes before the last present position, or extras are present without
 * every position. An object whose written properties are all required and that allows no extras
 * has one shape: decided here, by whether it reserves a position. Otherwise `present` and
 * `sparse` are declared; `length()` declares (or gives) the positions up to the last present one.
 *
 * Dense whenever allowed: the bytes the forms do not share are the container heads or ends and,
 * in the sparse form only, a key per present property; so dense is never larger, and ties only
 * for an empty object (each format's folder counts its own bytes).
 */
export function holeForm(frame: ObjectFrame, positions: CompactPositions, open: boolean, locals: { present: Name; sparse: Name }, length: () => Code, lines: Lines): Form {
  const optional = positions.slots.some((index) => index !== undefined && !frame.node.properties[index].required);
  const reservedBeforeRequired = positions.slots.slice(0, positions.requiredLength).includes(undefined);
  if (reservedBeforeRequired) return 'sparse';
  if (!optional && !open) return positions.slots.includes(undefined) ? 'sparse' : 'dense';
  // Present positions: the map layout's entry count without the required constants and the extras.
  const omitted = positions.omitted.length;
  let presentCount = omitted === 0 ? frame.count : js`${frame.count} - ${omitted}`;
  if (open) presentCount = js`${presentCount} - (${frame.extras} === undefined ? 0 : ${frame.extras}.length)`;
  lines.line(js`const ${locals.present} = ${presentCount};`);
  // No hole: as many present positions as positions up to the last present one (every one with extras).
  const hole = js`${locals.present} !== ${length()}`;
  const sparse = open ? js`${frame.extras} !== undefined ? ${locals.present} !== ${positions.slots.length} : ${hole}` : hole;
  lines.line(js`const ${locals.sparse} = ${sparse};`);
  return locals.sparse;
}

/**
 * The extra keys (`frame.extras`, own keys the schema does not declare) as one object, copied
 * into `rest` and written by the map layout's writer for the object's `patternProperties`/
 * `additionalProperties`/`propertyNames` (`extrasNode`): the same checks and the same depth as the
 * decoder's read of it.
 */
export function writeExtrasObject(emitter: EncoderEmitter, frame: ObjectFrame, rest: Name, scope: NameScope, lines: Lines): void {
  lines.line(js`const ${typed(rest, new Code('Record<string, unknown>'))} = {};`);
  lines.line(js`for (const ${frame.key} of ${frame.extras}) ${emitter.context.use('setOwn')}(${rest}, ${frame.key}, ${frame.record}[${frame.key}]);`);
  emitter.writeValue(extrasNode(frame.node), rest, undefined, scope, lines, new Code('depth - 1'));
}

/** An enum value as its index (`switch` over primitives, `jsonEqual` for structured values); `writeIndex` writes one index in the format. */
export function writeEnumIndex(emitter: EncoderEmitter, node: IrLiteral, value: Code, fail: Fail, lines: Lines, writeIndex: (index: number, lines: Lines) => void): void {
  const seen: unknown[] = [];
  const primitive = node.values.every((candidate) => candidate === null || typeof candidate !== 'object');
  if (primitive) {
    lines.block(js`switch (${value})`, (cases) => {
      node.values.forEach((candidate, index) => {
        // A repeated value keeps its first index.
        if (seen.includes(candidate)) return;
        seen.push(candidate);
        cases.block(js`case ${jsonLiteral(candidate)}:`, (inner) => {
          writeIndex(index, inner);
          inner.line(new Code('break;'));
        });
      });
      cases.line(js`default: ${fail('schema-violation', literalMessage(node))}`);
    });
    return;
  }
  node.values.forEach((candidate, index) => {
    const one: IrLiteral = { kind: 'literal', values: [candidate], schemaPath: node.schemaPath, annotations: {} };
    lines.line(js`${index === 0 ? new Code('') : new Code('else ')}if (${literalCondition(emitter.context, one, value)}) {`);
    lines.indented((inner) => writeIndex(index, inner));
    lines.line(new Code('}'));
  });
  lines.line(js`else ${fail('schema-violation', literalMessage(node))}`);
}

/** The write function of each object and variant index: `write<Object>AsVariant<index>(writer, value, depth)`. */
export function variantWriters(emitter: EncoderEmitter, formatName: string, writeBody: (object: IrObject, scope: NameScope, lines: Lines, index: number) => void): VariantFunctions {
  return new VariantFunctions(emitter.context, {
    verb: 'write',
    summary: (object, index) => `Writes ${object.schemaPath} as ${formatName}, as variant ${index} of a union (compact layout).`,
    fixed: ['writer', 'value', 'depth', 'error'],
    params: () => [js`writer: ${emitter.context.runtimeType('Writer')}`, new Code('value: unknown'), new Code('depth: number')],
    returnType: () => new Code('void'),
    body: (object, scope, index) => {
      const lines = new Lines();
      writeBody(object, scope, lines, index);
      return lines;
    },
  });
}

/** Compact layout: a discriminated union written by variant index (true), or false where the map layout's union code applies (`compact-layout/unions.ts`). */
export function writeIndexedUnion(emitter: EncoderEmitter, node: IrUnion, scope: NameScope, lines: Lines, variants: VariantFunctions): boolean {
  const plan = compactUnion(node, emitter.context.definitions);
  if (plan.kind !== 'indexed') return false;
  emitter.discriminated(node, scope, lines, emitter.failWith(node, undefined), (variant, inner) => {
    const index = node.variants.indexOf(variant);
    inner.line(js`${variants.of(plan.objects[index], index)}(writer, value, depth);`);
  });
  return true;
}
