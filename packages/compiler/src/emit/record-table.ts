import type { IrNode, IrObject } from '../ir/types.js';
import { escapePointerToken } from '@binschema/runtime';
import { Code, js, joinCode, literal } from './code.js';
import { pathWords, type ModuleContext } from './context.js';
import type { Name } from './names.js';

/**
 * `codeSize: 'compact'` objects (README "Code size"): an object's write and read functions are a
 * call of the runtime's `writeRecord`/`readRecord` with a hoisted field table, one line per
 * property, instead of straight-line code per property (~2 KB of JS a property, 15-130x the
 * schema's bytes on real schemas). Objects with features the table does not model keep the
 * specialised code.
 */

/** Whether the runtime's record writer and reader model `node` (the rest keeps the specialised code). */
export function isTableObject(node: IrObject): boolean {
  return (
    node.properties.length > 0 &&
    node.patternProperties.length === 0 &&
    node.propertyNames === undefined &&
    node.extraRequired.length === 0 &&
    node.minProperties === undefined &&
    node.maxProperties === undefined
  );
}

/** The runtime's shared helper for a plain value of `node` (no assertions), or undefined. */
export function sharedFieldHelper(node: IrNode, verb: 'write' | 'read'): string | undefined {
  if (node.checks !== undefined) return undefined;
  switch (node.kind) {
    case 'any':
      return `${verb}AnyField`;
    case 'boolean':
      return `${verb}BooleanField`;
    case 'null':
      return `${verb}NullField`;
    case 'string':
      return node.minLength === undefined && node.maxLength === undefined && node.pattern === undefined && node.format === undefined ? `${verb}StringField` : undefined;
    case 'number': {
      const plain = node.minimum === undefined && node.maximum === undefined && node.exclusiveMinimum === undefined && node.exclusiveMaximum === undefined && node.multipleOf === undefined;
      return plain ? `${verb}${node.integer ? 'Integer' : 'Number'}Field` : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The hoisted `RecordTable` of `node` for one direction: `[name, value, required, schema path]`
 * per property, the value being its function (`fieldValue`), and the value of undeclared keys
 * (null when the object is closed).
 */
export function recordTable(context: ModuleContext, node: IrObject, direction: 'write' | 'read', fieldValue: (node: IrNode) => Code): Name {
  const rows = node.properties.map((property) => {
    const value = fieldValue(property.node);
    const cells = [literal(property.name), value, new Code(property.required ? '1' : '0')];
    // Only the shared helpers need the path; it is written out only when not the usual one.
    const usual = `${node.schemaPath}/properties/${escapePointerToken(property.name)}`;
    if (sharedFieldHelper(property.node, direction) !== undefined && property.node.schemaPath !== usual) cells.push(literal(property.node.schemaPath));
    return js`  [${joinCode(cells, ', ')}],`;
  });
  const closed = node.additionalProperties.kind === 'never' && node.additionalProperties.checks === undefined;
  const tail: Code[] = [];
  if (!closed) {
    const extra = node.additionalProperties;
    tail.push(fieldValue(extra));
    if (extra.schemaPath !== `${node.schemaPath}/additionalProperties`) tail.push(literal(extra.schemaPath));
  }
  const type = context.runtimeType(direction === 'write' ? 'FieldWriter' : 'FieldReader');
  const args = [literal(node.schemaPath), new Code(`[\n${rows.map((row) => row.text).join('\n')}\n]`), ...tail];
  const init = js`new ${context.runtime('RecordTable')}<${type}>(${joinCode(args, ', ')})`;
  const doc = `${direction === 'write' ? 'Writer' : 'Reader'} table of ${node.schemaPath}: name, value ${direction === 'write' ? 'writer' : 'reader'}, required, schema path when not under properties${closed ? '' : '; then the value of other keys'}`;
  return context.constant(`${direction} fields ${pathWords(node.schemaPath, context.ir.rootName)}`, init, doc);
}
