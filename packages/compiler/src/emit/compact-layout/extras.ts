import type { IrObject } from '../../ir/types.js';
import { Code, literal, tsOnly } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';

/**
 * The extra (undeclared) entries of an open object in the compact layout (README "Compact
 * layout"): written as one object of their own, after the positions or under a format's key for
 * them, and read back by the map layout's reader of that object.
 */

const extrasNodes = new WeakMap<IrObject, IrObject>();

/**
 * The map of an open object's extra entries: the object without its declared properties, required
 * names and counts (those are checked on the whole object). One node per object, so encoder and
 * decoder each emit one function for it.
 */
export function extrasNode(node: IrObject): IrObject {
  let extras = extrasNodes.get(node);
  if (extras === undefined) {
    extras = { kind: 'object', schemaPath: node.schemaPath, annotations: {}, properties: [], patternProperties: node.patternProperties, additionalProperties: node.additionalProperties, extraRequired: [] };
    if (node.propertyNames !== undefined) extras.propertyNames = node.propertyNames;
    extrasNodes.set(node, extras);
  }
  return extras;
}

/** A hoisted `Set` of the declared names: none may come back among the extras (declared properties go by position). */
export function declaredNames(context: ModuleContext, node: IrObject): Code {
  const names = node.properties.map((property) => literal(property.name).text).join(', ');
  return context.constant(`declared ${node.schemaPath}`, new Code(`new Set${tsOnly(new Code('<string>')).text}([${names}])`), `declared property names of ${node.schemaPath}, refused in its extras map`);
}
