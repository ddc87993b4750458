import type { IrModule } from '../ir/types.js';
import { checkRepresentable } from '../plan/shape.js';
import { Code, js, literal } from './code.js';
import { ModuleContext, type FunctionSpec } from './context.js';
import { UBJSON_FORMAT_NAMES, UBJSON_MODULE_PRELUDE, UBJSON_RUNTIME_NAMES } from './ubjson-prelude.js';
import { UbjsonEncoderEmitter } from './ubjson-encode.js';
import { UbjsonDecoderEmitter } from './ubjson-decode.js';
import type { ApiEntry } from './cbor-module.js';
import { assembleModule, type ModuleParts, type TypeSpec } from './module.js';
import type { Name } from './names.js';
import { typeOf } from './types.js';

export interface UbjsonModuleOptions {
  runtimeModule: string;
  /** Text of the `@generated` line. */
  preamble: string;
  fileName: string;
  mode: 'module' | 'function';
}

/**
 * The generated UBJSON module for an IR module, plus the names of its public functions: the
 * same exports, types and names as the CBOR module (`cbor-module.ts`), UBJSON emitters inside.
 */
export function generateUbjsonModule(ir: IrModule, options: UbjsonModuleOptions): { text: string; api: ApiEntry[] } {
  checkRepresentable(ir);
  const context = new ModuleContext(ir, 'ubjson', UBJSON_MODULE_PRELUDE, UBJSON_RUNTIME_NAMES, UBJSON_FORMAT_NAMES);
  const encodeRoot = context.scope.claim('encode');
  const decodeRoot = context.scope.claim('decode');
  const sharedWriter = context.scope.claim('sharedWriter');
  const sharedReader = context.scope.claim('sharedReader');
  const anyOptions = context.scope.claim('ANY_OPTIONS');

  // Type names: the root first, then definitions in module order.
  const rootType = context.scope.fresh(ir.rootName, { pascal: true, fallback: 'Root' });
  for (const definition of ir.definitions) context.typeNames.set(definition.key, context.scope.fresh(definition.name, { pascal: true, fallback: 'Definition' }));
  context.nodeTypeNames.set(ir.root, rootType);
  for (const definition of ir.definitions) context.nodeTypeNames.set(definition.node, context.typeNames.get(definition.key)!);
  const types: TypeSpec[] = [{ name: rootType, type: typeOf(ir.root, context.typeNames), exported: true, docs: typeDocs(ir.root.annotations.description, ir.root.schemaPath) }];
  for (const definition of ir.definitions) {
    types.push({
      name: context.typeNames.get(definition.key)!,
      type: typeOf(definition.node, context.typeNames),
      exported: definition.exported,
      docs: typeDocs(definition.node.annotations.description, definition.node.schemaPath),
    });
  }

  const api: ApiEntry[] = [{ definition: undefined, encode: encodeRoot, decode: decodeRoot }];
  const exportedDefinitions = ir.definitions.filter((definition) => definition.exported);
  for (const definition of exportedDefinitions) {
    const typeName = context.typeNames.get(definition.key)!;
    api.push({
      definition: definition.name,
      encode: context.scope.fresh(`encode ${typeName.text}`),
      decode: context.scope.fresh(`decode ${typeName.text}`),
    });
  }

  const encoder = new UbjsonEncoderEmitter(context);
  const decoder = new UbjsonDecoderEmitter(context);
  const apiFunctions: FunctionSpec[] = [];
  const pairs = [{ entry: api[0], node: ir.root, type: rootType, writer: encoder.root(ir.root, rootType), reader: decoder.root(ir.root, rootType), schemaPath: ir.root.schemaPath }];
  exportedDefinitions.forEach((definition, index) => {
    pairs.push({
      entry: api[index + 1],
      node: definition.node,
      type: context.typeNames.get(definition.key)!,
      writer: encoder.definition(definition),
      reader: decoder.definition(definition),
      schemaPath: definition.node.schemaPath,
    });
  });
  for (const pair of pairs) {
    apiFunctions.push(encodeFunction(context, pair.entry.encode, pair.type, pair.writer, sharedWriter, pair.schemaPath));
    apiFunctions.push(decodeFunction(context, pair.entry.decode, pair.type, pair.reader, sharedReader, pair.schemaPath));
  }
  encoder.drain();
  decoder.drain();

  const parts: ModuleParts = {
    preamble: options.preamble,
    runtimeModule: options.runtimeModule,
    formatModule: `${options.runtimeModule}/ubjson`,
    types,
    state: [
      js`/** One writer and one reader for the module: outputs are carved from its buffer (see Writer.finish). */\nconst ${sharedWriter} = new ${context.runtime('Writer')}();\nconst ${sharedReader} = new ${context.runtime('Reader')}('ubjson');`,
      js`/** Options of the generic encoder, for values of unknown shape. */\nconst ${anyOptions} = {};`,
    ],
    api: apiFunctions,
  };
  return { text: assembleModule(context, parts, options.fileName, options.mode), api };
}

function typeDocs(description: string | undefined, schemaPath: string): string[] {
  return description === undefined ? [`@schema ${schemaPath}`] : [description, `@schema ${schemaPath}`];
}

function encodeFunction(context: ModuleContext, name: Name, type: Name, writer: Name, shared: Name, schemaPath: string): FunctionSpec {
  const body = [
    js`try {`,
    js`  ${writer}(${shared}, value, ${context.runtime('DEFAULT_MAX_DEPTH')});`,
    js`} catch (error) {`,
    js`  ${shared}.reset();`,
    js`  throw ${context.use('toEncodeError')}(error);`,
    js`}`,
    js`return ${shared}.finish();`,
  ];
  context.use('EncodeFailure');
  return {
    name,
    docs: [`Encodes a ${type.text} as UBJSON; throws \`EncodeError\` (with the JSON Pointer of the offending value) if it does not match the schema.`, `@schema ${schemaPath}`],
    params: [js`value: ${type}`],
    returnType: new Code('Uint8Array'),
    body: new Code(body.map((line) => line.text).join('\n')),
    exported: true,
  };
}

function decodeFunction(context: ModuleContext, name: Name, type: Name, reader: Name, shared: Name, schemaPath: string): FunctionSpec {
  const failure = context.use('decodeFailure');
  const decodeError = context.runtime('DecodeError');
  const body = [
    js`if (!(bytes instanceof Uint8Array)) throw new ${decodeError}('ubjson', 'unexpected-type', 'expected a Uint8Array', 0);`,
    js`${shared}.reset(bytes);`,
    js`${context.use('BUDGET')}.left = ${context.runtime('DEFAULT_MAX_COUNT')};`,
    js`let value: ${type};`,
    js`try {`,
    js`  value = ${reader}(${shared}, ${context.runtime('DEFAULT_MAX_DEPTH')}, ${context.use('readMarker')}(${shared}));`,
    js`} catch (error) {`,
    js`  // A stack overflow on the way down is a nesting problem of the input, reported as such.`,
    js`  if (error instanceof RangeError) throw ${failure}('too-deep', 'nesting too deep for the engine stack', ${shared}.pos, ${literal(schemaPath)});`,
    js`  throw error;`,
    js`}`,
    js`if (${shared}.pos !== ${shared}.end) throw ${failure}('trailing-bytes', \`\${${shared}.end - ${shared}.pos} bytes after the item\`, ${shared}.pos, ${literal(schemaPath)});`,
    js`return value;`,
  ];
  return {
    name,
    docs: [`Decodes a ${type.text} from UBJSON; throws \`DecodeError\` (with the byte offset and schema path) for malformed or non-conforming input.`, `@schema ${schemaPath}`],
    params: [new Code('bytes: Uint8Array')],
    returnType: type,
    body: new Code(body.map((line) => line.text).join('\n')),
    exported: true,
  };
}
