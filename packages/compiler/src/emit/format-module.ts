import type { IrArray, IrDefinition, IrModule, IrNumber } from '../ir/types.js';
import { checkRepresentable } from '../plan/shape.js';
import { Code, js, literal } from './module/code.js';
import { drainPredicates } from './checks/predicates.js';
import { emitFieldKits } from './record-tables/record-table.js';
import { ModuleContext, type FunctionSpec } from './module/context.js';
import type { EncoderEmitter } from './specialised/encoder.js';
import type { DecoderEmitter } from './specialised/decoder.js';
import type { PreludeHelper } from './module/prelude.js';
import { assembleModule, type AssembledModule, type ModuleParts, type TypeSpec } from './module/assemble.js';
import { Name } from './module/names.js';
import { typeOf } from './module/ts-types.js';
import type { Layout } from './module/layout.js';

/**
 * The generated module of one format: its type names, the public `encode<Name>`/`decode<Name>`
 * pairs (a runtime call each) and streams, and the encoder and decoder functions behind them. A
 * format (one folder: `cbor/`, `ubjson/`, `msgpack/`) gives its emitters and prelude as a
 * `ModuleFormat` and exports a `FormatBackEnd` from its `back-end.ts`, which `compile.ts` lists.
 */

/** One public codec pair: `encode<Name>`/`decode<Name>` (or `encode`/`decode` for the root). */
export interface ApiEntry {
  /** Key in `definitions` of `compileCodec`, or undefined for the root. */
  definition: string | undefined;
  encode: Name;
  decode: Name;
}

/** Options every format's module takes. */
export interface ModuleOptions {
  runtimeModule: string;
  /** Object layout on the wire (README "Compact layout"); 'map' when not given. */
  layout?: Layout;
  /** Text of the `@generated` line. */
  preamble: string;
  mode: 'module' | 'function';
  /** Module mode: TypeScript, or JavaScript with a declarations source for the `.d.ts`. */
  target: 'ts' | 'js';
  /** `codeSize` resolved: objects through the runtime's record tables (`record-tables/`). */
  smallCode: boolean;
  /** CBOR only: RFC 8949 §4.2.1 deterministic mode. */
  deterministic?: boolean;
  /** MessagePack only: integers past 32 bits as float64 (`CompileOptions.largeIntegers`). */
  largeIntegers?: 'float64';
}

/** What `compile.ts` passes every format; a format ignores the options it has no use for. */
export interface BackEndOptions extends ModuleOptions {
  /** Object layout on the wire (README "Compact layout"). */
  layout: Layout;
  /** CBOR: RFC 8949 §4.2.1 deterministic encoders. */
  deterministic: boolean;
  /** CBOR: DAG-CBOR encoders (implies `deterministic`). */
  dagCbor: boolean;
}

/** A wire format as the compiler sees it: a folder of `emit/` exports one of these. */
export interface FormatBackEnd {
  /** Format id (`cbor`): the `--format` value, the runtime subpath and the file name's middle part. */
  id: string;
  /** The generated module text for an IR module, plus the names of its public functions. */
  generate(ir: IrModule, options: BackEndOptions): GeneratedModule;
}

/** A generated module's text (`AssembledModule`) and the names of its public functions. */
export interface GeneratedModule extends AssembledModule {
  api: ApiEntry[];
}

/** What a wire format gives the module skeleton. */
export interface ModuleFormat {
  /** Format id: the runtime subpath and the `format` of errors (`cbor`). */
  id: string;
  /** Its name in generated JSDoc (`CBOR`). */
  name: string;
  prelude: Record<string, PreludeHelper>;
  runtimeNames: readonly string[];
  formatRuntimeNames: readonly string[];
  encoder(context: ModuleContext): EncoderEmitter;
  decoder(context: ModuleContext): DecoderEmitter;
  /** What a stream of root items is, for the JSDoc of `decodeStream` (`a CBOR sequence (RFC 8742)`). */
  streamItems: string;
  /** Arrays the format's own code writes better than the runtime's `listOf` (codeSize 'small' keeps their functions). */
  ownsList?(node: IrArray): boolean;
  /** Numbers the format's own code writes in a form the runtime's shared number codecs do not (codeSize 'small' keeps their functions). */
  ownsNumber?(node: IrNumber): boolean;
}

interface ApiPair {
  entry: ApiEntry;
  type: Name;
  writer: Name;
  reader: Name;
  schemaPath: string;
}

/** The generated module of `format` for an IR module, plus the names of its public functions. */
export function generateFormatModule(ir: IrModule, format: ModuleFormat, options: ModuleOptions): GeneratedModule {
  checkRepresentable(ir);
  const context = new ModuleContext(ir, format.id, format.prelude, format.runtimeNames, format.formatRuntimeNames);
  if (format.ownsList !== undefined) context.ownsList = format.ownsList;
  if (format.ownsNumber !== undefined) context.ownsNumber = format.ownsNumber;
  context.smallCode = options.smallCode;
  context.sortedKeys = options.deterministic === true;
  context.largeIntegers = options.largeIntegers;
  context.positionalObjects = options.layout === 'compact';
  const encodeRoot = context.scope.claim('encode');
  const decodeRoot = context.scope.claim('decode');
  const decodeStream = context.scope.claim('decodeStream');
  const encodeStream = context.scope.claim('encodeStream');
  const { rootType, types } = nameTypes(context);
  const exportedDefinitions = ir.definitions.filter((definition) => definition.exported);
  const api = apiEntries(context, exportedDefinitions, encodeRoot, decodeRoot);

  const encoder = format.encoder(context);
  const decoder = format.decoder(context);
  context.fieldFunctions = { write: (node) => encoder.functionOf(node), read: (node) => decoder.functionOf(node) };
  const pairs: ApiPair[] = [{ entry: api[0], type: rootType, writer: encoder.root(ir.root, rootType), reader: decoder.root(ir.root, rootType), schemaPath: ir.root.schemaPath }];
  exportedDefinitions.forEach((definition, index) => {
    pairs.push({
      entry: api[index + 1],
      type: context.typeNames.get(definition.key)!,
      writer: encoder.definition(definition),
      reader: decoder.definition(definition),
      schemaPath: definition.node.schemaPath,
    });
  });
  const apiFunctions = pairs.flatMap((pair) => apiPair(context, format, pair));
  apiFunctions.push(...streamFunctions(context, format, pairs[0], decodeStream, encodeStream));
  encoder.drain();
  decoder.drain();
  drainPredicates(context);
  emitFieldKits(context);

  const parts: ModuleParts = {
    preamble: options.preamble,
    runtimeModule: options.runtimeModule,
    formatModule: `${options.runtimeModule}/${format.id}`,
    types,
    state: [],
    api: apiFunctions,
  };
  return { ...assembleModule(context, parts, options.mode, options.target), api };
}

/** Type names: the root first, then definitions in module order. */
function nameTypes(context: ModuleContext): { rootType: Name; types: TypeSpec[] } {
  const ir = context.ir;
  const rootType = context.scope.fresh(ir.rootName, { pascal: true, fallback: 'Root' });
  for (const definition of ir.definitions) context.typeNames.set(definition.key, context.scope.fresh(definition.name, { pascal: true, fallback: 'Definition' }));
  context.nodeTypeNames.set(ir.root, rootType);
  for (const definition of ir.definitions) context.nodeTypeNames.set(definition.node, context.typeNames.get(definition.key)!);
  const types: TypeSpec[] = [{ name: rootType, type: typeOf(ir.root, context.typeNames), exported: true, docs: typeDocs(ir.root.annotations.description, ir.root.schemaPath) }];
  const leftRecursive = new Set(ir.definitions.filter((definition) => context.leftRecursive.has(definition.node)).map((definition) => definition.key));
  for (const definition of ir.definitions) {
    const expansion = leftRecursive.has(definition.key) ? { definitions: context.definitions, leftRecursive, open: new Set([definition.key]) } : undefined;
    types.push({
      name: context.typeNames.get(definition.key)!,
      type: typeOf(definition.node, context.typeNames, expansion),
      exported: definition.exported,
      docs: typeDocs(definition.node.annotations.description, definition.node.schemaPath),
    });
  }
  return { rootType, types };
}

/** The public names: `encode`/`decode` for the root, `encode<Type>`/`decode<Type>` per exported definition. */
function apiEntries(context: ModuleContext, exportedDefinitions: IrDefinition[], encodeRoot: Name, decodeRoot: Name): ApiEntry[] {
  const api: ApiEntry[] = [{ definition: undefined, encode: encodeRoot, decode: decodeRoot }];
  for (const definition of exportedDefinitions) {
    const typeName = context.typeNames.get(definition.key)!;
    api.push({
      definition: definition.name,
      encode: context.scope.fresh(`encode ${typeName.text}`),
      decode: context.scope.fresh(`decode ${typeName.text}`),
    });
  }
  return api;
}

/** The summary of a public encode function (the error's value path and schema path are in its message). */
function encodeDoc(format: ModuleFormat, pair: ApiPair): string {
  return `Encodes a ${pair.type.text} as ${format.name}; throws \`EncodeError\` if it does not match the schema.`;
}

/** The summary of a public decode function (the error's offset and schema path are in its message). */
function decodeDoc(format: ModuleFormat, pair: ApiPair): string {
  return `Decodes a ${pair.type.text} from ${format.name}; throws \`DecodeError\` for malformed or non-conforming input.`;
}

function typeDocs(description: string | undefined, schemaPath: string): string[] {
  return description === undefined ? [`@schema ${schemaPath}`] : [description, `@schema ${schemaPath}`];
}

/**
 * A public pair. The encoder calls the module's writer itself on the runtime's `sharedWriter`, a
 * module constant V8 folds into the inlined writers, so V8 can inline it (through one runtime
 * entry that every module calls it could not: tokens encoded 1.18x slower; through a writer a
 * call returned, 1.14x); its failure becomes the public error in the runtime (`encodeFailed`). An
 * encode started while another writes there (a getter of the value encoding again) goes to
 * `nestedEncode`, which writes into a writer of its own. The decoder is one call of the runtime's
 * `decodeWith` (the shared reader, the public errors, the end of input), which measured no slower.
 */
function encodeBody(context: ModuleContext, write: Name): Code {
  const writer = context.runtime('sharedWriter');
  const lines = [
    js`if (${context.runtime('writerBusy')}()) return ${context.runtime('nestedEncode')}(${write}, value);`,
    js`try {`,
    js`  ${write}(${writer}, value, ${context.runtime('DEFAULT_MAX_DEPTH')});`,
    js`} catch (error) {`,
    js`  throw ${context.runtime('encodeFailed')}(error);`,
    js`}`,
    js`return ${writer}.finish();`,
  ];
  return new Code(lines.map((line) => line.text).join('\n'));
}

/**
 * `decodeWith(read, bytes, schemaPath)`; with objects as arrays by position (layout 'compact'),
 * `false` after them: a path found in the bytes would name positions, not the value's members.
 */
function decodeBody(context: ModuleContext, pair: ApiPair): Code {
  const positional = context.positionalObjects ? new Code(', false') : new Code('');
  return js`return ${context.runtime('decodeWith')}(${pair.reader}, bytes, ${literal(pair.schemaPath)}${positional});`;
}

function apiPair(context: ModuleContext, format: ModuleFormat, pair: ApiPair): FunctionSpec[] {
  const encode: FunctionSpec = {
    name: pair.entry.encode,
    docs: [encodeDoc(format, pair), `@schema ${pair.schemaPath}`],
    params: [js`value: ${pair.type}`],
    returnType: new Code('Uint8Array'),
    body: encodeBody(context, pair.writer),
    exported: true,
  };
  const decode: FunctionSpec = {
    name: pair.entry.decode,
    docs: [decodeDoc(format, pair), `@schema ${pair.schemaPath}`],
    params: [new Code('bytes: Uint8Array')],
    returnType: pair.type,
    body: decodeBody(context, pair),
    exported: true,
  };
  return [encode, decode];
}

/**
 * `decodeStream`/`encodeStream` for the root type: the runtime's WHATWG stream factories
 * (`cborDecoderStream`, `ubjsonEncoderStream`, …) around the root `decode`/`encode`.
 */
function streamFunctions(context: ModuleContext, format: ModuleFormat, root: ApiPair, decodeStream: Name, encodeStream: Name): FunctionSpec[] {
  const sequence = format.streamItems;
  return [
    {
      name: decodeStream,
      docs: [
        `A \`TransformStream\` from bytes (${sequence}, chunks cut at any byte) to ${root.type.text} values, each decoded by \`${root.entry.decode.text}\`; an item longer than \`maxItemBytes\` (default 16 MiB) is a \`DecodeError\`.`,
        `@schema ${root.schemaPath}`,
      ],
      params: [new Code('options?: { maxItemBytes?: number }')],
      returnType: js`TransformStream<Uint8Array, ${root.type}>`,
      body: js`return ${context.runtime(`${format.id}DecoderStream`)}({ maxItemBytes: options?.maxItemBytes, decode: ${root.entry.decode} });`,
      exported: true,
    },
    {
      name: encodeStream,
      docs: [`A \`TransformStream\` from ${root.type.text} values to their ${format.name} bytes (one chunk each), encoded by \`${root.entry.encode.text}\`.`, `@schema ${root.schemaPath}`],
      params: [],
      returnType: js`TransformStream<${root.type}, Uint8Array>`,
      body: js`return ${context.runtime(`${format.id}EncoderStream`)}({ encode: ${root.entry.encode} });`,
      exported: true,
    },
  ];
}
