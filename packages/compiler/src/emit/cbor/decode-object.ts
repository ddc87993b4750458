import { planCborObject } from '../../plan/cbor.js';
import { Code, joinCode, js, literal } from '../code.js';
import { keyDoc } from './encode.js';
import type { CborDecoderEmitter } from './decode.js';
import { bytesTest, INLINE_KEY_BYTES, type ObjectDecoding } from '../decode-object.js';

/**
 * How CBOR decoders read maps (`decode-object.ts` has the rest): a head with a count or an
 * indefinite length ended by a break; the key expected next compared in place with its
 * pre-encoded bytes (shortest heads), others found by the runtime's `matchKey` in the object's
 * key table (the next few in write order, then by length), else decoded.
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
    keys: {
      table: (node, writeOrder) => {
        const names = js`[${joinCode(node.properties.map((property) => literal(property.name)), ', ')}]`;
        const inOrder = writeOrder.every((index, position) => index === position);
        return inOrder ? js`/* @__PURE__ */ ${context.use('keyTable')}(${names})` : js`/* @__PURE__ */ ${context.use('keyTable')}(${names}, [${new Code(writeOrder.join(', '))}])`;
      },
      match: (table, expected) => js`${context.use('matchKey')}(reader, ${table}, ${expected})`,
    },
  };
}
