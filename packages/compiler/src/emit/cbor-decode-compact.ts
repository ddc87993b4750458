import type { IrLiteral, IrObject, IrUnion } from '../ir/types.js';
import { Code, comment, js, jsonLiteral, literal, Lines } from './code.js';
import { literalMessage, propertyCountChecks, type Fail } from './checks.js';
import type { Name, NameScope } from './names.js';
import { buildResult, type FixedLocals } from './decode-object.js';
import { compactPositions, type CompactPositions } from './compact-positions.js';
import { extrasNode } from './cbor-encode-compact.js';
import type { CborDecoderEmitter } from './cbor-decode.js';

/**
 * CBOR decoders of the compact layout (README "Compact layout"): the array head, then each
 * position in order, straight-line (no keys to match); `undefined` (0xf7) or the end of the array
 * is an absent property. Checks and errors are the map layout's: a required property absent is
 * "missing required property" at the array's start, elements past the declared positions (and the
 * extras map, when allowed) "more elements than declared positions", like an undeclared key.
 */

/** What the parts of a compact object reader share. */
interface CompactFrame {
  emitter: CborDecoderEmitter;
  node: IrObject;
  scope: NameScope;
  positions: CompactPositions;
  /** Elements before the first position: 1 for a union variant (its index). */
  shift: number;
  locals: Name[];
  start: Name;
  count: Name;
  uint8: Name;
  extras: Name;
  rest: Name;
  key: Name;
  /** The locals of `buildResult`. */
  result: FixedLocals;
  fail: Fail;
}

/** The body of a positional object's read function; `variant`: the object is that variant of a union (its index comes first, already checked). */
export function emitCompactObjectReader(emitter: CborDecoderEmitter, node: IrObject, scope: NameScope, lines: Lines, variant?: number): void {
  const context = emitter.context;
  const path = literal(node.schemaPath);
  // Fixed locals first, so property locals (named after the schema) get suffixes, not these.
  const [start, count, uint8, extras, rest, key] = ['start', 'count', 'uint8', 'extras', 'rest', 'key'].map((fixed) => scope.claim(fixed));
  const result = resultLocals(scope);
  const positions = compactPositions(node);
  emitter.depthGuard(node, lines);
  lines.line(js`const ${start} = reader.pos;`);
  lines.line(js`const ${count} = ${context.use('readContainerHead')}(reader, 4, ${path});`);
  if (variant !== undefined) lines.line(js`${context.use('readIndex')}(reader, ${path}); // the variant index ${variant}`);
  lines.line(js`const ${uint8} = reader.uint8;`);
  const locals = node.properties.map((property, index) => {
    const local = scope.fresh(property.name, { fallback: 'property' });
    // A required constant is not on the wire: its value is put back.
    if (positions.omitted.includes(index)) lines.line(js`const ${local} = ${jsonLiteral((property.node as IrLiteral).values[0])};`);
    else lines.line(js`let ${local}: ${emitter.type(property.node)} | undefined;`);
    return local;
  });
  const frame: CompactFrame = { emitter, node, scope, positions, shift: variant === undefined ? 0 : 1, locals, start, count, uint8, extras, rest, key, result, fail: emitter.failAt(node, start) };
  readPositions(frame, lines);
  readRest(frame, lines);
  finishObject(frame, lines);
}

/** Each position in order, straight-line: absent past the array's end or as `undefined`. */
function readPositions(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, scope, positions, shift, locals, count, uint8 } = frame;
  // Element `element` is there: below a definite count, or before the break of an indefinite array.
  const present = (element: number): Code => js`(${element} < ${count} || (${count} < 0 && reader.pos < reader.end && ${uint8}[reader.pos] !== 0xff))`;
  const isUndefined = js`reader.pos < reader.end && ${uint8}[reader.pos] === 0xf7`;
  positions.slots.forEach((index, position) => {
    const element = position + shift;
    if (index === undefined) {
      // A removed property's position (README "Schema evolution"): what older writers put there
      // is skipped (checked as well-formed, within the depth limit), as protobuf skips a field
      // it does not know, so new readers read old bytes.
      lines.line(comment(`position ${position}: reserved`));
      lines.block(js`if (${present(element)})`, (body) => {
        body.ifElse(isUndefined, (absent) => absent.line(new Code('reader.pos++;')), (value) => value.line(js`${frame.emitter.context.runtime('skipAny')}(reader, depth - 1);`));
      });
      return;
    }
    const property = node.properties[index];
    lines.line(comment(`position ${position}: ${property.schemaPath}`));
    lines.block(js`if (${present(element)})`, (body) => {
      body.ifElse(isUndefined, (absent) => absent.line(new Code('reader.pos++;')), (value) => emitter.readValue(property.node, locals[index], scope, value, new Code('depth - 1')));
    });
  });
}

/**
 * After the positions: the end of the array, or (when the object allows extra entries) one map of
 * them, read by the map layout's reader for the object's undeclared entries; no declared name may
 * come back there. Anything more is "more elements than declared positions".
 */
function readRest(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, positions, count, extras, rest, key, fail } = frame;
  const context = emitter.context;
  const declared = positions.slots.length + frame.shift;
  const tooMany = fail('schema-violation', 'more elements than declared positions');
  lines.line(js`let ${extras}: unknown[] | undefined;`);
  const readExtras = (body: Lines): void => {
    if (!positions.open) {
      body.line(tooMany);
      return;
    }
    body.line(js`const ${rest} = ${emitter.functionOf(extrasNode(node))}(reader, depth - 1) as Record<string, unknown>;`);
    body.block(js`for (const ${key} of Object.keys(${rest}))`, (loop) => {
      loop.line(js`if (${declaredNames(emitter, node)}.has(${key})) ${fail('schema-violation', 'a declared property in the extras map')}`);
      loop.line(js`(${extras} ??= []).push(${key}, ${rest}[${key}]);`);
    });
  };
  lines.block(js`if (${count} < 0)`, (indefinite) => {
    indefinite.block(js`if (!${context.use('atBreak')}(reader))`, (more) => {
      readExtras(more);
      if (positions.open) more.line(js`if (!${context.use('atBreak')}(reader)) ${tooMany}`);
    });
  });
  lines.block(js`else if (${count} > ${declared})`, (more) => {
    if (positions.open) more.line(js`if (${count} > ${declared + 1}) ${tooMany}`);
    readExtras(more);
  });
}

/** Required checks, the result (the map layout's `buildResult`), and the checks over the whole object. */
function finishObject(frame: CompactFrame, lines: Lines): void {
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

/** The locals `buildResult` uses (the others of the map layout's `FixedLocals` are unused here). */
function resultLocals(scope: NameScope): FixedLocals {
  const [result, pair, shape, witness] = ['result', 'pair', 'shape', 'witness'].map((fixed) => scope.claim(fixed));
  const unused = result;
  return { result, pair, shape, witness, at: unused, expected: unused, field: unused, key: unused, uint8: unused, item: unused, valueStart: unused, matched: unused, sparse: unused, reserved: {} };
}

/** A hoisted `Set` of the declared names: none may come back in the extras map. */
function declaredNames(emitter: CborDecoderEmitter, node: IrObject): Code {
  const names = node.properties.map((property) => literal(property.name).text).join(', ');
  return emitter.context.constant(`declared ${node.schemaPath}`, new Code(`new Set<string>([${names}])`), `declared property names of ${node.schemaPath}, refused in its extras map`);
}

/** An enum value from its index. */
export function readEnumIndex(emitter: CborDecoderEmitter, node: IrLiteral, target: Code, scope: NameScope, lines: Lines): void {
  const offset = scope.fresh('offset');
  lines.line(js`const ${offset} = reader.pos;`);
  lines.block(js`switch (${emitter.context.use('readIndex')}(reader, ${literal(node.schemaPath)}))`, (cases) => {
    node.values.forEach((value, index) => cases.line(js`case ${index}: ${target} = ${jsonLiteral(value)}; break;`));
    cases.line(js`default: ${emitter.failAt(node, offset)('schema-violation', `${literalMessage(node)} (enum index out of range)`)}`);
  });
}

/**
 * A discriminated union from `[variantIndex, …fields]`: the index picks the variant, whose own
 * function reads the array from its start (`variantReader`).
 */
export function emitIndexedUnionReader(emitter: CborDecoderEmitter, node: IrUnion, objects: IrObject[], scope: NameScope, lines: Lines, variantReader: (object: IrObject, index: number) => Name): void {
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const [start, count, index] = ['start', 'count', 'index'].map((fixed) => scope.claim(fixed));
  emitter.depthGuard(node, lines);
  lines.line(js`const ${start} = reader.pos;`);
  lines.line(js`const ${count} = ${context.use('readContainerHead')}(reader, 4, ${path});`);
  lines.line(js`if (${count} === 0 || (${count} < 0 && reader.pos < reader.end && reader.uint8[reader.pos] === 0xff)) ${emitter.failAt(node, start)('schema-violation', 'missing variant index')}`);
  const at = scope.claim('at');
  lines.line(js`const ${at} = reader.pos;`);
  lines.line(js`const ${index} = ${context.use('readIndex')}(reader, ${path});`);
  lines.line(js`reader.pos = ${start};`);
  lines.block(js`switch (${index})`, (cases) => {
    objects.forEach((object, position) => cases.line(js`case ${position}: return ${variantReader(object, position)}(reader, depth);`));
  });
  lines.line(emitter.failAt(node, at)('schema-violation', `no variant for this index`));
}
