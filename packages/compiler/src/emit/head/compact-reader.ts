import type { IrLiteral, IrObject, IrUnion } from '../../ir/types.js';
import { cast, Code, comment, hexLiteral, js, Lines, literal, typed } from '../module/code.js';
import type { Name, NameScope } from '../module/names.js';
import { readUndeclaredEntry } from '../specialised/object-reader.js';
import { headObjectDecoding } from './object-decoding.js';
import { declaredNames, extrasNode } from '../compact-layout/extras.js';
import { beginCompactReader, declareSeen, finishObject, markSeen, readAtPosition, readEnumIndex, type CompactReadFrame } from '../compact-layout/reader.js';
import type { HeadDecoder } from './wire.js';

/**
 * Decoders of the compact layout (README "Compact layout") in a head format (CBOR, MessagePack:
 * `wire.ts`). The first byte tells an object's form: the dense array is read position by
 * position, straight-line (no keys to match), where the end of the array (or CBOR's `undefined`,
 * 0xf7) is an absent property; the sparse map is read key by
 * key, a position's value into its property, in any order, each position at most once. Checks and
 * errors are the map layout's: a required property absent is "missing required property" at the
 * object's start, elements past the declared positions (and the extras map, when allowed) "more
 * elements than declared positions", like an undeclared key; in the sparse form, a key that is no
 * declared position is refused at the key.
 */

/** What the parts of a compact object reader share; `result` also holds the locals of `readUndeclaredEntry`, for the sparse form's text keys. */
interface CompactFrame extends CompactReadFrame {
  emitter: HeadDecoder;
  uint8: Name;
}

/** The body of a positional object's read function; `variant`: the object is that variant of a union (its index comes first in the dense form, already checked). */
export function emitCompactObjectReader(emitter: HeadDecoder, node: IrObject, scope: NameScope, lines: Lines, variant?: number): void {
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const begun = beginCompactReader(emitter, node, scope, lines, variant, ['uint8'], (at) => [js`const ${at} = reader.pos;`, js`if (${at} >= reader.end) reader.failEnd(1);`]);
  const frame: CompactFrame = { ...begun.frame, emitter, uint8: begun.own.uint8 };
  const { start, count, uint8 } = frame;
  const wire = emitter.wire;
  // A map head: the sparse form; anything else is read as the dense array (or refused as not one).
  lines.ifElse(
    wire.isMap(js`reader.uint8[${start}]`),
    (sparse) => readSparse(frame, sparse),
    (dense) => {
      // Neither form: say both were expected (the array head reader would name the array only).
      dense.line(js`if (!(${wire.isArray(js`reader.uint8[${start}]`)})) throw ${context.use('expectedType')}(reader, 'array or map', ${start}, ${path});`);
      dense.line(js`const ${count} = ${wire.readArrayHead(context, path)};`);
      if (variant !== undefined) dense.line(js`${context.use('readIndex')}(reader, ${path}); // the variant index ${variant}`);
      dense.line(js`const ${uint8} = reader.uint8;`);
      readPositions(frame, dense);
      readRest(frame, dense);
    },
  );
  finishObject(frame, lines);
}

/**
 * The sparse form: a map whose unsigned integer keys are positions and whose text keys, when the
 * object allows extra entries, are theirs. Keys in any order (the encoder writes them increasing);
 * one bit per position refuses a repeated one. `undefined` is an absent property, and a reserved
 * position's value is skipped (checked as well-formed), as in the dense form.
 */
function readSparse(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, scope, positions, count, entry } = frame;
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const at = frame.result.at;
  const failAtKey = emitter.failAt(node, at);
  const [position, seen] = [scope.fresh('position'), scope.fresh('seen')];
  const slots = positions.slots.length;
  lines.line(js`const ${count} = ${emitter.wire.readMapHead(context, path)};`);
  declareSeen(seen, slots, lines);
  lines.block(js`for (let ${entry} = 0; ${emitter.moreItems(entry, count)}; ${entry}++)`, (body) => {
    body.line(js`const ${at} = reader.pos;`);
    body.line(js`const ${position} = ${context.use('readPositionKey')}(reader, ${path});`);
    body.block(js`if (${position} < 0)`, (text) => readTextKey(frame, text));
    body.line(js`if (${position} >= ${slots}) ${failAtKey('schema-violation', 'no declared position under this key')}`);
    // Only required constants (no position): every position key was refused above.
    if (slots === 0) return;
    markSeen(seen, slots, position, failAtKey, body);
    const undefinedByte = emitter.wire.holes?.undefinedByte;
    if (undefinedByte !== undefined) body.block(js`if (reader.pos < reader.end && reader.uint8[reader.pos] === ${hexLiteral(undefinedByte)})`, (absent) => absent.line(new Code('reader.pos++;')).line(new Code('continue;')));
    readAtPosition(frame, position, undefined, js`${context.runtime('skipAny')}(reader, depth - 1);`, body);
  });
}

/** A text key in the sparse form: an extra entry, where the object allows them and the name is not declared (declared ones go by position). */
function readTextKey(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, positions, scope, extras, key, result } = frame;
  const failAtKey = emitter.failAt(node, result.at);
  if (!positions.open) {
    lines.line(failAtKey('schema-violation', 'property not allowed'));
    return;
  }
  lines.line(js`const ${key} = ${emitter.context.use('readKey')}(reader, ${literal(node.schemaPath)});`);
  lines.line(js`if (${declaredNames(emitter.context, node)}.has(${key})) ${failAtKey('schema-violation', 'a declared property under its name instead of its position')}`);
  readUndeclaredEntry(emitter, headObjectDecoding(emitter), node, result, scope, extras, lines);
  lines.line(new Code('continue;'));
}

/** Each position in order, straight-line: absent past the array's end or as `undefined`. */
function readPositions(frame: CompactFrame, lines: Lines): void {
  const { emitter, node, scope, positions, shift, locals, count, uint8 } = frame;
  const { breakByte } = emitter.wire;
  const undefinedByte = emitter.wire.holes?.undefinedByte;
  // Element `element` is there: below a definite count, or before the break of an indefinite array.
  const present = (element: number): Code =>
    breakByte === undefined ? js`${element} < ${count}` : js`(${element} < ${count} || (${count} < 0 && reader.pos < reader.end && ${uint8}[reader.pos] !== ${hexLiteral(breakByte)}))`;
  // Where the format has `undefined`, it is an absent property; elsewhere every element is a value.
  const absentOr = (body: Lines, value: (lines: Lines) => void): void => {
    if (undefinedByte === undefined) value(body);
    else body.ifElse(js`reader.pos < reader.end && ${uint8}[reader.pos] === ${hexLiteral(undefinedByte)}`, (absent) => absent.line(new Code('reader.pos++;')), value);
  };
  positions.slots.forEach((index, position) => {
    const element = position + shift;
    if (index === undefined) {
      // A removed property's position (README "Schema evolution"): what older writers put there
      // is skipped (checked as well-formed, within the depth limit), as protobuf skips a field
      // it does not know, so new readers read old bytes.
      lines.line(comment(`position ${position}: reserved`));
      lines.block(js`if (${present(element)})`, (body) => absentOr(body, (value) => value.line(js`${frame.emitter.context.runtime('skipAny')}(reader, depth - 1);`)));
      return;
    }
    const property = node.properties[index];
    lines.line(comment(`position ${position}: ${property.schemaPath}`));
    lines.block(js`if (${present(element)})`, (body) => absentOr(body, (value) => emitter.readValue(property.node, locals[index], scope, value, new Code('depth - 1'))));
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
  const readExtras = (body: Lines): void => {
    if (!positions.open) {
      body.line(tooMany);
      return;
    }
    body.line(js`const ${rest} = ${cast(js`${emitter.functionOf(extrasNode(node))}(reader, depth - 1)`, new Code('Record<string, unknown>'))};`);
    body.block(js`for (const ${key} of Object.keys(${rest}))`, (loop) => {
      loop.line(js`if (${declaredNames(emitter.context, node)}.has(${key})) ${fail('schema-violation', 'a declared property in the extras map')}`);
      loop.line(js`(${extras} ??= []).push(${key}, ${rest}[${key}]);`);
    });
  };
  if (emitter.wire.breakByte !== undefined) {
    lines.block(js`if (${count} < 0)`, (indefinite) => {
      indefinite.block(js`if (!${context.use('atBreak')}(reader))`, (more) => {
        readExtras(more);
        if (positions.open) more.line(js`if (!${context.use('atBreak')}(reader)) ${tooMany}`);
      });
    });
  }
  lines.block(js`${new Code(emitter.wire.breakByte === undefined ? '' : 'else ')}if (${count} > ${declared})`, (more) => {
    if (positions.open) more.line(js`if (${count} > ${declared + 1}) ${tooMany}`);
    readExtras(more);
  });
}

/** An enum value from its index (an unsigned integer item). */
export function readHeadEnumIndex(emitter: HeadDecoder, node: IrLiteral, target: Code, scope: NameScope, lines: Lines): void {
  readEnumIndex(emitter, node, target, scope, lines, new Code('reader.pos'), js`${emitter.context.use('readIndex')}(reader, ${literal(node.schemaPath)})`);
}

/**
 * A discriminated union from `[variantIndex, …fields]` (the index picks the variant, whose own
 * function reads the array from its start: `variantReader`) or from `{variantIndex: sparse map}`
 * (the same function reads the map). The major type tells them apart: no guessing.
 */
export function emitIndexedUnionReader(emitter: HeadDecoder, node: IrUnion, objects: IrObject[], scope: NameScope, lines: Lines, variantReader: (object: IrObject, index: number) => Name): void {
  const context = emitter.context;
  const path = literal(node.schemaPath);
  const [start, count, index, at, value] = ['start', 'count', 'index', 'at', 'value'].map((fixed) => scope.claim(fixed));
  const fail = emitter.failAt(node, start);
  const wire = emitter.wire;
  const atBreak = wire.breakByte === undefined ? undefined : js`(${count} < 0 && reader.pos < reader.end && reader.uint8[reader.pos] === ${hexLiteral(wire.breakByte)})`;
  const missingIndex = js`if (${count} === 0${atBreak === undefined ? new Code('') : js` || ${atBreak}`}) ${fail('schema-violation', 'missing variant index')}`;
  emitter.depthGuard(node, lines);
  lines.line(js`const ${start} = reader.pos;`);
  lines.line(js`if (${start} >= reader.end) reader.failEnd(1);`);
  lines.ifElse(
    wire.isMap(js`reader.uint8[${start}]`),
    (sparse) => {
      const oneEntry = fail('schema-violation', 'a sparse variant is a map of one entry');
      sparse.line(js`const ${count} = ${wire.readMapHead(context, path)};`);
      sparse.line(missingIndex);
      sparse.line(js`if (${count} > 1) ${oneEntry}`);
      sparse.line(js`const ${at} = reader.pos;`);
      sparse.line(js`const ${index} = ${context.use('readIndex')}(reader, ${path});`);
      // The variant's own map, not its array: that would carry an index of its own.
      sparse.line(js`if (reader.pos >= reader.end) reader.failEnd(1);`);
      sparse.line(js`if (!(${wire.isMap(js`reader.uint8[reader.pos]`)})) throw ${context.use('expectedType')}(reader, 'map (a sparse variant)', reader.pos, ${path});`);
      sparse.line(js`let ${typed(value, emitter.type(node))};`);
      sparse.block(js`switch (${index})`, (cases) => {
        // The same depth: the one-entry map and the variant's map are one level, as the dense array is.
        objects.forEach((object, position) => cases.line(js`case ${position}: ${value} = ${variantReader(object, position)}(reader, depth); break;`));
        cases.line(js`default: ${emitter.failAt(node, at)('schema-violation', 'no variant for this index')}`);
      });
      if (wire.breakByte !== undefined) sparse.line(js`if (${count} < 0 && !${context.use('atBreak')}(reader)) ${oneEntry}`);
      sparse.line(js`return ${value};`);
    },
    (dense) => {
      // Neither form: say both were expected (readContainerHead would name the array only).
      dense.line(js`if (!(${wire.isArray(js`reader.uint8[${start}]`)})) throw ${context.use('expectedType')}(reader, 'array or map', ${start}, ${path});`);
      dense.line(js`const ${count} = ${wire.readArrayHead(context, path)};`);
      dense.line(missingIndex);
      dense.line(js`const ${at} = reader.pos;`);
      dense.line(js`const ${index} = ${context.use('readIndex')}(reader, ${path});`);
      dense.line(js`reader.pos = ${start};`);
      dense.block(js`switch (${index})`, (cases) => {
        objects.forEach((object, position) => cases.line(js`case ${position}: return ${variantReader(object, position)}(reader, depth);`));
      });
      dense.line(emitter.failAt(node, at)('schema-violation', `no variant for this index`));
    },
  );
}
