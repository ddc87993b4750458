import type { IrLiteral, IrObject, IrUnion } from '../ir/types.js';
import { Code, comment, js, jsonLiteral, Lines } from './code.js';
import { literalCondition, literalMessage, type Fail } from './checks.js';
import type { Name, NameScope } from './names.js';
import { declaredPatternChecks, readObjectForWrite, type ObjectEncoding, type ObjectFrame } from './encode-object.js';
import { compactPositions, type CompactPositions } from './compact-positions.js';
import type { CborEncoderEmitter } from './cbor-encode.js';

/**
 * CBOR encoders of the compact layout (README "Compact layout"): an object is a definite-length
 * array of its properties by position (`compact-positions.ts`), `undefined` (0xf7) where an
 * optional one is absent, trailing absent ones dropped; its extra keys, when allowed and present,
 * one map after the positions. The checks are the map layout's (`readObjectForWrite`).
 */

/** CBOR `undefined` (RFC 8949 §3.3, simple value 23): an absent optional property or a reserved position. */
const UNDEFINED = new Code('writer.u8(0xf7);');

/** The body of a positional object's write function; `variant`: the index written first, as a variant of a discriminated union. */
export function emitCompactObjectWriter(emitter: CborEncoderEmitter, encoding: ObjectEncoding, node: IrObject, scope: NameScope, lines: Lines, variant?: number): void {
  // Claimed before the property locals (named after the schema), so those get suffixes, not these.
  const [length, rest] = [scope.claim('length'), scope.claim('rest')];
  const { frame, open } = readObjectForWrite(emitter, encoding, node, scope, lines);
  const positions = compactPositions(node);
  for (const index of positions.omitted) {
    // Required constants are not written, only checked.
    const property = node.properties[index];
    const fail = emitter.failWith(property.node, property.name);
    lines.line(js`if (!(${literalCondition(emitter.context, property.node as IrLiteral, frame.locals[index])})) ${fail('schema-violation', literalMessage(property.node as IrLiteral))}`);
    declaredPatternChecks(frame, index, lines);
  }
  const count = arrayLength(frame, positions, open, length, lines);
  writeArrayHead(emitter, count, variant, lines);
  positions.slots.forEach((index, position) => {
    // Positions before the last required one are always written; later ones only up to `length`.
    const absent = (body: Lines): void => {
      if (position < positions.requiredLength) body.line(UNDEFINED);
      else body.line(js`if (${count} > ${position}) ${UNDEFINED}`);
    };
    if (index === undefined) {
      lines.line(comment(`position ${position}: reserved`));
      absent(lines);
      return;
    }
    const property = node.properties[index];
    const write = (body: Lines): void => {
      body.line(comment(`position ${position}: ${property.schemaPath}`));
      emitter.writeValue(property.node, frame.locals[index], property.name, scope, body, new Code('depth - 1'));
      declaredPatternChecks(frame, index, body);
    };
    if (property.required) write(lines);
    else lines.ifElse(js`${frame.locals[index]} !== undefined`, write, absent);
  });
  if (open) writeExtras(emitter, frame, rest, scope, lines);
}

/**
 * The element count (a number, or a local computed before anything is written): the positions up
 * to the last present one, plus the extras map when there are extra keys.
 */
function arrayLength(frame: ObjectFrame, positions: CompactPositions, open: boolean, length: Name, lines: Lines): Code {
  const optional: { position: number; local: Name }[] = [];
  positions.slots.forEach((index, position) => {
    if (index !== undefined && position >= positions.requiredLength && !frame.node.properties[index].required) optional.push({ position, local: frame.locals[index] });
  });
  if (optional.length === 0 && !open) return new Code(String(positions.requiredLength));
  let expression = new Code(String(positions.requiredLength));
  // Nested conditionals from the first optional position up: the last present one decides.
  for (const { position, local } of optional) expression = js`${local} !== undefined ? ${position + 1} : ${expression}`;
  if (open) expression = js`${frame.extras} !== undefined ? ${positions.slots.length + 1} : ${optional.length === 0 ? expression : js`(${expression})`}`;
  lines.line(js`const ${length} = ${expression};`);
  return length;
}

/** The array head, and a union variant's index after it: pre-encoded when the count is known at compile time. */
function writeArrayHead(emitter: CborEncoderEmitter, length: Code, variant: number | undefined, lines: Lines): void {
  const extra = variant === undefined ? 0 : 1;
  if (/^\d+$/.test(length.text) && Number(length.text) + extra < 24 && (variant ?? 0) < 24) {
    const count = Number(length.text) + extra;
    const bytes = variant === undefined ? Uint8Array.of(0x80 + count) : Uint8Array.of(0x80 + count, variant);
    const what = variant === undefined ? `CBOR array head (${count} elements)` : `CBOR array head (${count} elements) and variant index ${variant}`;
    emitter.writeConstant(bytes, `array head ${count}`, what, lines);
    return;
  }
  lines.line(js`${emitter.context.runtime('writeHead')}(writer, 4, ${extra === 0 ? length : js`${length} + ${extra}`});`);
  if (variant !== undefined) writeIndex(emitter, variant, lines);
}

/** An unsigned integer index (enum value, union variant). */
function writeIndex(emitter: CborEncoderEmitter, index: number, lines: Lines): void {
  if (index < 24) lines.line(js`writer.u8(${index});`);
  else lines.line(js`${emitter.context.runtime('writeHead')}(writer, 0, ${index});`);
}

/**
 * The extra keys (`frame.extras`, own keys the schema does not declare), as one map after the
 * positions: copied into an object written by the map layout's writer for the object's
 * `patternProperties`/`additionalProperties`/`propertyNames` (`extrasNode`).
 */
function writeExtras(emitter: CborEncoderEmitter, frame: ObjectFrame, rest: Name, scope: NameScope, lines: Lines): void {
  lines.block(js`if (${frame.extras} !== undefined)`, (body) => {
    body.line(js`const ${rest}: Record<string, unknown> = {};`);
    body.line(js`for (const ${frame.key} of ${frame.extras}) ${emitter.context.use('setOwn')}(${rest}, ${frame.key}, ${frame.record}[${frame.key}]);`);
    emitter.writeValue(extrasNode(frame.node), rest, undefined, scope, body, new Code('depth - 1'));
  });
}

const extrasNodes = new WeakMap<IrObject, IrObject>();

/**
 * The map of an open object's extra entries: the object without its declared properties, required
 * names and counts (those are checked on the whole object). One node per object, so encoder and
 * decoder each emit one function for it.
 */
export function extrasNode(node: IrObject): IrObject {
  let extras = extrasNodes.get(node);
  if (extras === undefined) {
    extras = { kind: 'object', schemaPath: node.schemaPath, annotations: {}, properties: [], patternProperties: node.patternProperties, additionalProperties: node.additionalProperties, extraRequired: [] };
    if (node.propertyNames !== undefined) extras.propertyNames = node.propertyNames;
    extrasNodes.set(node, extras);
  }
  return extras;
}

/** An enum value as its index (`switch` over primitives, `jsonEqual` for structured values). */
export function writeEnumIndex(emitter: CborEncoderEmitter, node: IrLiteral, value: Code, fail: Fail, lines: Lines): void {
  const seen: unknown[] = [];
  const primitive = node.values.every((candidate) => candidate === null || typeof candidate !== 'object');
  if (primitive) {
    lines.block(js`switch (${value})`, (cases) => {
      node.values.forEach((candidate, index) => {
        // A repeated value keeps its first index.
        if (seen.includes(candidate)) return;
        seen.push(candidate);
        cases.block(js`case ${jsonLiteral(candidate)}:`, (inner) => {
          writeIndex(emitter, index, inner);
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
    lines.indented((inner) => writeIndex(emitter, index, inner));
    lines.line(new Code('}'));
  });
  lines.line(js`else ${fail('schema-violation', literalMessage(node))}`);
}

/**
 * A discriminated union as `[variantIndex, …fields]`: the discriminator picks the variant (as in
 * the map layout, `EncoderEmitter.discriminated`), whose own function writes the array (`variantWriter`).
 */
export function emitIndexedUnionWriter(emitter: CborEncoderEmitter, node: IrUnion, objects: IrObject[], scope: NameScope, lines: Lines, variantWriter: (object: IrObject, index: number) => Name): void {
  emitter.discriminated(node, scope, lines, emitter.failWith(node, undefined), (variant, inner) => {
    const index = node.variants.indexOf(variant);
    inner.line(js`${variantWriter(objects[index], index)}(writer, value, depth);`);
  });
}
