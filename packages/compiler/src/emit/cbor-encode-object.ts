import type { IrObject } from '../ir/types.js';
import { planCborObject } from '../plan/cbor.js';
import { Code, bytesLiteral, inlineComment, js, literal, Lines } from './code.js';
import { propertyCountChecks, patternConstant, propertyNameChecks } from './checks.js';
import { isPlainPropertyName, type Name, type NameScope } from './names.js';
import type { CborEncoderEmitter } from './cbor-encode.js';

/**
 * The body of an object's write function. Declared properties are read once into locals, checked
 * and written after pre-encoded key bytes; a fixed property set (all required, nothing else
 * allowed) writes its map head merged with the first key as one constant. Extra keys, when the
 * schema allows them, go through one `write<Object>Entry` function.
 */
export function emitObjectWriter(emitter: CborEncoderEmitter, node: IrObject, scope: NameScope, lines: Lines): void {
  const context = emitter.context;
  const plan = planCborObject(node, emitter.deterministic);
  const fail = emitter.failWith(node, undefined);
  emitter.depthGuard(node, lines);
  lines.line(js`if (typeof value !== 'object' || value === null || Array.isArray(value)) ${fail('unexpected-type', 'expected object')}`);
  // Fixed locals first, so property locals (named after the schema) get suffixes, not these.
  const [record, count, extrasName, keys, key, next, extra] = ['record', 'count', 'extras', 'keys', 'key', 'next', 'extra'].map((fixed) => scope.claim(fixed));
  lines.line(js`const ${record} = value as Record<string, unknown>;`);

  // Read every declared property once, in schema order.
  const locals = node.properties.map((property) => {
    const local = scope.fresh(property.name, { fallback: 'property' });
    lines.line(js`const ${local} = ${readProperty(emitter, record, property.name)}; ${inlineComment(property.schemaPath)}`);
    return local;
  });
  node.properties.forEach((property, index) => {
    if (property.required) lines.line(js`if (${locals[index]} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property.name)}`)}`);
  });
  for (const name of node.extraRequired) {
    lines.line(js`if (${readProperty(emitter, record, name, true)} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(name)}`)}`);
  }

  // The entry count: constant for a fixed set, else counted.
  const closed = node.additionalProperties.kind === 'never' && node.patternProperties.length === 0;
  const requiredCount = node.properties.filter((property) => property.required).length;
  const known = node.properties.length > 0 ? knownSet(emitter, node) : undefined;
  const optional = node.properties.map((property, index) => ({ property, index })).filter((entry) => !entry.property.required);
  lines.line(js`${optional.length > 0 || !closed ? new Code('let') : new Code('const')} ${count} = ${requiredCount};`);
  for (const entry of optional) lines.line(js`if (${locals[entry.index]} !== undefined) ${count}++;`);
  let extras: Name | undefined;
  if (closed) {
    // Extra keys are rare: count them without allocating, find the culprit only on mismatch.
    lines.block(js`if (${context.use('countKeys')}(${record}) !== ${count})`, (body) => {
      body.line(js`const ${extra} = ${context.use('unknownKey')}(${record}, ${known ?? js`new Set<string>()`});`);
      body.line(js`if (${extra} !== undefined) throw ${context.use('atPath')}(${context.use('encodeFailure')}('schema-violation', 'property not allowed', '', ${literal(node.schemaPath)}), ${extra});`);
    });
  } else {
    extras = extrasName;
    const list = extrasName;
    lines.line(js`const ${keys} = Object.keys(${record});`);
    lines.line(js`let ${extras}: string[] | undefined;`);
    lines.block(js`if (${keys}.length !== ${count})`, (body) => {
      body.line(js`${list} = [];`);
      const test = known === undefined ? new Code('') : js`if (!${known}.has(${key})) `;
      body.line(js`for (const ${key} of ${keys}) ${test}${list}.push(${key});`);
      body.line(js`${count} += ${list}.length;`);
      if (emitter.deterministic) body.line(js`${list}.sort(${context.use('compareKeys')});`);
    });
  }
  propertyCountChecks(node, count, fail, lines);

  // Head, then entries in write order (schema order, or RFC 8949 §4.2.1 order when deterministic).
  const writeEntry = extras === undefined ? undefined : entryWriter(emitter, node);
  const merging = extras !== undefined && emitter.deterministic;
  if (merging) lines.line(js`let ${next} = 0;`);
  if (plan.fixedHead !== undefined && plan.writeOrder.length > 0) {
    const first = plan.writeOrder[0];
    const merged = Uint8Array.from([...plan.fixedHead, ...plan.keys[first]]);
    const head = context.constant(`head ${words(node)}`, bytesLiteral(merged), `map head (${node.properties.length} entries) and key ${JSON.stringify(node.properties[first].name)} of ${node.schemaPath}`);
    lines.line(js`${context.use('writeBytes')}(writer, ${head});`);
  } else {
    lines.line(js`${context.runtime('writeHead')}(writer, 5, ${count});`);
  }
  plan.writeOrder.forEach((index, position) => {
    const property = node.properties[index];
    const write = (body: Lines): void => {
      if (merging) flushExtras(body, extras!, next, writeEntry!, literal(property.name), context.use('compareKeys'));
      if (!(plan.fixedHead !== undefined && position === 0)) {
        const key = context.constant(`key ${property.name}`, bytesLiteral(plan.keys[index]), `key ${JSON.stringify(property.name)} (${property.schemaPath})`);
        body.line(js`${context.use('writeBytes')}(writer, ${key});`);
      }
      emitter.writeValue(property.node, locals[index], property.name, scope, body, new Code('depth - 1'));
    };
    if (property.required) write(lines);
    else lines.block(js`if (${locals[index]} !== undefined)`, write);
  });
  if (extras !== undefined) {
    const guard = js`if (${extras} !== undefined)`;
    if (merging) lines.block(guard, (body) => flushExtras(body, extras!, next, writeEntry!, undefined, context.use('compareKeys')));
    else lines.block(guard, (body) => body.line(js`for (const ${key} of ${extrasName}) ${writeEntry!}(writer, ${record}, ${key}, depth - 1);`));
  }
}

/** Deterministic mode: writes the sorted extra keys that sort before `before` (all when undefined). */
function flushExtras(lines: Lines, extras: Name, next: Name, writeEntry: Name, before: Code | undefined, compareKeys: Name): void {
  const limit = before === undefined ? new Code('') : js` && ${compareKeys}(${extras}[${next}], ${before}) < 0`;
  lines.line(js`while (${extras} !== undefined && ${next} < ${extras}.length${limit}) ${writeEntry}(writer, value as Record<string, unknown>, ${extras}[${next}++], depth - 1);`);
}

/** `record.name`, `record["odd key"]`, or `ownValue(record, "toString")` for names Object.prototype has. */
function readProperty(emitter: CborEncoderEmitter, record: Code, name: string, always = false): Code {
  if (name in Object.prototype || always) return js`${emitter.context.use('ownValue')}(${record}, ${literal(name)})`;
  return isPlainPropertyName(name) ? js`${record}.${new Code(name)}` : js`${record}[${literal(name)}]`;
}

function words(node: IrObject): string {
  return node.schemaPath.replace(/^#\/?/, '') || 'root';
}

/** A hoisted `Set` of the declared property names (for finding extra keys). */
function knownSet(emitter: CborEncoderEmitter, node: IrObject): Code {
  const names = node.properties.map((property) => literal(property.name).text).join(', ');
  return emitter.context.constant(`properties ${words(node)}`, new Code(`new Set<string>([${names}])`), `declared properties of ${node.schemaPath}`);
}

/**
 * `write<Object>Entry(writer, record, key, depth)`: one extra key and its value, checked against
 * `propertyNames`, every matching `patternProperties` schema and otherwise `additionalProperties`.
 */
function entryWriter(emitter: CborEncoderEmitter, node: IrObject): Name {
  const context = emitter.context;
  const name = context.scope.fresh(`write ${words(node)} entry`, { pascal: false });
  const scope = context.scope.child();
  for (const fixed of ['writer', 'record', 'key', 'depth', 'item', 'before']) scope.claim(fixed);
  const lines = new Lines();
  lines.line(js`const item = ${context.use('ownValue')}(record, key);`);
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
    params: [js`writer: ${context.runtime('Writer')}`, new Code('record: Record<string, unknown>'), new Code('key: string'), new Code('depth: number')],
    returnType: new Code('void'),
    body: lines.toCode(),
    exported: false,
  });
  return name;
}
