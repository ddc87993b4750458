import type { IrObject } from '../ir/types.js';
import { planUbjsonObject } from '../plan/ubjson.js';
import { Code, bytesLiteral, hexLiteral, inlineComment, js, joinCode, literal, type Lines } from './code.js';
import { patternConstant, patternRegExp, propertyCountChecks, propertyNameChecks } from './checks.js';
import { isPlainPropertyName, type Name, type NameScope } from './names.js';
import { keyDoc } from './ubjson-encode.js';
import type { UbjsonDecoderEmitter } from './ubjson-decode.js';

/** Locals every object reader declares. */
interface FixedLocals {
  at: Name;
  /** The marker of the entry's value (the object's `$` type, or read after the key). */
  valueMarker: Name;
  expected: Name;
  field: Name;
  key: Name;
  uint8: Name;
  item: Name;
  valueStart: Name;
  matched: Name;
  result: Name;
  pair: Name;
}

/** Keys up to this many encoded bytes are compared with inline byte tests; longer ones with `sameBytes`. */
const INLINE_KEY_BYTES = 12;

/**
 * The body of an object's UBJSON read function (the structure of `cbor-decode-object.ts`). Each
 * entry's key is first compared in place with the pre-encoded key expected next (how encoders
 * write them: schema order, smallest length marker); any other key is decoded and switched on,
 * and keys the schema does not declare go to `patternProperties`/`additionalProperties`.
 * Duplicate keys: the last one wins, as in the generic decoder. Plain (`{…}`), counted (`{#n`)
 * and typed (`{$t#n`) objects share the loop through `nextEntry`.
 */
export function emitObjectReader(emitter: UbjsonDecoderEmitter, node: IrObject, scope: NameScope, lines: Lines): void {
  const context = emitter.context;
  const plan = planUbjsonObject(node);
  const path = literal(node.schemaPath);
  lines.line(js`if (marker !== ${hexLiteral(0x7b)}) throw ${context.use('expectedType')}(reader, 'object', marker, ${path});`);
  emitter.depthGuard(node, lines);
  // Fixed locals first, so property locals (named after the schema) get suffixes, not these.
  const [start, count, type, entry, at, valueMarker, field, key, uint8, item, valueStart, matched, extrasName, expectedName, result, pair] = [
    'start', 'count', 'elementType', 'entry', 'at', 'valueMarker', 'field', 'key', 'uint8', 'item', 'valueStart', 'matched', 'extras', 'expected', 'result', 'pair',
  ].map((fixed) => scope.claim(fixed));
  const fixed: FixedLocals = { at, valueMarker, field, key, uint8, item, valueStart, matched, result, pair, expected: expectedName };
  lines.line(js`const ${start} = reader.pos - 1;`);
  lines.line(js`const ${count} = ${context.use('readContainerHead')}(reader, 2, ${path});`);
  lines.line(js`const ${type} = ${context.use('containerType')};`);
  const locals = node.properties.map((property) => {
    const local = scope.fresh(property.name, { fallback: 'property' });
    lines.line(js`let ${local}: ${emitter.type(property.node)} | undefined; ${inlineComment(property.schemaPath)}`);
    return local;
  });
  const closed = node.additionalProperties.kind === 'never' && node.patternProperties.length === 0;
  // A pure map (no declared properties) fills its result directly; otherwise extra entries wait
  // as key/value pairs in an array until the declared ones are in (as in cbor-decode-object.ts:
  // copying a many-keyed object with for-in was the cost there).
  const direct = !closed && node.properties.length === 0;
  const extras = closed ? undefined : direct ? result : extrasName;
  if (direct) lines.line(js`const ${result}: ${emitter.type(node)} = {};`);
  else if (extras !== undefined) lines.line(js`let ${extras}: unknown[] | undefined;`);
  const expected = node.properties.length > 0 ? expectedName : undefined;
  if (expected !== undefined) lines.line(js`let ${expected} = 0;`);

  const loop = js`for (let ${entry} = 0; ${context.use('nextEntry')}(reader, ${count}, ${entry}, ${type}); ${entry}++)`;
  lines.block(loop, (body) => {
    body.line(js`const ${at} = reader.pos;`);
    if (direct) {
      // Nothing declared: every key is decoded and its entry checked against the map's schemas.
      body.line(js`const ${key} = ${context.use('readKey')}(reader);`);
      body.line(js`const ${valueMarker} = ${type} !== 0 ? ${type} : ${context.use('readMarker')}(reader);`);
      unknownEntry(emitter, node, fixed, extras, scope, body, false);
      return;
    }
    body.line(js`let ${field} = -1;`);
    if (expected !== undefined) fastPath(emitter, node, plan.keys, plan.writeOrder, expected, fixed, body);
    body.line(js`let ${key} = '';`);
    body.block(js`if (${field} < 0)`, (slow) => {
      // Out of order, undeclared, or with a wider length marker: decode the key and switch on it.
      slow.line(js`${key} = ${context.use('readKey')}(reader);`);
      if (node.properties.length === 0) return;
      slow.block(js`switch (${key})`, (cases) => {
        node.properties.forEach((property, index) => cases.line(js`case ${literal(property.name)}: ${field} = ${index}; break;`));
      });
    });
    // No no-op between a key and its value (value-types.html#noop: only between elements).
    body.line(js`const ${valueMarker} = ${type} !== 0 ? ${type} : ${context.use('readMarker')}(reader);`);
    body.block(js`switch (${field})`, (cases) => {
      node.properties.forEach((_, index) => cases.block(js`case ${index}:`, (inner) => declaredEntry(emitter, node, index, plan.writeOrder.indexOf(index) + 1, locals, fixed, scope, inner)));
      if (extras === undefined) cases.line(new Code('default:')).indented((inner) => unknownEntry(emitter, node, fixed, extras, scope, inner));
      else cases.block(new Code('default:'), (inner) => unknownEntry(emitter, node, fixed, extras, scope, inner));
    });
  });

  const fail = emitter.failAt(node, start);
  node.properties.forEach((property, index) => {
    if (property.required) lines.line(js`if (${locals[index]} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property.name)}`)}`);
  });
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

/** One declared property's value; `patternProperties` matching its name check it again. */
function declaredEntry(emitter: UbjsonDecoderEmitter, node: IrObject, index: number, next: number, locals: Name[], fixed: FixedLocals, scope: NameScope, lines: Lines): void {
  const context = emitter.context;
  const property = node.properties[index];
  const patterns = node.patternProperties.filter((pattern) => patternRegExp(context, pattern.pattern, pattern.schemaPath).test(property.name));
  if (patterns.length > 0) lines.line(js`const ${fixed.valueStart} = reader.pos;`);
  emitter.readValue(property.node, locals[index], scope, lines, new Code('depth - 1'), fixed.valueMarker);
  for (const pattern of patterns) {
    const check = scope.fresh('check');
    lines.line(js`reader.pos = ${fixed.valueStart};`);
    lines.line(js`let ${check}: unknown;`);
    emitter.readValue(pattern.node, check, scope, lines, new Code('depth - 1'), fixed.valueMarker);
  }
  lines.line(js`${fixed.expected} = ${next};`);
  lines.line(new Code('break;'));
}

/** Compares the key expected next (in write order) in place; on a match consumes it and sets `field`. */
function fastPath(
  emitter: UbjsonDecoderEmitter,
  node: IrObject,
  keys: Uint8Array[],
  order: number[],
  expected: Name,
  { at, field, uint8 }: FixedLocals,
  lines: Lines,
): void {
  lines.line(js`const ${uint8} = reader.uint8;`);
  lines.line(new Code('// Fast path: the key expected next, compared in place with its pre-encoded bytes.'));
  lines.block(js`switch (${expected})`, (cases) => {
    order.forEach((index, position) => {
      const bytes = keys[index];
      // A key shorter than 128 bytes has a one-byte length after `i` (our encoders, the generic
      // one) or `U` (json-pack): both match. Inline tests need the bounds check; sameBytes does its own.
      const oneByteLength = bytes[0] === 0x69;
      const rest = bytesTest(emitter, node, index, uint8, at, bytes, oneByteLength ? 1 : 0);
      const compare = oneByteLength ? js`(${uint8}[${at}] === 0x69 || ${uint8}[${at}] === 0x55) && ${rest}` : rest;
      const test = bytes.length - (oneByteLength ? 1 : 0) <= INLINE_KEY_BYTES ? js`${at} + ${bytes.length} <= reader.end && ${compare}` : compare;
      cases.line(js`case ${position}: ${inlineComment(node.properties[index].name)}`);
      cases.indented((inner) => {
        inner.block(js`if (${test})`, (hit) => {
          hit.line(js`${field} = ${index};`);
          hit.line(js`reader.pos = ${at} + ${bytes.length};`);
        });
        inner.line(new Code('break;'));
      });
    });
  });
}

/** Compares `bytes` from index `from` on with the input from `at + from` on: inline for short keys, else `sameBytes`. */
function bytesTest(emitter: UbjsonDecoderEmitter, node: IrObject, index: number, uint8: Name, at: Name, bytes: Uint8Array, from: number): Code {
  if (bytes.length - from <= INLINE_KEY_BYTES) {
    const compares = Array.from(bytes.subarray(from), (byte, offset) => js`${uint8}[${at}${offset + from === 0 ? new Code('') : js` + ${offset + from}`}] === ${hexLiteral(byte)}`);
    return joinCode(compares, ' && ');
  }
  const property = node.properties[index];
  const constant = emitter.context.constant(`key ${property.name}`, bytesLiteral(bytes), keyDoc(property.name));
  return js`${emitter.context.use('sameBytes')}(${uint8}, ${at}${from === 0 ? new Code('') : js` + ${from}`}, reader.end, ${constant}, ${from})`;
}

/** A key the schema does not declare: `propertyNames`, then patterns, then `additionalProperties`. */
function unknownEntry(emitter: UbjsonDecoderEmitter, node: IrObject, fixed: FixedLocals, extras: Name | undefined, scope: NameScope, lines: Lines, inSwitch = true): void {
  const { key, at, item, valueStart, matched, valueMarker } = fixed;
  const context = emitter.context;
  const fail = emitter.failAt(node, at);
  if (extras === undefined) {
    lines.line(fail('schema-violation', 'property not allowed'));
    return;
  }
  {
    const body = lines;
    if (node.propertyNames !== undefined) propertyNameChecks(context, node.propertyNames, key, emitter.failAt(node.propertyNames, at), body);
    body.line(js`let ${item}: unknown;`);
    if (node.patternProperties.length === 0) {
      emitter.readValue(node.additionalProperties, item, scope, body, new Code('depth - 1'), valueMarker);
    } else {
      body.line(js`const ${valueStart} = reader.pos;`);
      body.line(js`let ${matched} = false;`);
      for (const pattern of node.patternProperties) {
        const regexp = patternConstant(context, pattern.pattern, pattern.schemaPath);
        // Every matching pattern applies (JSON Schema): each reads the value again from its start.
        body.block(js`if (${regexp}.test(${key}))`, (branch) => {
          branch.line(js`reader.pos = ${valueStart};`);
          emitter.readValue(pattern.node, item, scope, branch, new Code('depth - 1'), valueMarker);
          branch.line(js`${matched} = true;`);
        });
      }
      body.block(js`if (!${matched})`, (rest) => emitter.readValue(node.additionalProperties, item, scope, rest, new Code('depth - 1'), valueMarker));
    }
    if (extras === fixed.result) body.line(js`${context.use('setOwn')}(${extras} as Record<string, unknown>, ${key}, ${item});`);
    else body.line(js`(${extras} ??= []).push(${key}, ${item});`);
    if (inSwitch) body.line(new Code('break;'));
  }
}

/** `const result: T = { … }` in schema order, then optional and extra properties. */
function buildResult(emitter: UbjsonDecoderEmitter, node: IrObject, locals: Name[], extras: Name | undefined, { result, pair }: FixedLocals, lines: Lines): void {
  const context = emitter.context;
  const members = node.properties
    .map((property, index) => ({ property, index }))
    .filter((entry) => entry.property.required)
    .map(({ property, index }) => {
      const local = locals[index];
      if (isPlainPropertyName(property.name)) return property.name === local.text ? local : js`${new Code(property.name)}: ${local}`;
      // Computed key: a literal `"__proto__": x` would set the prototype.
      return js`[${literal(property.name)}]: ${local}`;
    });
  // A declared name that Object.prototype also has (`constructor`) confuses TS's literal check: assert instead.
  const inherited = node.properties.some((property) => property.name in Object.prototype);
  lines.line(
    inherited
      ? js`const ${result} = { ${joinCode(members, ', ')} } as ${emitter.type(node)};`
      : js`const ${result}: ${emitter.type(node)} = { ${joinCode(members, ', ')} };`,
  );
  node.properties.forEach((property, index) => {
    if (property.required) return;
    const local = locals[index];
    if (property.name === '__proto__') {
      lines.line(js`if (${local} !== undefined) ${context.use('setOwn')}(result as Record<string, unknown>, ${literal(property.name)}, ${local});`);
    } else {
      const target = isPlainPropertyName(property.name) ? js`${result}.${new Code(property.name)}` : js`${result}[${literal(property.name)}]`;
      lines.line(js`if (${local} !== undefined) ${target} = ${local};`);
    }
  });
  if (extras !== undefined) {
    // In input order, so a duplicate key's last value wins (as in the generic decoder).
    lines.block(js`if (${extras} !== undefined)`, (body) => {
      body.line(js`for (let ${pair} = 0; ${pair} < ${extras}.length; ${pair} += 2) ${context.use('setOwn')}(${result} as Record<string, unknown>, ${extras}[${pair}] as string, ${extras}[${pair} + 1]);`);
    });
  }
}
