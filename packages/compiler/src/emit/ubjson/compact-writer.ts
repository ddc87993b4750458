import type { IrObject } from '../../ir/types.js';
import { Marker } from '@binschema/runtime/ubjson';
import { Code, comment, hexLiteral, js, Lines } from '../module/code.js';
import type { Name, NameScope } from '../module/names.js';
import { readObjectForWrite, type ObjectEncoding, type ObjectFrame } from '../specialised/object-writer.js';
import { compactPositions, type CompactPositions } from '../compact-layout/positions.js';
import { byForm, checkOmittedConstants, holeForm, lastPresentLength, writeExtrasObject, type Form } from '../compact-layout/writer.js';
import { ubjsonKey, ubjsonLength } from '../../plan/ubjson.js';
import type { EncoderEmitter } from '../specialised/encoder.js';

/**
 * UBJSON encoders of the compact layout (README "Compact layout"). UBJSON has no `undefined` and
 * readers skip no-ops, so nothing can stand for an absent property; an object has two forms:
 * - dense: `[` its properties by position `]`, ending at the last present one, allowed only with
 *   no hole before it (an absent optional property or a reserved position); its extra entries,
 *   when allowed and present, one object after the positions, and then every position written;
 * - sparse: `{` the present properties under their positions as canonical decimal keys, in
 *   increasing order, then the extra entries as one object under the empty key `""` `}`.
 * Dense is written whenever it is allowed: it is then never larger (see `chooseForm`). A
 * union variant's dense form holds its index first; its sparse form is a one-entry object from its
 * index (decimal text) to the sparse object. Containers are `[`…`]` and `{`…`}`, as every other
 * UBJSON writer here. The checks are the map layout's (`readObjectForWrite`).
 */

/** The body of a positional object's write function; `variant`: the index written first, as a variant of a discriminated union. */
export function emitUbjsonCompactObjectWriter(emitter: EncoderEmitter, encoding: ObjectEncoding, node: IrObject, scope: NameScope, lines: Lines, variant?: number): void {
  // Claimed before the property locals (named after the schema), so those get suffixes, not these.
  const [length, present, sparse, rest] = ['length', 'present', 'sparse', 'rest'].map((fixed) => scope.claim(fixed));
  const { frame, open } = readObjectForWrite(emitter, encoding, node, scope, lines);
  const positions = compactPositions(node);
  checkOmittedConstants(emitter, frame, positions, lines);
  const form = chooseForm(frame, positions, open, { length, present, sparse }, lines);
  writeStart(emitter, form, variant, lines);
  positions.slots.forEach((index, position) => {
    // A reserved position is a hole: the dense form is only written when none is before the end.
    if (index === undefined) return;
    const property = node.properties[index];
    const write = (body: Lines): void => {
      body.line(comment(`position ${position}: ${property.schemaPath}`));
      writeSparseKey(emitter, form, String(position), `position ${position}`, body);
      emitter.writeValue(property.node, frame.locals[index], property.name, scope, body, new Code('depth - 1'));
    };
    if (property.required) write(lines);
    else lines.block(js`if (${frame.locals[index]} !== undefined)`, write);
  });
  if (open) {
    lines.block(js`if (${frame.extras} !== undefined)`, (body) => {
      writeSparseKey(emitter, form, '', 'the extra entries', body);
      writeExtrasObject(emitter, frame, rest, scope, body);
    });
  }
  writeEnd(form, variant, lines);
}

/**
 * The form (`holeForm`). Dense whenever allowed: the bytes the forms do not share are, dense, `[`
 * `]` (and `{` `}` around the extras); sparse, `{` `}` and a key of at least three bytes (length
 * marker, length, digits) per present property (and the key `""`, two bytes, with `{` `}` around
 * the extras). A variant adds its index (two or three bytes) to the dense form and `{` `}` and a
 * key of at least three bytes to the sparse one. So dense is never larger, and ties only for an
 * empty object.
 */
function chooseForm(frame: ObjectFrame, positions: CompactPositions, open: boolean, locals: { length: Name; present: Name; sparse: Name }, lines: Lines): Form {
  return holeForm(frame, positions, open, locals, () => {
    lines.line(js`const ${locals.length} = ${lastPresentLength(frame, positions)};`);
    return locals.length;
  }, lines);
}

/** `[` (and a variant's index) or `{` (after a variant's `{` and index key). */
function writeStart(emitter: EncoderEmitter, form: Form, variant: number | undefined, lines: Lines): void {
  const dense = (body: Lines): void => {
    if (variant === undefined) body.line(js`writer.u8(${hexLiteral(Marker.ArrayStart)}); // [`);
    else emitter.writeConstant(Uint8Array.of(Marker.ArrayStart, ...ubjsonLength(variant)), `array start variant ${variant}`, `UBJSON [ and the variant index ${variant}`, body);
  };
  const sparse = (body: Lines): void => {
    if (variant === undefined) body.line(js`writer.u8(${hexLiteral(Marker.ObjectStart)}); // {`);
    else emitter.writeConstant(Uint8Array.of(Marker.ObjectStart, ...ubjsonKey(String(variant)), Marker.ObjectStart), `object start variant ${variant}`, `UBJSON {, the variant index ${variant} as a key, and the { of its sparse object`, body);
  };
  byForm(form, lines, sparse, dense);
}

/** `]`, or `}` (twice for a variant: its sparse object and the one-entry object around it). */
function writeEnd(form: Form, variant: number | undefined, lines: Lines): void {
  const sparse = (body: Lines): void => {
    body.line(js`writer.u8(${hexLiteral(Marker.ObjectEnd)}); // }`);
    if (variant !== undefined) body.line(js`writer.u8(${hexLiteral(Marker.ObjectEnd)}); // } of the one-entry object around the variant`);
  };
  const dense = (body: Lines): void => {
    body.line(js`writer.u8(${hexLiteral(Marker.ArrayEnd)}); // ]`);
  };
  byForm(form, lines, sparse, dense);
}

/** A sparse form's key, only in that form: a position as canonical decimal text, or `""` before the extras. */
function writeSparseKey(emitter: EncoderEmitter, form: Form, text: string, what: string, lines: Lines): void {
  const write = (body: Lines): void => {
    emitter.writeConstant(ubjsonKey(text), `key ${JSON.stringify(text)}`, `UBJSON key ${JSON.stringify(text)}: ${what} in the sparse form`, body);
  };
  if (form === 'sparse') write(lines);
  else if (form !== 'dense') lines.block(js`if (${form})`, (inner) => write(inner));
}

/** An enum value's index, the smallest integer marker that holds it. */
export function writeUbjsonIndex(emitter: EncoderEmitter, index: number, lines: Lines): void {
  emitter.writeConstant(Uint8Array.from(ubjsonLength(index)), `index ${index}`, `UBJSON integer ${index}: an enum index`, lines);
}
