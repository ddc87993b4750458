import type { IrLiteral, IrObject } from '../ir/types.js';
import { Code, js, jsonLiteral, literal, Lines } from './code.js';
import { literalMessage, propertyCountChecks, type Fail } from './checks.js';
import type { Name, NameScope } from './names.js';
import { buildResult, type FixedLocals } from './decode-object.js';
import type { CompactPositions } from './compact-positions.js';
import type { DecoderEmitter } from './decode-skeleton.js';
import { functionDocs, pathWords } from './context.js';

/**
 * What the compact layout's decoders share across formats (README "Compact layout"): the locals
 * of a positional object, its required checks and result (the map layout's), enums from their
 * index and the per-variant read functions. The formats differ only in how they read bytes.
 */

/** One local per declared property; a required constant is not on the wire: its value is put back. */
export function declarePropertyLocals(emitter: DecoderEmitter, node: IrObject, positions: CompactPositions, scope: NameScope, lines: Lines): Name[] {
  return node.properties.map((property, index) => {
    const local = scope.fresh(property.name, { fallback: 'property' });
    if (positions.omitted.includes(index)) lines.line(js`const ${local} = ${jsonLiteral((property.node as IrLiteral).values[0])};`);
    else lines.line(js`let ${local}: ${emitter.type(property.node)} | undefined;`);
    return local;
  });
}

/** The locals `buildResult` and `readUndeclaredEntry` use (the others of the map layout's `FixedLocals` are unused here). */
export function resultLocals(scope: NameScope, key: Name): FixedLocals {
  const [result, pair, shape, witness, at, item, valueStart, matched] = ['result', 'pair', 'shape', 'witness', 'at', 'item', 'valueStart', 'matched'].map((fixed) => scope.claim(fixed));
  const unused = result;
  return { result, pair, shape, witness, at, key, item, valueStart, matched, expected: unused, field: unused, uint8: unused, sparse: unused, reserved: {} };
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

/** Per object and variant index, the function that reads the object as that variant of a union: one per pair, made on first use. */
export class VariantReaders {
  private readonly byObject = new Map<IrObject, Map<number, Name>>();

  constructor(
    private readonly emitter: DecoderEmitter,
    private readonly formatName: string,
    /** The parameters after `reader` and `depth` (UBJSON: the marker). */
    private readonly extraParams: readonly string[],
    /** The body: the object's compact reader with the variant index. */
    private readonly readBody: (object: IrObject, scope: NameScope, lines: Lines, index: number) => void,
  ) {}

  /** `read<Object>AsVariant<index>(reader, depth, …)`. */
  of(object: IrObject, index: number): Name {
    const context = this.emitter.context;
    const byIndex = this.byObject.get(object) ?? new Map<number, Name>();
    this.byObject.set(object, byIndex);
    const existing = byIndex.get(index);
    if (existing !== undefined) return existing;
    const name = context.scope.fresh(`read ${pathWords(object.schemaPath, context.ir.rootName)} as variant ${index}`, { pascal: false });
    byIndex.set(index, name);
    const scope = context.scope.child();
    for (const fixed of ['reader', 'depth', 'error', ...this.extraParams.map((param) => param.split(':')[0])]) scope.claim(fixed);
    const lines = new Lines();
    this.readBody(object, scope, lines, index);
    const body = new Lines().tryCatch(
      (inner) => inner.append(lines),
      (handler) => handler.line(js`throw ${context.use('withSchemaPath')}(error, ${literal(object.schemaPath)});`),
    );
    context.functions.push({
      name,
      docs: functionDocs(`Reads ${object.schemaPath} from ${this.formatName}, as variant ${index} of a union (compact layout).`, object),
      params: [js`reader: ${context.runtime('Reader')}`, new Code('depth: number'), ...this.extraParams.map((param) => new Code(param))],
      returnType: this.emitter.type(object),
      body: body.toCode(),
      exported: false,
    });
    return name;
  }
}
