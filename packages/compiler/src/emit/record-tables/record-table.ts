import type { IrArray, IrNode, IrObject } from '../../ir/types.js';
import { escapePointerToken } from '@binschema/runtime';
import { cast, Code, commentText, joinCode, js, jsonLiteral, literal, tsOnly } from '../module/code.js';
import { pathWords, type ModuleContext } from '../module/context.js';
import { boundsArguments, describeTypes, hasNumberAssertions, hasStringAssertions, patternRegExp } from '../checks/assertions.js';
import { isClosedObject, unionStrategy } from '../../plan/shape.js';
import { isPlainPropertyName, type Name } from '../module/names.js';
import { exactKey } from '../module/structural-key.js';
import { checkedInFunction, withoutChecks } from '../../ir/nodes.js';
import { guardsInPlace } from '../checks/in-place-guard.js';
import { checksMessage, checksPredicate } from '../checks/predicates.js';

/**
 * `codeSize: 'small'` (README "Code size"): an object's write and read functions are a call of
 * the runtime's `writeRecord`/`readRecord` with a hoisted field table, one row per property,
 * instead of straight-line code per property (2-6 KB of JS a property, 15-130x the schema's bytes
 * on real schemas). Plain arrays, enums and unions told apart by JSON type are runtime fields
 * too. What the runtime does not model (`propertyNames`, checks, tuples, constrained scalars…)
 * keeps its specialised functions. A table is data of no direction: it names each field by a key
 * (`"string"`, `["listOf", "Entry"]`, `"EntryName"` for a module's own pair of functions),
 * and the module's two field kits, `WRITE_FIELDS` and `READ_FIELDS`, map the keys to the writers
 * and to the readers (`emitFieldKits`). `writeRecord` is called with the write kit alone, so a
 * bundle that only decodes keeps no writer and one that only encodes no reader (issue 39).
 */

/** The keys the tables of one module name and each key's writer and reader; the kits' names. */
interface FieldKits {
  write: Name;
  read: Name;
  members: Map<string, { write: Code; read: Code }>;
}

const KITS = new WeakMap<ModuleContext, FieldKits>();

function kitsOf(context: ModuleContext): FieldKits {
  let kits = KITS.get(context);
  if (kits === undefined) {
    kits = { write: context.scope.fresh('write fields', { pascal: 'constant' }), read: context.scope.fresh('read fields', { pascal: 'constant' }), members: new Map() };
    KITS.set(context, kits);
  }
  return kits;
}

/** The key of a field in the kits (a string literal in a table), its writer and reader registered. */
function kitField(context: ModuleContext, key: string, write: () => Code, read: () => Code): Code {
  const members = kitsOf(context).members;
  if (!members.has(key)) members.set(key, { write: write(), read: read() });
  return literal(key);
}

/** The runtime's shared fields and field factories by their key in the kits, and their names less `write`/`read`. */
const RUNTIME_FIELDS: Record<string, string> = {
  string: 'StringField',
  boolean: 'BooleanField',
  null: 'NullField',
  number: 'NumberField',
  integer: 'IntegerField',
  any: 'AnyField',
  never: 'NeverField',
  integerIn: 'IntegerIn',
  numberIn: 'NumberIn',
  listOf: 'ListOf',
  checked: 'CheckedField',
  textEnum: 'TextEnumField',
  enum: 'EnumField',
  typeUnion: 'TypeUnion',
};

/** A shared field or field factory of the runtime by its key (`string`, `listOf`): `writeStringField`, `readListOf`… in the kits. */
function runtimeField(context: ModuleContext, key: string): Code {
  const directed = (direction: string) => {
    const name = `${direction}${RUNTIME_FIELDS[key]}`;
    // Read once, into a kit: no constant of its own (`assemble.ts`).
    context.loadTimeImports.add(name);
    return context.runtime(name);
  };
  return kitField(context, key, () => directed('write'), () => directed('read'));
}

/**
 * The module's two field kits, once every table is known: each key the tables name, to its writer
 * (`WRITE_FIELDS`) or its reader (`READ_FIELDS`). They are read only inside the functions that
 * call `writeRecord`/`readRecord`, so they may come after the tables.
 */
export function emitFieldKits(context: ModuleContext): void {
  const kits = KITS.get(context);
  if (kits === undefined) return;
  for (const direction of ['write', 'read'] as const) {
    const members = [...kits.members].map(([key, fields]) => `${isPlainPropertyName(key) ? key : literal(key).text}: ${fields[direction].text}`);
    const doc = `The ${direction} field of each key the record tables name.`;
    context.constants.push({ name: kits[direction], doc: commentText(doc), init: new Code(`{ ${members.join(', ')} }`) });
  }
}

/** Whether the runtime's record writer and reader model `node` (`propertyNames` keeps the specialised code). */
export function isTableObject(node: IrObject): boolean {
  return node.propertyNames === undefined;
}

/** The key of the runtime's shared field for a plain value of `node` (no assertions), or undefined. */
function scalarCodec(node: IrNode): string | undefined {
  if (node.checks !== undefined) return undefined;
  switch (node.kind) {
    case 'any':
    case 'boolean':
    case 'null':
    case 'never':
      return node.kind;
    case 'string':
      return hasStringAssertions(node) ? undefined : 'string';
    case 'number':
      return hasNumberAssertions(node) ? undefined : node.integer ? 'integer' : 'number';
    default:
      return undefined;
  }
}

/**
 * An array with nothing but its items to check: inside a table, written and read by the runtime's
 * `writeListOf`/`readListOf`. Not when the format's specialised code writes it in a form those
 * do not (UBJSON's typed containers, `[$I#n`: `ModuleFormat.ownsList`).
 */
function isPlainList(context: ModuleContext, node: IrNode): node is IrArray {
  return (
    node.kind === 'array' &&
    !context.ownsList(node) &&
    node.checks === undefined &&
    node.prefixItems.length === 0 &&
    node.items.kind !== 'never' &&
    node.minItems === undefined &&
    node.maxItems === undefined &&
    node.uniqueItems !== true
  );
}

/** A table row's value (a `FieldSpec` of the runtime) and whether it reports failures at the path the row gives. */
export interface FieldValue {
  value: Code;
  needsPath: boolean;
}

/**
 * The field of `node` in a record table: a shared field for plain scalars (`"string"`), the
 * table of an inner object, `["listOf", item]` for plain arrays, else the key of its generated
 * functions. Where the shared number and any fields do not write the module's numbers
 * (`sharedNumbers`), those get functions.
 */
export function fieldValue(context: ModuleContext, node: IrNode): FieldValue {
  const codec = scalarCodec(node);
  if (codec !== undefined && (sharedNumbers(context) || (node.kind !== 'number' && node.kind !== 'any'))) return { value: runtimeField(context, codec), needsPath: node.kind !== 'any' };
  const bounded = boundedNumber(context, node);
  if (bounded !== undefined) return { value: bounded, needsPath: true };
  if (node.kind === 'literal' && node.checks === undefined && node.values.length > 0 && (sharedNumbers(context) || node.values.every((candidate) => typeof candidate === 'string'))) {
    // Strings from a key table; other values through the generic codec (only where there are such values).
    const factory = node.values.every((candidate) => typeof candidate === 'string') ? 'textEnum' : 'enum';
    return { value: js`[${runtimeField(context, factory)}, [${joinCode(node.values.map((candidate) => jsonLiteral(candidate)), ', ')}]]`, needsPath: true };
  }
  if (node.kind === 'object' && node.checks === undefined && isTableObject(node)) return { value: recordTable(context, node), needsPath: false };
  if (isPlainList(context, node)) return { value: js`[${runtimeField(context, 'listOf')}, ${listItem(context, node)}]`, needsPath: true };
  const union = typeUnion(context, node);
  if (union !== undefined) return { value: union, needsPath: true };
  // Checks over a built object, array or union: its shape's field and its generated predicate.
  if (checkedInFunction(node) && !guardsInPlace(context, node)) {
    const inner = fieldValue(context, withoutChecks(node));
    return { value: js`[${runtimeField(context, 'checked')}, ${inner.value}, ${checksPredicate(context, node)}, ${literal(checksMessage(node))}]`, needsPath: true };
  }
  // The module's own pair, under the name its writer and reader share (writeEntryName, readEntryName: "EntryName").
  const functions = context.fieldFunctions!;
  const write = functions.write(node);
  const key = write.text.replace(/^write/, '');
  return { value: kitField(context, key in RUNTIME_FIELDS ? `_${key}` : key, () => write, () => functions.read(node)), needsPath: false };
}

/**
 * Whether the runtime's shared number and any codecs write numbers as this module does: not
 * deterministic CBOR's shortest floats, nor MessagePack's `largeIntegers: 'float64'`.
 */
function sharedNumbers(context: ModuleContext): boolean {
  return !context.sortedKeys && context.largeIntegers === undefined;
}

/** `["integerIn", min, max]`/`["numberIn", …]` for a number with inclusive bounds and no other assertion, or undefined. */
function boundedNumber(context: ModuleContext, node: IrNode): Code | undefined {
  if (node.kind !== 'number' || node.checks !== undefined || !sharedNumbers(context) || context.ownsNumber(node)) return undefined;
  const bounds = boundsArguments(node);
  if (bounds === undefined || bounds.length === 0) return undefined;
  return js`[${runtimeField(context, node.integer ? 'integerIn' : 'numberIn')}, ${joinCode(bounds, ', ')}]`;
}

/** The arguments of `listOf` after its key: the item's field, and its path when that is needed and not the usual one. */
export function listItem(context: ModuleContext, node: IrArray): Code {
  const item = fieldValue(context, node.items);
  const path = item.needsPath && node.items.schemaPath !== `${node.schemaPath}/items` ? js`, ${literal(node.items.schemaPath)}` : new Code('');
  return js`${item.value}${path}`;
}

/**
 * The hoisted `RecordTable` of `node` (one per object, shared by its writer and reader, pure data):
 * `[name, field, required, schema path]` per property, then the field of undeclared keys (none
 * when the object is closed). Rows merged in from elsewhere (`allOf`, a `$ref` beside
 * `properties`) are hoisted once and shared by every table that merges them.
 */
export function recordTable(context: ModuleContext, node: IrObject): Name {
  // Copies of one object (merged into several places) share its table.
  const key = exactKey(node);
  const existing = context.recordTables.get(key);
  if (existing !== undefined) return existing;
  const rows = node.properties.map((property) => {
    const { value, needsPath } = fieldValue(context, property.node);
    const cells = [literal(property.name), value, new Code(property.required ? '1' : '0')];
    const usual = `${node.schemaPath}/properties/${escapePointerToken(property.name)}`;
    if (needsPath && property.node.schemaPath !== usual) cells.push(literal(property.node.schemaPath));
    const row = js`[${joinCode(cells, ', ')}]`;
    if (property.schemaPath.startsWith(`${node.schemaPath}/`)) return row;
    return context.constant(`field ${pathWords(property.schemaPath, context.ir.rootName)}`, cast(row, new Code('const')), `Field ${property.schemaPath}, merged into several objects`);
  });
  const args = [literal(node.schemaPath), new Code(`[\n${rows.map((row) => `  ${row.text},`).join('\n')}\n]`)];
  const options = tableOptions(context, node);
  if (options.length > 0) args.push(new Code(`{ ${options.map((option) => option.text).join(', ')} }`));
  const init = js`/* @__PURE__ */ new ${context.runtime('RecordTable')}${tsOnly(js`<${context.runtimeType('FieldSpec')}>`)}(${joinCode(args, ', ')})`;
  // The schema path is the table's first argument: the comment need not repeat it.
  const doc = 'Fields: [name, field, required, schema path?]';
  const name = context.constant(`fields ${pathWords(node.schemaPath, context.ir.rootName)}`, init, doc);
  context.recordTables.set(key, name);
  return name;
}

/** The `RecordOptions` of `node`'s table: what it allows besides its declared properties, and its assertions. */
function tableOptions(context: ModuleContext, node: IrObject): Code[] {
  const options: Code[] = [];
  if (!isClosedObject(node)) {
    const extra = fieldValue(context, node.additionalProperties);
    options.push(js`extra: ${extra.value}`);
    if (extra.needsPath && node.additionalProperties.schemaPath !== `${node.schemaPath}/additionalProperties`) options.push(js`extraPath: ${literal(node.additionalProperties.schemaPath)}`);
  }
  if (node.patternProperties.length > 0) {
    const patterns = node.patternProperties.map((pattern) => {
      // Refused here (a SchemaError) rather than when the module loads.
      patternRegExp(context, pattern.pattern, pattern.schemaPath);
      const { value, needsPath } = fieldValue(context, pattern.node);
      const usual = `${node.schemaPath}/patternProperties/${escapePointerToken(pattern.pattern)}`;
      const cells = [literal(pattern.pattern), value];
      if (needsPath && pattern.node.schemaPath !== usual) cells.push(literal(pattern.node.schemaPath));
      return js`[${joinCode(cells, ', ')}]`;
    });
    options.push(js`patterns: [${joinCode(patterns, ', ')}]`);
  }
  if (node.extraRequired.length > 0) options.push(js`required: [${joinCode(node.extraRequired.map((name) => literal(name)), ', ')}]`);
  if (node.minProperties !== undefined) options.push(js`minProperties: ${node.minProperties}`);
  if (node.maxProperties !== undefined) options.push(js`maxProperties: ${node.maxProperties}`);
  if (context.sortedKeys) options.push(new Code('sorted: true'));
  const build = buildOption(node);
  if (build !== undefined) options.push(build);
  return options;
}

/**
 * `build`: one object literal of the required properties (`v`: the values by property index), as
 * specialised readers build their result; the runtime adds the optional ones present after. Without
 * it the runtime adds every property by name, a keyed store each (a fifth of a typical read, hot).
 * Optional properties stay with the runtime: a store each in the literal's function cost 30-45
 * bytes of module per property (detekt, 2,000 optional properties: +70%) for a few percent.
 */
function buildOption(node: IrObject): Code | undefined {
  const members = node.properties.flatMap((property, index) => {
    if (!property.required) return [];
    // Computed key: a literal `"__proto__": x` would set the prototype.
    return [isPlainPropertyName(property.name) ? `${property.name}: v[${index}]` : `[${literal(property.name).text}]: v[${index}]`];
  });
  return members.length === 0 ? undefined : new Code(`build: (v) => ({ ${members.join(', ')} })`);
}

/**
 * codeSize 'small': the runtime call that writes (`writer`, `value`, `depth`) or reads (`reader`,
 * `depth`, and in UBJSON the consumed `marker`) `node` as the body of its function, or undefined
 * when the node keeps specialised code. A list's function keeps its own loop: through `listOf`,
 * one call site in the runtime would read the items of every list of every module, megamorphic
 * (numbers decoded 1.3x slower in a process with the bench's modules). Lists inside a table
 * (`fieldValue`) still go through `listOf`: a function pair each would cost 16% of module size.
 */
export function tableCall(context: ModuleContext, node: IrNode, direction: 'write' | 'read', marker?: Code): Code | undefined {
  if (!context.smallCode || node.checks !== undefined) return undefined;
  const args = direction === 'write' ? new Code('writer, value, depth') : marker === undefined ? new Code('reader, depth') : js`reader, depth, ${marker}`;
  const table = node.kind === 'object' && isTableObject(node) ? recordTable(context, node) : undefined;
  const union = table === undefined ? typeUnion(context, node) : undefined;
  if (table === undefined && union === undefined) return undefined;
  // Only the kit of this direction: the other one, and every field in it, stays out of a bundle that calls only this one.
  const kit = kitsOf(context)[direction];
  if (table !== undefined) return js`${context.runtime(direction === 'write' ? 'writeRecord' : 'readRecord')}(${args}, ${table}, ${kit})`;
  return js`${context.runtime(direction === 'write' ? 'writeSpec' : 'readSpec')}(${args}, ${union!}, ${kit}, ${literal(node.schemaPath)})`;
}

/** The hoisted `["typeUnion", …]` field of a union told apart by JSON type (no checks of its own), or undefined. */
function typeUnion(context: ModuleContext, node: IrNode): Name | undefined {
  if (node.kind !== 'union' || node.checks !== undefined) return undefined;
  const strategy = unionStrategy(node, context.definitions);
  if (strategy.kind !== 'type') return undefined;
  const variants = node.variants.map((variant, index) => {
    const { value, needsPath } = fieldValue(context, variant);
    const cells = [literal([...strategy.types[index]].join(',')), value];
    if (needsPath && variant.schemaPath !== node.schemaPath) cells.push(literal(variant.schemaPath));
    return js`[${joinCode(cells, ', ')}]`;
  });
  const init = js`[${runtimeField(context, 'typeUnion')}, ${literal(describeTypes(strategy.types))}, [${joinCode(variants, ', ')}]]${tsOnly(new Code(' as const'))}`;
  return context.constant(`union ${pathWords(node.schemaPath, context.ir.rootName)}`, init, `Variants of ${node.schemaPath} by JSON type`);
}
