import type { IrObject } from '../../ir/types.js';
import { planCborObject } from '../../plan/cbor.js';
import { Code, inlineComment, joinCode, js, literal, Lines } from '../code.js';
import { pathWords } from '../context.js';
import type { Name } from '../names.js';
import { keyDoc } from './encode.js';
import type { CborDecoderEmitter } from './decode.js';
import { bytesTest, INLINE_KEY_BYTES, type ObjectDecoding } from '../decode-object.js';

/**
 * How CBOR decoders read maps (`decode-object.ts` has the rest): a head with a count or an
 * indefinite length ended by a break; keys compared in place with their pre-encoded bytes
 * (shortest heads), else found by their length in `find<Object>Field`, else decoded.
 */
export function cborObjectDecoding(emitter: CborDecoderEmitter): ObjectDecoding {
  const context = emitter.context;
  return {
    plan: (node) => planCborObject(node, emitter.deterministic),
    reservedLocals: ['keyLength', 'keyStart'],
    keyDoc,
    readHead: (node, start, count, _fixed, lines) => {
      emitter.depthGuard(node, lines);
      lines.line(js`const ${start} = reader.pos;`);
      lines.line(js`const ${count} = ${context.use('readContainerHead')}(reader, 5, ${literal(node.schemaPath)});`);
    },
    moreEntries: (entry, count) => js`${count} < 0 ? !${context.use('atBreak')}(reader) : ${entry} < ${count}`,
    readKey: (node) => js`${context.use('readKey')}(reader, ${literal(node.schemaPath)})`,
    afterKey: () => {},
    valueMarker: () => undefined,
    expectedKeyTest: (node, index, bytes, { at, uint8 }) => {
      // Inline tests need the bounds check; sameBytes does its own.
      const compare = bytesTest(emitter, keyDoc, node, index, uint8, at, bytes, 0, 0);
      return bytes.length <= INLINE_KEY_BYTES ? js`${at} + ${bytes.length} <= reader.end && ${compare}` : compare;
    },
    // A definite head with one entry per declared property; indefinite maps take the loop.
    straightCondition: (count, declared) => js`${count} === ${declared}`,
    straightValueMarker: () => undefined,
    straightEnd: () => {},
    keys: {
      table: (node, writeOrder) => {
        const names = js`[${joinCode(node.properties.map((property) => literal(property.name)), ', ')}]`;
        const inOrder = writeOrder.every((index, position) => index === position);
        return inOrder ? js`/* @__PURE__ */ ${context.use('keyTable')}(${names})` : js`/* @__PURE__ */ ${context.use('keyTable')}(${names}, [${new Code(writeOrder.join(', '))}])`;
      },
      match: (table, expected) => js`${context.use('matchKey')}(reader, ${table}, ${expected})`,
    },
    findField: (node, keys, { field, key }, slow, keySwitch) => {
      if (node.properties.length > 0) slow.line(js`${field} = ${fieldFinder(emitter, node, keys)}(reader);`);
      slow.block(js`if (${field} < 0)`, (rest) => {
        // An undeclared key, or a declared one as an indefinite-length string: decode it.
        rest.line(js`${key} = ${context.use('readKey')}(reader, ${literal(node.schemaPath)});`);
        keySwitch(rest);
      });
    },
  };
}

/**
 * `find<Object>Field(reader)`, the fallback for keys out of order or with a wider head, in a
 * function of its own so the read function stays small (large functions took long enough to
 * re-optimise after a collection to slow whole bench rounds, see the encoders' writeConstant).
 */
function fieldFinder(emitter: CborDecoderEmitter, node: IrObject, keys: readonly Uint8Array[]): Name {
  const context = emitter.context;
  const name = context.scope.fresh(`find ${pathWords(node.schemaPath, context.ir.rootName)} field`, { pascal: false });
  const scope = context.scope.child();
  const [at, field, uint8, keyLength, keyStart] = ['at', 'field', 'uint8', 'keyLength', 'keyStart'].map((fixed) => scope.claim(fixed));
  const lines = new Lines();
  lines.line(js`const ${at} = reader.pos;`);
  lines.line(js`const ${uint8} = reader.uint8;`);
  lines.line(js`let ${field} = -1;`);
  byLength(emitter, node, keys, { at, field, uint8, keyLength, keyStart }, lines);
  lines.line(js`return ${field};`);
  context.functions.push({
    name,
    docs: [`At a key of ${node.schemaPath} other than the one expected next: the index of the declared property it names (key consumed), or -1 (nothing consumed).`, `@schema ${node.schemaPath}`],
    params: [js`reader: ${context.runtime('Reader')}`],
    returnType: new Code('number'),
    body: lines.toCode(),
    exported: false,
  });
  return name;
}

/**
 * The text's byte length picks the candidates, its bytes are compared in place with the
 * pre-encoded keys (no decoding).
 */
function byLength(emitter: CborDecoderEmitter, node: IrObject, keys: readonly Uint8Array[], locals: Record<'at' | 'field' | 'uint8' | 'keyLength' | 'keyStart', Name>, lines: Lines): void {
  const { at, field, uint8, keyLength, keyStart } = locals;
  const groups = new Map<number, number[]>();
  node.properties.forEach((property, index) => {
    const length = new TextEncoder().encode(property.name).length;
    groups.set(length, [...(groups.get(length) ?? []), index]);
  });
  lines.line(js`const ${keyLength} = ${emitter.context.use('textKeyLength')}(reader);`);
  lines.block(js`if (${keyLength} >= 0)`, (found) => {
    found.line(js`const ${keyStart} = reader.pos;`);
    found.block(js`switch (${keyLength})`, (cases) => {
      for (const [length, indices] of [...groups].sort((a, b) => a[0] - b[0])) {
        cases.line(js`case ${length}:`);
        cases.indented((inner) => {
          indices.forEach((index, position) => {
            const bytes = keys[index];
            const head = bytes.length - length;
            const test = length === 0 ? new Code('true') : bytesTest(emitter, keyDoc, node, index, uint8, keyStart, bytes, head, 0);
            inner.line(js`${position === 0 ? new Code('') : new Code('else ')}if (${test}) ${field} = ${index}; ${inlineComment(node.properties[index].name)}`);
          });
          inner.line(new Code('break;'));
        });
      }
    });
    found.line(js`reader.pos = ${field} < 0 ? ${at} : ${keyStart} + ${keyLength};`);
  });
}
