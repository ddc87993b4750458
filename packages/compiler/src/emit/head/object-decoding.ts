import { Code, joinCode, js, literal } from '../module/code.js';
import type { HeadDecoder } from './wire.js';
import type { ObjectDecoding } from '../specialised/object-reader.js';

/**
 * How the decoders of a head format (CBOR, MessagePack: `wire.ts`) read maps
 * (`specialised/object-reader.ts` has the rest): a head with a count (or, in CBOR, an indefinite length ended
 * by a break); keys found by the runtime's `matchKey` in the object's key table (the one expected
 * next compared in place with its pre-encoded bytes, then the next few in write order, then by
 * length), else decoded.
 */
export function headObjectDecoding(emitter: HeadDecoder): ObjectDecoding {
  const context = emitter.context;
  return {
    plan: (node) => emitter.wire.planObject(node),
    reservedLocals: [],
    readHead: (node, start, count, _fixed, lines) => {
      emitter.depthGuard(node, lines);
      lines.line(js`const ${start} = reader.pos;`);
      lines.line(js`const ${count} = ${emitter.wire.readMapHead(context, literal(node.schemaPath))};`);
    },
    moreEntries: (entry, count) => emitter.moreItems(entry, count),
    readKey: (node) => js`${context.use('readKey')}(reader, ${literal(node.schemaPath)})`,
    afterKey: () => {},
    valueMarker: () => undefined,
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
