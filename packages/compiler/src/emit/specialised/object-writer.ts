/**
 * The body of an object's write function in the map layout, the same in every format
 * (`emitObjectWriter`); the format gives its `ObjectEncoding`. The compact layout reuses its
 * checks (`readObjectForWrite`).
 */
import type { IrObject } from '../../ir/types.js';
import { isClosedObject } from '../../plan/shape.js';
import { castOperand, Code, js, Lines, literal, tsOnly, typed } from '../module/code.js';
import { propertyCountChecks, patternConstant, patternRegExp, propertyNameChecks, requiredChecks, type Fail } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { keyDoc } from '../module/text-table.js';
import type { EncoderEmitter } from './encoder.js';

/** How a format writes an object: what `emitObjectWriter` asks of it. */
export interface ObjectEncoding {
  /** Pre-encoded keys, the write order, and the object's start when it is merged with the first key. */
  plan(node: IrObject): ObjectWritePlan;
  /** Writes the object's start (`count` entries follow). */
  writeStart(count: Name, lines: Lines): void;
  /** Writes the object's end, if the format has one. */
  writeEnd(lines: Lines): void;
  /** The comment of a pre-encoded key constant (shared by every object with that key). */
  /** The runtime function that writes an extra key. */
  keyWriter: string;
  /** Whether keys are written in RFC 8949 §4.2.1 order (CBOR deterministic mode). */
  sortKeys: boolean;
  /** Locals the format reserves in object writers besides the shared ones (CBOR: `next`, the sorted-extras cursor). */
  reservedLocals: readonly string[];
}

export interface ObjectWritePlan {
  /** Encoded key per entry of `IrObject.properties`. */
  keys: readonly Uint8Array[];
  /** Property indices in the order the encoder writes them. */
  writeOrder: readonly number[];
  /** The object's start merged with the first written key (that property is required), as one constant. */
  mergedStart: { bytes: Uint8Array; constantName: string; what: string } | undefined;
}

/**
 * The body of an object's write function, the same in every format. Declared properties are read
 * once into locals, checked and written after pre-encoded key bytes; when the format allows, the
 * object's start is merged with the first key as one constant. Extra keys, when the schema allows
 * them, go through one `write<Object>Entry` function.
 */
export function emitObjectWriter(emitter: EncoderEmitter, encoding: ObjectEncoding, node: IrObject, scope: NameScope, lines: Lines): void {
  const frame = beginObject(emitter, encoding, node, scope, lines);
  if (node.properties.length === 0 && !isClosedObject(node)) {
    writeMap(frame, emitter.failWith(node, undefined), lines);
    return;
  }
  writeEntries(frame, readObject(frame, lines), lines);
}

/**
 * An object writer's checks without its writes, for another layout (`head/compact-writer.ts`, `ubjson/compact-writer.ts`):
 * the guards, the declared properties in `frame.locals` (required ones checked), the key count
 * checked; `open`: extra keys are allowed, and those present are in `frame.extras`.
 */
export function readObjectForWrite(emitter: EncoderEmitter, encoding: ObjectEncoding, node: IrObject, scope: NameScope, lines: Lines): { frame: ObjectFrame; open: boolean } {
  const frame = beginObject(emitter, encoding, node, scope, lines);
  return { frame, open: readObject(frame, lines) };
}

/** The depth and type guards and the fixed locals every object writer starts with. */
function beginObject(emitter: EncoderEmitter, encoding: ObjectEncoding, node: IrObject, scope: NameScope, lines: Lines): ObjectFrame {
  // Fixed locals first, so property locals (named after the schema) get suffixes, not these.
  const [record, count, extras, keys, key, extra, before, own] = ['record', 'count', 'extras', 'keys', 'key', 'extra', 'before', 'own'].map((fixed) => scope.claim(fixed));
  const [next] = encoding.reservedLocals.map((fixed) => scope.claim(fixed));
  const frame: ObjectFrame = { emitter, encoding, node, scope, plan: encoding.plan(node), record, count, extras, keys, key, next, extra, before, own, locals: [] };
  // The depth and plain-object guards in one runtime call.
  lines.line(js`const ${record} = ${emitter.context.use('expectRecord')}(value, depth, ${literal(node.schemaPath)});`);
  return frame;
}

/** Reads the declared properties and counts the entries (see `readObjectForWrite`); true when extra keys are allowed. */
function readObject(frame: ObjectFrame, lines: Lines): boolean {
  readDeclared(frame, lines);
  const open = countEntries(frame, lines);
  propertyCountChecks(frame.node, frame.count, frame.emitter.failWith(frame.node, undefined), lines);
  return open;
}

/** Nothing declared, other keys allowed (a map): every own key is an entry, in key order or §4.2.1 order. */
function writeMap(frame: ObjectFrame, fail: Fail, lines: Lines): void {
  const { emitter, encoding, node, record, count, keys, key } = frame;
  const context = emitter.context;
  lines.line(js`const ${keys} = Object.keys(${record});`);
  lines.line(js`const ${count} = ${keys}.length;`);
  node.extraRequired.forEach((name) => {
    lines.line(js`if (${context.use('ownValue')}(${record}, ${literal(name)}) === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  });
  propertyCountChecks(node, count, fail, lines);
  if (encoding.sortKeys) lines.line(js`${keys}.sort(${context.use('compareKeys')});`);
  encoding.writeStart(count, lines);
  // Keys from Object.keys are own, so `record[key]` is the own value (also for `__proto__`).
  lines.line(js`for (const ${key} of ${keys}) ${entryWriter(frame)}(writer, ${key}, ${record}[${key}], depth - 1);`);
  encoding.writeEnd(lines);
}

/** What the parts of an object writer share. */
export interface ObjectFrame {
  emitter: EncoderEmitter;
  encoding: ObjectEncoding;
  node: IrObject;
  scope: NameScope;
  plan: ObjectWritePlan;
  record: Name;
  count: Name;
  extras: Name;
  keys: Name;
  key: Name;
  /** Declared when the format reserves it (`reservedLocals`). */
  next: Name | undefined;
  extra: Name;
  before: Name;
  /** The own-key count of a closed object. */
  own: Name;
  /** One local per declared property, in schema order. */
  locals: Name[];
}

/**
 * Whether the declared properties are read by walking the object's own keys (`readWalking`)
 * rather than by a named load per declared name. Walking is the default: a for-in key's
 * `record[key]` compiles to a load by enum-cache index, checked against the map at run time,
 * so the optimised writer holds no input map. Named loads specialise it to the hidden classes
 * of the caller's objects; when those objects die, the next collection deoptimises every writer
 * that saw them ("weak objects"), and a process that encodes fresh JSON.parse output re-optimises
 * them after each major GC (issue 13: UBJSON large-object encode fell to 0.36x json-pack in the
 * mixed bench). Objects whose `required` names undeclared properties keep the named loads.
 */
function readsByWalking(node: IrObject): boolean {
  return node.extraRequired.length === 0 && node.properties.length > 0;
}

/** Reads every declared property once and checks the required ones are there. */
function readDeclared(frame: ObjectFrame, lines: Lines): void {
  const { emitter, node, scope, record } = frame;
  const fail = emitter.failWith(node, undefined);
  if (readsByWalking(node)) readWalking(frame, lines);
  else {
    for (const property of node.properties) {
      const local = scope.fresh(property.name, { fallback: 'property' });
      lines.line(js`const ${local} = ${readProperty(emitter, record, property.name)};`);
      frame.locals.push(local);
    }
  }
  const required = node.properties.map((property, index) => ({ property, index })).filter(({ property }) => property.required);
  requiredChecks(emitter.context, required.map(({ property }) => property.name), required.map(({ index }) => frame.locals[index]), fail, lines);
  for (const name of node.extraRequired) {
    lines.line(js`if (${readProperty(emitter, record, name)} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  }
}

/**
 * One pass over the own keys: each declared name stores its value in its local; any other key
 * is, in a closed object, kept in `extra` (the first, refused after the required checks) and,
 * in an open one, collected in `extras` in key order (the entries written after the declared
 * ones). A key found is own, so no `ownValue` is needed for names Object.prototype has.
 */
function readWalking(frame: ObjectFrame, lines: Lines): void {
  const { node, scope, record, key, extra, extras } = frame;
  const closed = isClosedObject(node);
  for (const property of node.properties) {
    const local = scope.fresh(property.name, { fallback: 'property' });
    lines.line(js`let ${typed(local, new Code('unknown'))};`);
    frame.locals.push(local);
  }
  lines.line(closed ? js`let ${typed(extra, new Code('string | undefined'))};` : js`let ${typed(extras, new Code('string[] | undefined'))};`);
  lines.block(js`for (const ${key} in ${record})`, (loop) => {
    loop.line(js`if (!Object.prototype.hasOwnProperty.call(${record}, ${key})) continue;`);
    loop.block(js`switch (${key})`, (cases) => {
      node.properties.forEach((property, index) => {
        cases.line(js`case ${literal(property.name)}: ${frame.locals[index]} = ${record}[${key}]; break;`);
      });
      cases.line(closed ? js`default: ${extra} ??= ${key};` : js`default: (${extras} ??= []).push(${key});`);
    });
  });
}

/**
 * Counts the entries: declared properties present, plus (when allowed) the other keys, collected
 * in `extras`. A closed object only verifies it has no other keys. Returns whether extras exist.
 */
function countEntries(frame: ObjectFrame, lines: Lines): boolean {
  const { emitter, node, record, count, extras, keys, key, extra } = frame;
  const context = emitter.context;
  const closed = isClosedObject(node);
  const requiredCount = node.properties.filter((property) => property.required).length;
  const optional = node.properties.map((property, index) => ({ property, index })).filter((entry) => !entry.property.required);
  lines.line(js`${optional.length > 0 || !closed ? new Code('let') : new Code('const')} ${count} = ${requiredCount};`);
  for (const entry of optional) lines.line(js`if (${frame.locals[entry.index]} !== undefined) ${count}++;`);
  const refuseExtra = (): Code =>
    js`if (${extra} !== undefined) throw ${context.use('atPath')}(${context.use('encodeFailure')}('schema-violation', 'property not allowed', '', ${literal(node.schemaPath)}), ${extra});`;
  if (readsByWalking(node)) {
    if (closed) {
      lines.line(refuseExtra());
      return false;
    }
    lines.block(js`if (${extras} !== undefined)`, (body) => {
      body.line(js`${count} += ${extras}.length;`);
      if (frame.encoding.sortKeys) body.line(js`${extras}.sort(${context.use('compareKeys')});`);
    });
    return true;
  }
  const known = node.properties.length > 0 ? knownSet(frame) : undefined;
  if (closed) {
    // Extra keys are rare: count them without allocating, find the culprit only on mismatch. The
    // count is spelled out (not `countKeys`) so its for-in has this writer's own feedback.
    lines.line(js`let ${frame.own} = 0;`);
    lines.line(js`for (const ${key} in ${record}) if (Object.prototype.hasOwnProperty.call(${record}, ${key})) ${frame.own}++;`);
    lines.block(js`if (${frame.own} !== ${count})`, (body) => {
      body.line(js`const ${extra} = ${context.use('unknownKey')}(${record}, ${known ?? js`new Set${tsOnly(new Code('<string>'))}()`});`);
      body.line(refuseExtra());
    });
    return false;
  }
  // Every own key is a present declared property exactly when the counts agree.
  lines.line(js`const ${keys} = Object.keys(${record});`);
  lines.line(js`let ${typed(extras, new Code('string[] | undefined'))};`);
  lines.block(js`if (${keys}.length !== ${count})`, (body) => {
    body.line(js`${extras} = [];`);
    const test = known === undefined ? new Code('') : js`if (!${known}.has(${key})) `;
    body.line(js`for (const ${key} of ${keys}) ${test}${extras}.push(${key});`);
    body.line(js`${count} += ${extras}.length;`);
    if (frame.encoding.sortKeys) body.line(js`${extras}.sort(${context.use('compareKeys')});`);
  });
  return true;
}

/** The object's start, the entries in write order (schema order, or RFC 8949 §4.2.1 order), its end. */
function writeEntries(frame: ObjectFrame, open: boolean, lines: Lines): void {
  const { emitter, encoding, node, plan, record, count, extras, key } = frame;
  const writeEntry = open ? entryWriter(frame) : undefined;
  const merging = open && encoding.sortKeys;
  if (merging) lines.line(js`let ${frame.next!} = 0;`);
  if (plan.mergedStart !== undefined) emitter.writeConstant(plan.mergedStart.bytes, plan.mergedStart.constantName, plan.mergedStart.what, lines);
  else encoding.writeStart(count, lines);
  plan.writeOrder.forEach((index, position) => {
    const property = node.properties[index];
    const write = (body: Lines): void => {
      if (merging) flushExtras(frame, body, writeEntry!, literal(property.name));
      if (!(plan.mergedStart !== undefined && position === 0)) {
        emitter.writeConstant(plan.keys[index], `key ${property.name}`, keyDoc(property.name), body);
      }
      emitter.writeValue(property.node, frame.locals[index], property.name, frame.scope, body, new Code('depth - 1'));
      declaredPatternChecks(frame, index, body);
    };
    if (property.required) write(lines);
    else lines.block(js`if (${frame.locals[index]} !== undefined)`, write);
  });
  if (open) {
    const guard = js`if (${extras} !== undefined)`;
    if (merging) lines.block(guard, (body) => flushExtras(frame, body, writeEntry!, undefined));
    else lines.block(guard, (body) => body.line(js`for (const ${key} of ${extras}) ${writeEntry!}(writer, ${key}, ${record}[${key}], depth - 1);`));
  }
  encoding.writeEnd(lines);
}

/**
 * `patternProperties` also apply to declared properties whose name matches (known at compile
 * time): the value is checked against each by writing it and rewinding.
 */
export function declaredPatternChecks(frame: ObjectFrame, index: number, lines: Lines): void {
  const property = frame.node.properties[index];
  for (const pattern of frame.node.patternProperties) {
    if (!patternRegExp(frame.emitter.context, pattern.pattern, pattern.schemaPath).test(property.name)) continue;
    lines.block(new Code(''), (body) => {
      body.line(js`const ${frame.before} = writer.pos - writer.start;`);
      frame.emitter.writeValue(pattern.node, frame.locals[index], property.name, frame.scope, body, new Code('depth - 1'));
      body.line(js`writer.pos = writer.start + ${frame.before};`);
    });
  }
}

/** Deterministic mode: writes the sorted extra keys that sort before `before` (all when undefined). */
function flushExtras(frame: ObjectFrame, lines: Lines, writeEntry: Name, before: Code | undefined): void {
  const { extras } = frame;
  const next = frame.next!;
  const compareKeys = frame.emitter.context.use('compareKeys');
  const limit = before === undefined ? new Code('') : js` && ${compareKeys}(${extras}[${next}], ${before}) < 0`;
  lines.line(js`while (${extras} !== undefined && ${next} < ${extras}.length${limit}) ${writeEntry}(writer, ${extras}[${next}], ${castOperand(new Code('value'), new Code('Record<string, unknown>'))}[${extras}[${next}++]], depth - 1);`);
}

/**
 * `ownValue(record, name)`: the own property only, as the walking reads, the generic encoders and
 * `JSON.stringify` take it (an inherited `points` or `toString` is no member of the value).
 */
function readProperty(emitter: EncoderEmitter, record: Code, name: string): Code {
  return js`${emitter.context.use('ownValue')}(${record}, ${literal(name)})`;
}

function words(node: IrObject): string {
  return node.schemaPath.replace(/^#\/?/, '') || 'root';
}

/** A hoisted `Set` of the declared property names (for finding extra keys). */
function knownSet(frame: ObjectFrame): Code {
  const { emitter, node } = frame;
  const names = node.properties.map((property) => literal(property.name).text).join(', ');
  return emitter.context.constant(`properties ${words(node)}`, new Code(`new Set${tsOnly(new Code('<string>')).text}([${names}])`), `declared property names (first used at ${node.schemaPath}), to find undeclared keys`);
}

/**
 * `write<Object>Entry(writer, key, item, depth)`: one extra key (an own key) and its value, checked against
 * `propertyNames`, every matching `patternProperties` schema and otherwise `additionalProperties`.
 */
export function entryWriter(frame: ObjectFrame): Name {
  const { emitter, node } = frame;
  const context = emitter.context;
  const scope = context.scope.child();
  for (const fixed of ['writer', 'key', 'item', 'depth', 'before']) scope.claim(fixed);
  const lines = new Lines();
  lines.tryCatch(
    (inner) => {
      if (node.propertyNames !== undefined) propertyNameChecks(context, node.propertyNames, new Code('key'), emitter.failWith(node.propertyNames, undefined), inner);
      inner.line(js`${context.runtime(frame.encoding.keyWriter)}(writer, key);`);
      if (node.patternProperties.length === 0) {
        emitter.writeValue(node.additionalProperties, new Code('item'), undefined, scope, inner, new Code('depth'));
        return;
      }
      const matched = scope.claim('matched');
      inner.line(js`let ${matched} = false;`);
      for (const pattern of node.patternProperties) {
        const regexp = patternConstant(context, pattern.pattern, pattern.schemaPath);
        inner.block(js`if (${regexp}.test(key))`, (branch) => {
          // Every matching pattern applies (JSON Schema): the first writes, later ones check by writing and rewinding.
          branch.ifElse(
            matched,
            (check) => {
              check.line(js`const before = writer.pos - writer.start;`);
              emitter.writeValue(pattern.node, new Code('item'), undefined, scope, check, new Code('depth'));
              check.line(js`writer.pos = writer.start + before;`);
            },
            (first) => emitter.writeValue(pattern.node, new Code('item'), undefined, scope, first, new Code('depth')),
          );
          branch.line(js`${matched} = true;`);
        });
      }
      inner.block(js`if (!${matched})`, (rest) => emitter.writeValue(node.additionalProperties, new Code('item'), undefined, scope, rest, new Code('depth')));
    },
    (handler) => handler.line(js`throw ${context.use('atPath')}(error, key);`),
  );
  // Objects whose undeclared keys take the same value (a `$ref` as `additionalProperties`) share one writer.
  const body = lines.toCode();
  const existing = context.entryWriters.get(body.text);
  if (existing !== undefined) return existing;
  const name = context.scope.fresh(`write ${words(node)} entry`, { pascal: false });
  context.entryWriters.set(body.text, name);
  context.functions.push({
    name,
    docs: [`Writes one key of ${node.schemaPath} that is not a declared property, with its value.`, `@schema ${node.schemaPath}`],
    params: [js`writer: ${context.runtimeType('Writer')}`, new Code('key: string'), new Code('item: unknown'), new Code('depth: number')],
    returnType: new Code('void'),
    body,
    exported: false,
  });
  return name;
}
