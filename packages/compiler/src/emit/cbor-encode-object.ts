import type { IrObject } from '../ir/types.js';
import { planCborObject, type CborObjectPlan } from '../plan/cbor.js';
import { Code, inlineComment, js, literal, Lines } from './code.js';
import { propertyCountChecks, patternConstant, patternRegExp, propertyNameChecks, type Fail } from './checks.js';
import { isPlainPropertyName, type Name, type NameScope } from './names.js';
import type { CborEncoderEmitter } from './cbor-encode.js';

/**
 * The body of an object's write function. Declared properties are read once into locals, checked
 * and written after pre-encoded key bytes; a fixed property set (all required, nothing else
 * allowed) writes its map head merged with the first key as one constant. Extra keys, when the
 * schema allows them, go through one `write<Object>Entry` function.
 */
export function emitObjectWriter(emitter: CborEncoderEmitter, node: IrObject, scope: NameScope, lines: Lines): void {
  const fail = emitter.failWith(node, undefined);
  emitter.depthGuard(node, lines);
  lines.line(js`if (!${emitter.context.use('isPlainObject')}(value)) ${fail('unexpected-type', 'expected object')}`);
  // Fixed locals first, so property locals (named after the schema) get suffixes, not these.
  const [record, count, extras, keys, key, next, extra, before] = ['record', 'count', 'extras', 'keys', 'key', 'next', 'extra', 'before'].map((fixed) => scope.claim(fixed));
  const frame: ObjectFrame = { emitter, node, scope, plan: planCborObject(node, emitter.deterministic), record, count, extras, keys, key, next, extra, before, locals: [] };
  lines.line(js`const ${record} = value as Record<string, unknown>;`);
  if (node.properties.length === 0 && !(node.additionalProperties.kind === 'never' && node.patternProperties.length === 0)) {
    writeMap(frame, fail, lines);
    return;
  }
  readDeclared(frame, lines);
  const open = countEntries(frame, lines);
  propertyCountChecks(node, count, fail, lines);
  writeEntries(frame, open, lines);
}

/** Nothing declared, other keys allowed (a map): every own key is an entry, in key order or §4.2.1 order. */
function writeMap(frame: ObjectFrame, fail: Fail, lines: Lines): void {
  const { emitter, node, record, count, keys, key } = frame;
  const context = emitter.context;
  lines.line(js`const ${keys} = Object.keys(${record});`);
  lines.line(js`const ${count} = ${keys}.length;`);
  node.extraRequired.forEach((name) => {
    lines.line(js`if (${context.use('ownValue')}(${record}, ${literal(name)}) === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  });
  propertyCountChecks(node, count, fail, lines);
  if (emitter.deterministic) lines.line(js`${keys}.sort(${context.use('compareKeys')});`);
  lines.line(js`${context.runtime('writeHead')}(writer, 5, ${count});`);
  // Keys from Object.keys are own, so \`record[key]\` is the own value (also for \`__proto__\`).
  lines.line(js`for (const ${key} of ${keys}) ${entryWriter(emitter, node)}(writer, ${key}, ${record}[${key}], depth - 1);`);
}

/** What the parts of an object writer share. */
interface ObjectFrame {
  emitter: CborEncoderEmitter;
  node: IrObject;
  scope: NameScope;
  plan: CborObjectPlan;
  record: Name;
  count: Name;
  extras: Name;
  keys: Name;
  key: Name;
  next: Name;
  extra: Name;
  before: Name;
  /** One local per declared property, in schema order. */
  locals: Name[];
}

/** Reads every declared property once, in schema order, and checks the required ones are there. */
function readDeclared(frame: ObjectFrame, lines: Lines): void {
  const { emitter, node, scope, record } = frame;
  const fail = emitter.failWith(node, undefined);
  for (const property of node.properties) {
    const local = scope.fresh(property.name, { fallback: 'property' });
    lines.line(js`const ${local} = ${readProperty(emitter, record, property.name)}; ${inlineComment(property.schemaPath)}`);
    frame.locals.push(local);
  }
  node.properties.forEach((property, index) => {
    if (property.required) lines.line(js`if (${frame.locals[index]} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property.name)}`)}`);
  });
  for (const name of node.extraRequired) {
    lines.line(js`if (${readProperty(emitter, record, name, true)} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  }
}

/**
 * Counts the entries: declared properties present, plus (when allowed) the other keys, collected
 * in `extras`. A closed object only verifies it has no other keys. Returns whether extras exist.
 */
function countEntries(frame: ObjectFrame, lines: Lines): boolean {
  const { emitter, node, record, count, extras, keys, key, extra } = frame;
  const context = emitter.context;
  const closed = node.additionalProperties.kind === 'never' && node.patternProperties.length === 0;
  const requiredCount = node.properties.filter((property) => property.required).length;
  const known = node.properties.length > 0 ? knownSet(emitter, node) : undefined;
  const optional = node.properties.map((property, index) => ({ property, index })).filter((entry) => !entry.property.required);
  lines.line(js`${optional.length > 0 || !closed ? new Code('let') : new Code('const')} ${count} = ${requiredCount};`);
  for (const entry of optional) lines.line(js`if (${frame.locals[entry.index]} !== undefined) ${count}++;`);
  if (closed) {
    // Extra keys are rare: count them without allocating, find the culprit only on mismatch.
    lines.block(js`if (${context.use('countKeys')}(${record}) !== ${count})`, (body) => {
      body.line(js`const ${extra} = ${context.use('unknownKey')}(${record}, ${known ?? js`new Set<string>()`});`);
      body.line(js`if (${extra} !== undefined) throw ${context.use('atPath')}(${context.use('encodeFailure')}('schema-violation', 'property not allowed', '', ${literal(node.schemaPath)}), ${extra});`);
    });
    return false;
  }
  // Every own key is a present declared property exactly when the counts agree.
  lines.line(js`const ${keys} = Object.keys(${record});`);
  lines.line(js`let ${extras}: string[] | undefined;`);
  lines.block(js`if (${keys}.length !== ${count})`, (body) => {
    body.line(js`${extras} = [];`);
    const test = known === undefined ? new Code('') : js`if (!${known}.has(${key})) `;
    body.line(js`for (const ${key} of ${keys}) ${test}${extras}.push(${key});`);
    body.line(js`${count} += ${extras}.length;`);
    if (emitter.deterministic) body.line(js`${extras}.sort(${context.use('compareKeys')});`);
  });
  return true;
}

/** The map head, then the entries in write order (schema order, or RFC 8949 §4.2.1 order). */
function writeEntries(frame: ObjectFrame, open: boolean, lines: Lines): void {
  const { emitter, node, plan, record, count, extras, key, next } = frame;
  const context = emitter.context;
  const writeEntry = open ? entryWriter(emitter, node) : undefined;
  const merging = open && emitter.deterministic;
  if (merging) lines.line(js`let ${next} = 0;`);
  if (plan.fixedHead !== undefined && plan.writeOrder.length > 0) {
    const first = node.properties[plan.writeOrder[0]];
    const merged = Uint8Array.from([...plan.fixedHead, ...plan.keys[plan.writeOrder[0]]]);
    emitter.writeConstant(merged, `head ${node.properties.length} ${first.name}`, `CBOR map head (${node.properties.length} entries) and the key ${JSON.stringify(first.name)} that comes first`, lines);
  } else {
    lines.line(js`${context.runtime('writeHead')}(writer, 5, ${count});`);
  }
  plan.writeOrder.forEach((index, position) => {
    const property = node.properties[index];
    const write = (body: Lines): void => {
      if (merging) flushExtras(body, extras, next, writeEntry!, literal(property.name), context.use('compareKeys'));
      if (!(plan.fixedHead !== undefined && position === 0)) {
        emitter.writeConstant(plan.keys[index], `key ${property.name}`, keyDoc(property.name), body);
      }
      emitter.writeValue(property.node, frame.locals[index], property.name, frame.scope, body, new Code('depth - 1'));
      declaredPatternChecks(frame, index, body);
    };
    if (property.required) write(lines);
    else lines.block(js`if (${frame.locals[index]} !== undefined)`, write);
  });
  if (!open) return;
  const guard = js`if (${extras} !== undefined)`;
  if (merging) lines.block(guard, (body) => flushExtras(body, extras, next, writeEntry!, undefined, context.use('compareKeys')));
  else lines.block(guard, (body) => body.line(js`for (const ${key} of ${extras}) ${writeEntry!}(writer, ${key}, ${record}[${key}], depth - 1);`));
}

/**
 * `patternProperties` also apply to declared properties whose name matches (known at compile
 * time): the value is checked against each by writing it and rewinding.
 */
function declaredPatternChecks(frame: ObjectFrame, index: number, lines: Lines): void {
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
function flushExtras(lines: Lines, extras: Name, next: Name, writeEntry: Name, before: Code | undefined, compareKeys: Name): void {
  const limit = before === undefined ? new Code('') : js` && ${compareKeys}(${extras}[${next}], ${before}) < 0`;
  lines.line(js`while (${extras} !== undefined && ${next} < ${extras}.length${limit}) ${writeEntry}(writer, ${extras}[${next}], (value as Record<string, unknown>)[${extras}[${next}++]], depth - 1);`);
}

/** `record.name`, `record["odd key"]`, or `ownValue(record, "toString")` for names Object.prototype has. */
function readProperty(emitter: CborEncoderEmitter, record: Code, name: string, always = false): Code {
  if (name in Object.prototype || always) return js`${emitter.context.use('ownValue')}(${record}, ${literal(name)})`;
  return isPlainPropertyName(name) ? js`${record}.${new Code(name)}` : js`${record}[${literal(name)}]`;
}

function words(node: IrObject): string {
  return node.schemaPath.replace(/^#\/?/, '') || 'root';
}

/** The comment of a pre-encoded key constant (shared by every object with that key). */
export function keyDoc(name: string): string {
  return `CBOR text ${JSON.stringify(name)}: a map key with its head`;
}

/** A hoisted `Set` of the declared property names (for finding extra keys). */
function knownSet(emitter: CborEncoderEmitter, node: IrObject): Code {
  const names = node.properties.map((property) => literal(property.name).text).join(', ');
  return emitter.context.constant(`properties ${words(node)}`, new Code(`new Set<string>([${names}])`), `declared property names (first used at ${node.schemaPath}), to find undeclared keys`);
}

/**
 * `write<Object>Entry(writer, key, item, depth)`: one extra key (an own key) and its value, checked against
 * `propertyNames`, every matching `patternProperties` schema and otherwise `additionalProperties`.
 */
function entryWriter(emitter: CborEncoderEmitter, node: IrObject): Name {
  const context = emitter.context;
  const name = context.scope.fresh(`write ${words(node)} entry`, { pascal: false });
  const scope = context.scope.child();
  for (const fixed of ['writer', 'key', 'item', 'depth', 'before']) scope.claim(fixed);
  const lines = new Lines();
  lines.tryCatch(
    (inner) => {
      if (node.propertyNames !== undefined) propertyNameChecks(context, node.propertyNames, new Code('key'), emitter.failWith(node.propertyNames, undefined), inner);
      inner.line(js`${context.runtime('writeText')}(writer, key);`);
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
  context.functions.push({
    name,
    docs: [`Writes one key of ${node.schemaPath} that is not a declared property, with its value.`, `@schema ${node.schemaPath}`],
    params: [js`writer: ${context.runtime('Writer')}`, new Code('key: string'), new Code('item: unknown'), new Code('depth: number')],
    returnType: new Code('void'),
    body: lines.toCode(),
    exported: false,
  });
  return name;
}
