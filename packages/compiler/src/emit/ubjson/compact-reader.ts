import type { IrLiteral, IrObject, IrUnion } from '../../ir/types.js';
import { Marker } from '@binschema/runtime/ubjson';
import { cast, Code, comment, hexLiteral, js, Lines, literal, typed } from '../module/code.js';
import type { Name, NameScope } from '../module/names.js';
import { declaredNames, extrasNode } from '../compact-layout/extras.js';
import { beginCompactReader, declareSeen, finishObject, markSeen, readAtPosition, readEnumIndex, type CompactReadFrame } from '../compact-layout/reader.js';
import type { DecoderEmitter } from '../specialised/decoder.js';
import { valueMarkerOf } from './object-decoding.js';

/**
 * UBJSON decoders of the compact layout (README "Compact layout"). The marker tells an object's
 * form: the dense `[` is read position by position, straight-line, until its end (absent from
 * there on); the sparse `{` key by key, each key a position as canonical decimal text or `""`
 * for the extra entries, in any order, each at most once. Every valid encoding is read: counted
 * and typed containers, no-ops between elements, any integer marker for indexes. Checks and errors
 * are the map layout's and the CBOR compact decoders': a required property absent is "missing
 * required property" at the object's marker, elements past the positions (or an extras object
 * where none is allowed) "more elements than declared positions" there too; in the sparse form a
 * key that names no position, a repeated one or a second `""` is refused at the key.
 */

/** What the parts of a compact object reader share. */
interface CompactFrame extends CompactReadFrame {
  /** The container's `$` type, or 0. */
  type: Name;
  /** The marker of the dense element read last, -1 once the array ended. */
  element: Name;
}

/** The body of a positional object's read function (its marker consumed); `variant`: the object is that variant of a union (its index comes first in the dense form, already checked). */
export function emitUbjsonCompactObjectReader(emitter: DecoderEmitter, node: IrObject, scope: NameScope, lines: Lines, variant?: number): void {
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const begun = beginCompactReader(emitter, node, scope, lines, variant, ['elementType', 'element'], (at) => [js`const ${at} = reader.pos - 1;`]);
  const frame: CompactFrame = { ...begun.frame, type: begun.own.elementType, element: begun.own.element };
  const { count, type } = frame;
  lines.ifElse(
    js`marker === ${hexLiteral(Marker.ObjectStart)}`,
    (sparse) => readSparse(frame, sparse),
    (dense) => {
      dense.line(js`if (marker !== ${hexLiteral(Marker.ArrayStart)}) throw ${context.use('expectedType')}(reader, 'array or object', marker, ${path});`);
      dense.line(js`const ${count} = ${context.use('readContainerStart')}(reader, 0, ${path});`);
      dense.line(js`const ${type} = ${context.use('CONTAINER')}.type;`);
      if (variant !== undefined) dense.line(js`${context.use('readIndex')}(reader, ${context.use('nextElement')}(reader, ${count}, 0, ${type}), ${path}); // the variant index ${variant}`);
      readPositions(frame, dense);
    },
  );
  finishObject(frame, lines);
}

/**
 * The sparse form: an object whose keys are positions (decimal text) and, when the object allows
 * extra entries, `""` for the object of them. One bit per position refuses a repeated one; a
 * reserved position's value is skipped (checked as well-formed), as in the dense form.
 */
function readSparse(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, scope, positions, count, type, entry } = frame;
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const at = frame.result.at;
  const failAtKey = emitter.failAt(node, at);
  const [position, seen, valueMarker, extrasRead] = [scope.fresh('position'), scope.fresh('seen'), scope.fresh('valueMarker'), scope.fresh('extrasRead')];
  const slots = positions.slots.length;
  lines.line(js`const ${count} = ${context.use('readContainerStart')}(reader, 2, ${path});`);
  lines.line(js`const ${type} = ${context.use('CONTAINER')}.type;`);
  declareSeen(seen, slots, lines);
  if (positions.open) lines.line(js`let ${extrasRead} = false;`);
  lines.block(js`for (let ${entry} = 0; ${context.use('nextEntry')}(reader, ${count}, ${entry}, ${type}); ${entry}++)`, (body) => {
    body.line(js`const ${at} = reader.pos;`);
    body.line(js`const ${position} = ${context.use('readPositionKey')}(reader, ${path});`);
    // No no-op between a key and its value (value-types.html#noop: only between elements).
    body.line(js`const ${valueMarker} = ${valueMarkerOf(context, type)};`);
    body.block(js`if (${position} < 0)`, (extras) => {
      if (!positions.open) {
        extras.line(failAtKey('schema-violation', 'property not allowed (no extra entries)'));
        return;
      }
      extras.line(js`if (${extrasRead}) ${failAtKey('schema-violation', 'the extra entries ("") repeated')}`);
      extras.line(js`${extrasRead} = true;`);
      readExtras(frame, valueMarker, extras);
      extras.line(new Code('continue;'));
    });
    body.line(js`if (${position} >= ${slots}) ${failAtKey('schema-violation', 'no declared position under this key')}`);
    // Only required constants (no position): every position key was refused above.
    if (slots === 0) return;
    markSeen(seen, slots, position, failAtKey, body);
    readAtPosition(frame, position, valueMarker, js`${context.use('readAnyValue')}(reader, ${valueMarker}, depth - 1);`, body);
  });
}

/** The object of extra entries (its marker in `marker`), read by the map layout's reader; no declared name may come back there. */
function readExtras(frame: CompactFrame, marker: Code, lines: Lines): void {
  const { emitter, node, extras, rest, key, fail } = frame;
  lines.line(js`const ${rest} = ${cast(js`${emitter.functionOf(extrasNode(node))}(reader, depth - 1, ${marker})`, new Code('Record<string, unknown>'))};`);
  lines.block(js`for (const ${key} of Object.keys(${rest}))`, (loop) => {
    loop.line(js`if (${declaredNames(emitter.context, node)}.has(${key})) ${fail('schema-violation', 'a declared property among the extra entries')}`);
    loop.line(js`(${extras} ??= []).push(${key}, ${rest}[${key}]);`);
  });
}

/**
 * Each position in order, straight-line, `element` holding the marker of the one just read (or
 * -1 once the array ended: every later position is absent). Then the object of extra entries,
 * when allowed, and the end.
 */
function readPositions(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, scope, positions, shift, locals, count, type, element, fail } = frame;
  const context = emitter.context;
  // The next element, when the array has not ended.
  const next = (index: number): Code => js`${element} >= 0 && (${element} = ${context.use('nextElement')}(reader, ${count}, ${index}, ${type})) >= 0`;
  lines.line(js`let ${element} = 0;`);
  positions.slots.forEach((index, position) => {
    const at = position + shift;
    if (index === undefined) {
      // A removed property's position (README "Schema evolution"): what older writers put there
      // is skipped (checked as well-formed, within the depth limit), so new readers read old bytes.
      lines.line(comment(`position ${position}: reserved`));
      lines.line(js`if (${next(at)}) ${context.use('readAnyValue')}(reader, ${element}, depth - 1);`);
      return;
    }
    const property = node.properties[index];
    lines.line(comment(`position ${position}: ${property.schemaPath}`));
    lines.block(js`if (${next(at)})`, (body) => emitter.readValue(property.node, locals[index], scope, body, new Code('depth - 1'), element));
  });
  const after = positions.slots.length + shift;
  const tooMany = fail('schema-violation', 'more elements than declared positions');
  lines.block(js`if (${next(after)})`, (more) => {
    if (!positions.open) {
      more.line(tooMany);
      return;
    }
    more.line(js`if (${element} !== ${hexLiteral(Marker.ObjectStart)}) ${tooMany}`);
    readExtras(frame, element, more);
    more.line(js`if (${next(after + 1)}) ${tooMany}`);
  });
}

/** An enum value from its index (any integer marker). */
export function readUbjsonEnumIndex(emitter: DecoderEmitter, node: IrLiteral, target: Code, scope: NameScope, lines: Lines, marker: Code): void {
  readEnumIndex(emitter, node, target, scope, lines, new Code('reader.pos - 1'), js`${emitter.context.use('readIndex')}(reader, ${marker}, ${literal(node.schemaPath)})`);
}

/**
 * A discriminated union from `[variantIndex, …fields]` (the index picks the variant, whose own
 * function reads the array from its start: `variantReader`) or from `{"variantIndex": sparse
 * object}` (the same function reads the inner object). The marker tells them apart: no guessing.
 */
export function emitIndexedUnionReader(emitter: DecoderEmitter, node: IrUnion, objects: IrObject[], scope: NameScope, lines: Lines, variantReader: (object: IrObject, index: number) => Name): void {
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const [start, count, type, index, at, value, valueMarker] = ['start', 'count', 'elementType', 'index', 'at', 'value', 'valueMarker'].map((fixed) => scope.claim(fixed));
  const fail = emitter.failAt(node, start);
  const noVariant = emitter.failAt(node, at)('schema-violation', 'no variant for this index');
  emitter.depthGuard(node, lines);
  lines.line(js`const ${start} = reader.pos - 1;`);
  lines.ifElse(
    js`marker === ${hexLiteral(Marker.ObjectStart)}`,
    (sparse) => {
      sparse.line(js`const ${count} = ${context.use('readContainerStart')}(reader, 2, ${path});`);
      sparse.line(js`const ${type} = ${context.use('CONTAINER')}.type;`);
      sparse.line(js`if (!${context.use('nextEntry')}(reader, ${count}, 0, ${type})) ${fail('schema-violation', 'missing variant index')}`);
      sparse.line(js`const ${at} = reader.pos;`);
      sparse.line(js`const ${index} = ${context.use('readPositionKey')}(reader, ${path});`);
      sparse.line(js`const ${valueMarker} = ${valueMarkerOf(context, type)};`);
      // The variant's own sparse object, not its array: that would carry an index of its own.
      sparse.line(js`if (${valueMarker} !== ${hexLiteral(Marker.ObjectStart)}) throw ${context.use('expectedType')}(reader, 'object (a sparse variant)', ${valueMarker}, ${path});`);
      sparse.line(js`let ${typed(value, emitter.type(node))};`);
      sparse.block(js`switch (${index})`, (cases) => {
        // The same depth: the one-entry object and the variant's object are one level, as the dense array is.
        objects.forEach((object, position) => cases.line(js`case ${position}: ${value} = ${variantReader(object, position)}(reader, depth, ${valueMarker}); break;`));
        cases.line(js`default: ${noVariant}`);
      });
      sparse.line(js`if (${context.use('nextEntry')}(reader, ${count}, 1, ${type})) ${fail('schema-violation', 'a sparse variant is an object of one entry')}`);
      sparse.line(js`return ${value};`);
    },
    (dense) => {
      dense.line(js`if (marker !== ${hexLiteral(Marker.ArrayStart)}) throw ${context.use('expectedType')}(reader, 'array or object', marker, ${path});`);
      dense.line(js`const ${count} = ${context.use('readContainerStart')}(reader, 0, ${path});`);
      dense.line(js`const ${valueMarker} = ${context.use('nextElement')}(reader, ${count}, 0, ${context.use('CONTAINER')}.type);`);
      dense.line(js`if (${valueMarker} < 0) ${fail('schema-violation', 'missing variant index')}`);
      dense.line(js`const ${at} = reader.pos - 1;`);
      dense.line(js`const ${index} = ${context.use('readIndex')}(reader, ${valueMarker}, ${path});`);
      // The variant's function reads the array again from its head (after the marker).
      dense.line(js`reader.pos = ${start} + 1;`);
      dense.block(js`switch (${index})`, (cases) => {
        objects.forEach((object, position) => cases.line(js`case ${position}: return ${variantReader(object, position)}(reader, depth, marker);`));
      });
      dense.line(noVariant);
    },
  );
}
