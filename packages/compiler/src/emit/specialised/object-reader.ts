/**
 * The body of an object's read function in the map layout, the same in every format
 * (`emitObjectReader`); the format gives its `ObjectDecoding`. The compact layout reuses its
 * result and undeclared entries (`buildResult`, `readUndeclaredEntry`).
 */
import type { IrObject } from '../../ir/types.js';
import { isClosedObject } from '../../plan/shape.js';
import { cast, Code, joinCode, js, Lines, literal, typed } from '../module/code.js';
import { patternConstant, patternRegExp, propertyCountChecks, propertyNameChecks, requiredChecks } from '../checks/assertions.js';
import { isPlainPropertyName, type Name, type NameScope } from '../module/names.js';
import type { DecoderEmitter } from './decoder.js';
import { pathWords } from '../module/context.js';

/** Locals every object reader declares. */
export interface FixedLocals {
  at: Name;
  expected: Name;
  field: Name;
  key: Name;
  item: Name;
  valueStart: Name;
  matched: Name;
  result: Name;
  pair: Name;
  /** A pure map's `setEntry` state. */
  sparse: Name;
  /** The format's own locals (`ObjectDecoding.reservedLocals`), by name. */
  reserved: Record<string, Name>;
}

/** How a format reads an object: what `emitObjectReader` asks of it. */
export interface ObjectDecoding {
  /** Pre-encoded keys per declared property and the order encoders write them in. */
  plan(node: IrObject): { keys: readonly Uint8Array[]; writeOrder: readonly number[] };
  /** Locals the format declares in object readers besides the shared ones. */
  reservedLocals: readonly string[];
  /** Statements that check the object's start and read its head into `start` (its first byte) and `count`. */
  readHead(node: IrObject, start: Name, count: Name, fixed: FixedLocals, lines: Lines): void;
  /** The entry loop's condition. */
  moreEntries(entry: Name, count: Name, fixed: FixedLocals): Code;
  /** An expression that reads and decodes a key. */
  readKey(node: IrObject): Code;
  /** Statements between an entry's key and its value (UBJSON: the value's marker). */
  afterKey(fixed: FixedLocals, lines: Lines): void;
  /** The marker argument of value reads, if the format has one. */
  valueMarker(fixed: FixedLocals): Code | undefined;
  /**
   * Table-driven keys (`emitTableReader`): the module constant of the object's key table (its
   * declared names, in write order), and the call that matches a key against it, from write
   * position `expected` on: the property's index with the key consumed, or -1 with nothing consumed.
   */
  keys: { table(node: IrObject, writeOrder: readonly number[]): Code; match(table: Name, expected: Code): Code };
}

/**
 * The body of an object's read function, the same in every format. Objects with declared
 * properties: `emitTableReader`. Without: every key is decoded and its entry checked against the
 * map's schemas (`patternProperties`, `additionalProperties`), the result filled directly; a
 * closed one refuses its first key.
 */
export function emitObjectReader(emitter: DecoderEmitter, decoding: ObjectDecoding, node: IrObject, scope: NameScope, lines: Lines): void {
  if (node.properties.length > 0) {
    emitTableReader(emitter, decoding, node, scope, lines);
    return;
  }
  const [start, count, entry, at, field, key, item, valueStart, matched, result, pair, sparse] = [
    'start', 'count', 'entry', 'at', 'field', 'key', 'item', 'valueStart', 'matched', 'result', 'pair', 'sparse',
  ].map((fixed) => scope.claim(fixed));
  const reserved = Object.fromEntries(decoding.reservedLocals.map((name) => [name, scope.claim(name)]));
  const fixed: FixedLocals = { at, field, key, item, valueStart, matched, result, pair, sparse, expected: field, reserved };
  const frame: ReaderFrame = { emitter, decoding, node, fixed, scope };
  decoding.readHead(node, start, count, fixed, lines);
  const extras = isClosedObject(node) ? undefined : result;
  if (extras !== undefined) lines.line(js`const ${typed(result, emitter.type(node))} = {};`).line(js`let ${sparse} = false;`);
  lines.block(js`for (let ${entry} = 0; ${decoding.moreEntries(entry, count, fixed)}; ${entry}++)`, (body) => {
    body.line(js`const ${at} = reader.pos;`);
    body.line(js`const ${key} = ${decoding.readKey(node)};`);
    decoding.afterKey(fixed, body);
    unknownEntry(frame, extras, body, false);
  });
  finishObject(frame, start, [], extras, extras !== undefined, lines);
}

/**
 * The body of an object's read function when the format matches keys through a table (the
 * `keys` of `ObjectDecoding`): one loop over the entries, each key matched by the runtime from the
 * table (the one expected next in place, then the next few in write order, then by length),
 * each declared property's value read in one place, in its `case`. A key the table does not find
 * is decoded (undeclared, or a declared one as indefinite-length text) and looked up by name;
 * undeclared ones go to `patternProperties`/`additionalProperties`. Duplicate keys: the last one
 * wins, as in the generic decoder. The result is built as one literal in schema order (one hidden class).
 */
function emitTableReader(emitter: DecoderEmitter, decoding: ObjectDecoding, node: IrObject, scope: NameScope, lines: Lines): void {
  const { keys } = decoding;
  const plan = decoding.plan(node);
  const [start, count, entry, at, field, key, item, valueStart, matched, extrasName, expected, result, pair, sparse] = [
    'start', 'count', 'entry', 'at', 'field', 'key', 'item', 'valueStart', 'matched', 'extras', 'expected', 'result', 'pair', 'sparse',
  ].map((fixed) => scope.claim(fixed));
  const reserved = Object.fromEntries(decoding.reservedLocals.map((name) => [name, scope.claim(name)]));
  const fixed: FixedLocals = { at, field, key, item, valueStart, matched, result, pair, sparse, expected, reserved };
  const frame: ReaderFrame = { emitter, decoding, node, fixed, scope };
  const context = emitter.context;
  const table = context.constant(`keys ${pathWords(node.schemaPath, context.ir.rootName)}`, keys.table(node, plan.writeOrder), `the keys of ${node.schemaPath}, for matching map keys`);
  decoding.readHead(node, start, count, fixed, lines);
  const locals = node.properties.map((property) => {
    const local = scope.fresh(property.name, { fallback: 'property' });
    lines.line(js`let ${typed(local, js`${emitter.type(property.node)} | undefined`)};`);
    return local;
  });
  const extras = isClosedObject(node) ? undefined : extrasName;
  if (extras !== undefined) lines.line(js`let ${typed(extras, new Code('unknown[] | undefined'))};`);
  lines.line(js`let ${expected} = 0;`);
  lines.block(js`for (let ${entry} = 0; ${decoding.moreEntries(entry, count, fixed)}; ${entry}++)`, (body) => {
    body.line(js`const ${at} = reader.pos;`);
    // The runtime compares the key expected next in place, then the few after it, then the rest.
    body.line(js`let ${field} = ${keys.match(table, expected)};`);
    body.line(js`let ${key} = '';`);
    body.block(js`if (${field} < 0)`, (slow) => {
      slow.line(js`${key} = ${decoding.readKey(node)};`);
      slow.line(js`${field} = ${table}.fieldOf(${key});`);
    });
    decoding.afterKey(fixed, body);
    body.block(js`switch (${field})`, (cases) => {
      node.properties.forEach((_, index) => cases.caseClause(js`case ${index}:`, (inner) => declaredEntry(frame, index, plan.writeOrder.indexOf(index) + 1, locals, inner)));
      if (extras === undefined) cases.line(new Code('default:')).indented((inner) => unknownEntry(frame, extras, inner));
      else cases.block(new Code('default:'), (inner) => unknownEntry(frame, extras, inner));
    });
  });
  finishObject(frame, start, locals, extras, false, lines);
}

/** After the entries: required checks, the result (unless filled directly), count checks. */
function finishObject(frame: ReaderFrame, start: Name, locals: Name[], extras: Name | undefined, direct: boolean, lines: Lines): void {
  const { emitter, node, fixed } = frame;
  const { result } = fixed;
  const fail = emitter.failAt(node, start);
  const required = node.properties.map((property, index) => ({ property, index })).filter(({ property }) => property.required);
  requiredChecks(emitter.context, required.map(({ property }) => property.name), required.map(({ index }) => locals[index]), fail, lines);
  if (!direct) buildResult(emitter, node, locals, extras, fixed, lines);
  for (const name of node.extraRequired) {
    // Names the schema requires but does not declare can only come from the extra entries.
    const present = extras === undefined ? new Code('false') : js`Object.prototype.hasOwnProperty.call(${result}, ${literal(name)})`;
    lines.line(js`if (!(${present})) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  }
  if (node.minProperties !== undefined || node.maxProperties !== undefined) {
    propertyCountChecks(node, js`Object.keys(${result}).length`, fail, lines);
  }
  lines.line(js`return ${result};`);
}

/** What the parts of an object reader share. */
interface ReaderFrame {
  emitter: DecoderEmitter;
  decoding: ObjectDecoding;
  node: IrObject;
  fixed: FixedLocals;
  scope: NameScope;
}

/** One declared property's value; `patternProperties` matching its name check it again. */
function declaredEntry(frame: ReaderFrame, index: number, next: number, locals: Name[], lines: Lines): void {
  const { emitter, node, fixed, scope } = frame;
  const marker = frame.decoding.valueMarker(fixed);
  const context = emitter.context;
  const property = node.properties[index];
  const patterns = node.patternProperties.filter((pattern) => patternRegExp(context, pattern.pattern, pattern.schemaPath).test(property.name));
  if (patterns.length > 0) lines.line(js`const ${fixed.valueStart} = reader.pos;`);
  emitter.readValue(property.node, locals[index], scope, lines, new Code('depth - 1'), marker);
  for (const pattern of patterns) {
    const check = scope.fresh('check');
    lines.line(js`reader.pos = ${fixed.valueStart};`);
    lines.line(js`let ${typed(check, new Code('unknown'))};`);
    emitter.readValue(pattern.node, check, scope, lines, new Code('depth - 1'), marker);
  }
  lines.line(js`${fixed.expected} = ${next};`);
  lines.line(new Code('break;'));
}

/**
 * For another layout (`head/compact-reader.ts`): the value of an undeclared entry whose key is in
 * `fixed.key` (its entry at `fixed.at`), checked as the map layout checks it and pushed to `extras`.
 */
export function readUndeclaredEntry(emitter: DecoderEmitter, decoding: ObjectDecoding, node: IrObject, fixed: FixedLocals, scope: NameScope, extras: Name, lines: Lines): void {
  unknownEntry({ emitter, decoding, node, fixed, scope }, extras, lines, false);
}

/** A key the schema does not declare: `propertyNames`, then patterns, then `additionalProperties`. */
function unknownEntry(frame: ReaderFrame, extras: Name | undefined, lines: Lines, inSwitch = true): void {
  const { emitter, node, fixed, scope } = frame;
  const { key, at, item, valueStart, matched } = fixed;
  const marker = frame.decoding.valueMarker(fixed);
  const context = emitter.context;
  const fail = emitter.failAt(node, at);
  if (extras === undefined) {
    lines.line(fail('schema-violation', 'property not allowed'));
    return;
  }
  if (node.propertyNames !== undefined) propertyNameChecks(context, node.propertyNames, key, emitter.failAt(node.propertyNames, at), lines);
  lines.line(js`let ${typed(item, new Code('unknown'))};`);
  if (node.patternProperties.length === 0) {
    emitter.readValue(node.additionalProperties, item, scope, lines, new Code('depth - 1'), marker);
  } else {
    lines.line(js`const ${valueStart} = reader.pos;`);
    lines.line(js`let ${matched} = false;`);
    for (const pattern of node.patternProperties) {
      const regexp = patternConstant(context, pattern.pattern, pattern.schemaPath);
      // Every matching pattern applies (JSON Schema): each reads the value again from its start.
      lines.block(js`if (${regexp}.test(${key}))`, (branch) => {
        branch.line(js`reader.pos = ${valueStart};`);
        emitter.readValue(pattern.node, item, scope, branch, new Code('depth - 1'), marker);
        branch.line(js`${matched} = true;`);
      });
    }
    lines.block(js`if (!${matched})`, (rest) => emitter.readValue(node.additionalProperties, item, scope, rest, new Code('depth - 1'), marker));
  }
  if (extras === fixed.result) lines.line(js`${fixed.sparse} = ${context.use('setEntry')}(${cast(extras, new Code('Record<string, unknown>'))}, ${key}, ${item}, ${fixed.sparse});`);
  else lines.line(js`(${extras} ??= []).push(${key}, ${item});`);
  if (inSwitch) lines.line(new Code('break;'));
}

/** `const result: T = { … }` in schema order (one hidden class), then optional and extra properties. */
export function buildResult(emitter: DecoderEmitter, node: IrObject, locals: Name[], extras: Name | undefined, fixed: FixedLocals, lines: Lines): void {
  const context = emitter.context;
  const { result, pair } = fixed;
  const inherited = node.properties.some((property) => property.name in Object.prototype);
  lines.line(
    inherited
      ? js`const ${result} = ${cast(js`{ ${joinCode(literalMembers(node, locals), ', ')} }`, emitter.type(node))};`
      : js`const ${typed(result, emitter.type(node))} = { ${joinCode(literalMembers(node, locals), ', ')} };`,
  );
  optionalStores(emitter, node, locals, result, lines);
  if (extras !== undefined) {
    // In input order, so a duplicate key's last value wins (as in the generic decoder).
    lines.block(js`if (${extras} !== undefined)`, (body) => {
      body.line(js`for (let ${pair} = 0; ${pair} < ${extras}.length; ${pair} += 2) ${context.use('setOwn')}(${cast(result, new Code('Record<string, unknown>'))}, ${cast(js`${extras}[${pair}]`, new Code('string'))}, ${extras}[${pair} + 1]);`);
    });
  }
}

/** The members of the record literal: the required properties, in schema order. */
function literalMembers(node: IrObject, locals: Name[]): Code[] {
  return node.properties
    .map((property, index) => ({ property, index }))
    .filter((entry) => entry.property.required)
    .map(({ property, index }) => {
      const local = locals[index];
      if (isPlainPropertyName(property.name)) return property.name === local.text ? local : js`${new Code(property.name)}: ${local}`;
      // Computed key: a literal `"__proto__": x` would set the prototype.
      return js`[${literal(property.name)}]: ${local}`;
    });
}

/** `if (x !== undefined) result.x = x;` per optional property, in schema order. */
function optionalStores(emitter: DecoderEmitter, node: IrObject, locals: Name[], result: Name, lines: Lines): void {
  node.properties.forEach((property, index) => {
    if (property.required) return;
    const local = locals[index];
    const store = property.name === '__proto__'
      ? js`${emitter.context.use('setOwn')}(${cast(result, new Code('Record<string, unknown>'))}, ${literal(property.name)}, ${local});`
      : js`${isPlainPropertyName(property.name) ? js`${result}.${new Code(property.name)}` : js`${result}[${literal(property.name)}]`} = ${local};`;
    lines.line(js`if (${local} !== undefined) ${store}`);
  });
}
