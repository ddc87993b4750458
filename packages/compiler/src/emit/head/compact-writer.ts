import type { IrObject } from '../../ir/types.js';
import { Code, comment, hexLiteral, inlineComment, js, joinCode, Lines } from '../module/code.js';
import type { Name, NameScope } from '../module/names.js';
import { declaredPatternChecks, entryWriter, readObjectForWrite, type ObjectEncoding, type ObjectFrame } from '../specialised/object-writer.js';
import { compactPositions, type CompactPositions } from '../compact-layout/positions.js';
import { byForm, checkOmittedConstants, holeForm, lastPresentLength, trailingOptional, writeExtrasObject, type Form } from '../compact-layout/writer.js';
import type { HeadEncoder, Holes } from './wire.js';

/**
 * Encoders of the compact layout (README "Compact layout") in a head format (CBOR, MessagePack:
 * `wire.ts`). An object has two forms:
 * - dense: a definite-length array of its properties by position (`compact-layout/positions.ts`),
 *   trailing absent ones dropped; where the format has `undefined` (CBOR 0xf7) it stands for an
 *   absent optional property or a reserved position before the last one written; where it has
 *   none (MessagePack) the dense form is only written without such holes. Its extra keys, when
 *   allowed and present, are one map after the positions;
 * - sparse: a definite-length map of the present properties under their positions (unsigned
 *   integer keys, in increasing order), then the extra entries under their text keys.
 * With `undefined`, each value is written in the smaller form (`HeadWire.holes`; the dense
 * one at a tie); without, dense unless there is a hole (`holeForm`). A union variant's dense form
 * holds its index first; its sparse form is a one-entry map from its index to the sparse map. The
 * checks are the map layout's (`readObjectForWrite`).
 */

/** The locals of a positional object's writer besides the map layout's. */
interface FormLocals {
  length: Name;
  present: Name;
  keyBytes: Name;
  extraCount: Name;
  sparse: Name;
}

/** The body of a positional object's write function; `variant`: the index written first, as a variant of a discriminated union. */
export function emitCompactObjectWriter(emitter: HeadEncoder, encoding: ObjectEncoding, node: IrObject, scope: NameScope, lines: Lines, variant?: number): void {
  // Claimed before the property locals (named after the schema), so those get suffixes, not these.
  const [length, rest, present, keyBytes, extraCount, sparse] = ['length', 'rest', 'present', 'keyBytes', 'extraCount', 'sparse'].map((fixed) => scope.claim(fixed));
  const { frame, open } = readObjectForWrite(emitter, encoding, node, scope, lines);
  const positions = compactPositions(node);
  checkOmittedConstants(emitter, frame, positions, lines);
  const holes = emitter.wire.holes;
  const count = arrayLength(frame, positions, open, length, lines);
  const { form, entries } = holes === undefined
    ? { form: holeForm(frame, positions, open, { present, sparse }, () => (typeof count === 'number' ? new Code(String(count)) : count), lines), entries: sparseEntries(frame, positions, open) }
    : chooseForm(emitter, holes, frame, positions, open, count, { length, present, keyBytes, extraCount, sparse }, variant, lines);
  writeStart(emitter, form, count, entries, variant, lines);
  // Without `undefined`, the dense form has no holes: nothing stands for an absent position.
  const absent = (position: number): Code | undefined => (holes === undefined ? undefined : absentMarker(holes.undefinedByte, form as Exclude<Form, 'sparse'>, positions, position, count));
  positions.slots.forEach((index, position) => {
    if (index === undefined) {
      if (form === 'sparse' || holes === undefined) return;
      lines.line(comment(`position ${position}: reserved`));
      lines.line(absent(position)!);
      return;
    }
    const property = node.properties[index];
    const write = (body: Lines): void => {
      body.line(comment(`position ${position}: ${property.schemaPath}`));
      if (form !== 'dense') body.line(form === 'sparse' ? positionKey(emitter, position) : js`if (${form}) ${positionKey(emitter, position)}`);
      emitter.writeValue(property.node, frame.locals[index], property.name, scope, body, new Code('depth - 1'));
      declaredPatternChecks(frame, index, body);
    };
    const marker = form === 'sparse' ? undefined : absent(position);
    if (property.required) write(lines);
    else if (marker === undefined) lines.block(js`if (${frame.locals[index]} !== undefined)`, write);
    else lines.ifElse(js`${frame.locals[index]} !== undefined`, write, (body) => body.line(marker));
  });
  if (open) writeExtras(emitter, frame, form, rest, scope, lines);
}

/** The dense form's `undefined` at an absent position: always before the last required one, else only up to `length`. */
function absentMarker(undefinedByte: number, form: Exclude<Form, 'sparse'>, positions: CompactPositions, position: number, count: number | Code): Code {
  const write = js`writer.u8(${hexLiteral(undefinedByte)});`;
  const guards: Code[] = form === 'dense' ? [] : [js`!${form}`];
  if (position >= positions.requiredLength) guards.push(js`${count} > ${position}`);
  return guards.length === 0 ? write : js`if (${joinCode(guards, ' && ')}) ${write}`;
}

/** A position as a sparse map key: an unsigned integer (RFC 8949 §3.1 head, MessagePack positive fixint or uint). */
function positionKey(emitter: HeadEncoder, position: number): Code {
  return emitter.wire.unsigned(position).length === 1 ? js`writer.u8(${position});` : emitter.wire.writeUnsigned(emitter.context, position);
}

/** The sparse map's entry count: the map layout's, without the required constants (not written); known at compile time for a fixed shape. */
function sparseEntries(frame: ObjectFrame, positions: CompactPositions, open: boolean): number | Code {
  const written = positions.slots.filter((index): index is number => index !== undefined);
  if (!open && written.every((index) => frame.node.properties[index].required)) return written.length;
  const omitted = positions.omitted.length;
  return omitted === 0 ? frame.count : js`(${frame.count} - ${omitted})`;
}

/**
 * The form, and the sparse map's entry count. An object whose written positions are all required
 * and that allows no extras has one size per form: decided here. Any other compares the sizes per
 * value (`sparseIsSmaller`), from the counts the writer has: `frame.count` (the map layout's entry
 * count: present properties, required constants and extras included) and the array length.
 */
function chooseForm(emitter: HeadEncoder, holes: Holes, frame: ObjectFrame, positions: CompactPositions, open: boolean, count: number | Code, locals: FormLocals, variant: number | undefined, lines: Lines): { form: Form; entries: number | Code } {
  const written = positions.slots.flatMap((index, position) => (index === undefined ? [] : [{ position, property: frame.node.properties[index], local: frame.locals[index] }]));
  const required = written.filter((entry) => entry.property.required);
  const isVariant = variant === undefined ? 0 : 1;
  // Keys past one byte: the bytes beyond one per present position.
  const extraKeyBytes = (position: number): number => emitter.wire.unsigned(position).length - 1;
  const wider = (list: typeof written): number => list.reduce((sum, entry) => sum + extraKeyBytes(entry.position), 0);
  if (required.length === written.length && !open) {
    const sparse = holes.sparseIsSmaller({ length: positions.requiredLength, present: required.length, keyBytes: required.length + wider(required), extras: 0, variant: isVariant });
    return { form: sparse ? 'sparse' : 'dense', entries: required.length };
  }
  // The sparse map's entries: the map layout's count without the required constants (not written).
  const omitted = positions.omitted.length;
  const entries = omitted === 0 ? frame.count : js`(${frame.count} - ${omitted})`;
  let present: Code = entries;
  if (open) {
    lines.line(js`const ${locals.extraCount} = ${frame.extras} === undefined ? 0 : ${frame.extras}.length;`);
    present = locals.present;
    lines.line(js`const ${present} = ${entries} - ${locals.extraCount};`);
  }
  let keyBytes: Code = present;
  const wide = written.filter((entry) => extraKeyBytes(entry.position) > 0);
  if (wide.length > 0) {
    const terms = wide.map((entry) => (entry.property.required ? new Code(String(extraKeyBytes(entry.position))) : js`(${entry.local} !== undefined ? ${extraKeyBytes(entry.position)} : 0)`));
    keyBytes = locals.keyBytes;
    lines.line(js`const ${keyBytes} = ${joinCode([present, ...terms], ' + ')};`);
  }
  const extras = open ? locals.extraCount : new Code('0');
  lines.line(js`const ${locals.sparse} = ${emitter.context.runtime('sparseIsSmaller')}(${count}, ${present}, ${keyBytes}, ${extras}, ${isVariant});`);
  return { form: locals.sparse, entries };
}

/**
 * The element count (a number, or a local computed before anything is written): the positions up
 * to the last present one, plus the extras map when there are extra keys.
 */
function arrayLength(frame: ObjectFrame, positions: CompactPositions, open: boolean, length: Name, lines: Lines): number | Code {
  const optional = trailingOptional(frame, positions).length > 0;
  if (!optional && !open) return positions.requiredLength;
  const expression = lastPresentLength(frame, positions);
  lines.line(js`const ${length} = ${open ? js`${frame.extras} !== undefined ? ${positions.slots.length + 1} : ${optional ? js`(${expression})` : expression}` : expression};`);
  return length;
}

/** The start of the form written: the array head (and a variant's index), or the map head (after a variant's one-entry map and index). */
function writeStart(emitter: HeadEncoder, form: Form, count: number | Code, entries: number | Code, variant: number | undefined, lines: Lines): void {
  byForm(form, lines, (sparse) => writeMapHead(emitter, entries, variant, sparse), (dense) => writeArrayHead(emitter, count, variant, dense));
}

/** The sparse form's map head, after a variant's one-entry map and index: pre-encoded when the count is known at compile time. */
function writeMapHead(emitter: HeadEncoder, entries: number | Code, variant: number | undefined, lines: Lines): void {
  const wire = emitter.wire;
  if (typeof entries === 'number' && wire.mapHead(entries).length === 1 && (variant === undefined || wire.unsigned(variant).length === 1)) {
    const head = wire.mapHead(entries);
    const bytes = variant === undefined ? head : Uint8Array.of(...wire.mapHead(1), ...wire.unsigned(variant), ...head);
    const what = variant === undefined ? `${wire.name} map head (${entries} entries)` : `${wire.name} map head (1 entry), variant index ${variant}, map head (${entries} entries)`;
    emitter.writeConstant(bytes, `map head ${entries}`, what, lines);
    return;
  }
  if (variant !== undefined) {
    lines.line(js`writer.u8(${hexLiteral(wire.mapHead(1)[0])}); ${inlineComment(`${wire.name} map head (1 entry): the variant index, then its sparse map`)}`);
    writeIndex(emitter, variant, lines);
  }
  lines.line(js`${wire.writeMapHead(emitter.context, typeof entries === 'number' ? new Code(String(entries)) : entries)};`);
}

/** The array head, and a union variant's index after it: pre-encoded when the count is known at compile time. */
function writeArrayHead(emitter: HeadEncoder, length: number | Code, variant: number | undefined, lines: Lines): void {
  const wire = emitter.wire;
  const extra = variant === undefined ? 0 : 1;
  if (typeof length === 'number' && wire.arrayHead(length + extra).length === 1 && (variant === undefined || wire.unsigned(variant).length === 1)) {
    const count = length + extra;
    const bytes = variant === undefined ? wire.arrayHead(count) : Uint8Array.of(...wire.arrayHead(count), ...wire.unsigned(variant));
    const what = variant === undefined ? `${wire.name} array head (${count} elements)` : `${wire.name} array head (${count} elements) and variant index ${variant}`;
    emitter.writeConstant(bytes, `array head ${count}`, what, lines);
    return;
  }
  lines.line(js`${wire.writeArrayHead(emitter.context, extra === 0 ? new Code(String(length)) : js`${length} + ${extra}`)};`);
  if (variant !== undefined) writeIndex(emitter, variant, lines);
}

/** An unsigned integer index (enum value, union variant). */
export function writeIndex(emitter: HeadEncoder, index: number, lines: Lines): void {
  if (emitter.wire.unsigned(index).length === 1) lines.line(js`writer.u8(${index});`);
  else lines.line(emitter.wire.writeUnsigned(emitter.context, index));
}

/**
 * The extra keys (`frame.extras`, own keys the schema does not declare). Dense: one map after the
 * positions, copied into an object written by the map layout's writer for the object's
 * `patternProperties`/`additionalProperties`/`propertyNames` (`extrasNode`). Sparse: each entry
 * in the object's own map, through the map layout's entry writer (the same checks).
 */
function writeExtras(emitter: HeadEncoder, frame: ObjectFrame, form: Form, rest: Name, scope: NameScope, lines: Lines): void {
  const dense = (body: Lines): void => writeExtrasObject(emitter, frame, rest, scope, body);
  const sparse = (body: Lines): void => {
    body.line(js`for (const ${frame.key} of ${frame.extras}) ${entryWriter(frame)}(writer, ${frame.key}, ${frame.record}[${frame.key}], depth - 1);`);
  };
  lines.block(js`if (${frame.extras} !== undefined)`, (body) => byForm(form, body, sparse, dense));
}
