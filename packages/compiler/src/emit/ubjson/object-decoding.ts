import { Marker } from '@binschema/runtime/ubjson';
import { planUbjsonObject } from '../../plan/ubjson.js';
import { type Code, hexLiteral, joinCode, js, literal } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';
import type { DecoderEmitter } from '../specialised/decoder.js';
import type { ObjectDecoding } from '../specialised/object-reader.js';

/**
 * How UBJSON decoders read objects (`specialised/object-reader.ts` has the rest): plain (`{…}`), counted
 * (`{#n`) and typed (`{$t#n`) objects share the loop through `nextEntry`; each value's marker is
 * the object's `$` type or read after the key; keys found by the runtime's `matchKey` (the one
 * expected next and the few after it, compared in place), else decoded.
 */
export function ubjsonObjectDecoding(emitter: DecoderEmitter): ObjectDecoding {
  const context = emitter.context;
  return {
    plan: (node) => planUbjsonObject(node),
    reservedLocals: ['elementType', 'valueMarker'],
    readHead: (node, start, count, { reserved }, lines) => {
      const path = literal(node.schemaPath);
      lines.line(js`if (marker !== ${hexLiteral(Marker.ObjectStart)}) throw ${context.use('expectedType')}(reader, 'object', marker, ${path});`);
      lines.line(js`const ${start} = reader.pos - 1;`);
      // The nesting limit and the head in one runtime call.
      lines.line(js`const ${count} = ${context.use('readObjectStart')}(reader, depth, ${path});`);
      lines.line(js`const ${reserved.elementType} = ${context.use('CONTAINER')}.type;`);
    },
    moreEntries: (entry, count, { reserved }) => js`${context.use('nextEntry')}(reader, ${count}, ${entry}, ${reserved.elementType})`,
    readKey: () => js`${context.use('readKey')}(reader)`,
    // No no-op between a key and its value (value-types.html#noop: only between elements).
    afterKey: ({ reserved }, lines) => lines.line(js`const ${reserved.valueMarker} = ${valueMarkerOf(context, reserved.elementType)};`),
    valueMarker: ({ reserved }) => reserved.valueMarker,
    keys: {
      table: (node) => js`/* @__PURE__ */ ${context.use('keyTable')}([${joinCode(node.properties.map((property) => literal(property.name)), ', ')}])`,
      match: (table, expected) => js`${context.use('matchKey')}(reader, ${table}, ${expected})`,
    },
  };
}


/** The marker of an object's next value: the container's `$` type (0 when it has none; `readValueMarker` records where such a value starts) or the marker read from the input. */
export function valueMarkerOf(context: ModuleContext, elementType: Code): Code {
  return js`${context.use('readValueMarker')}(reader, ${elementType})`;
}
