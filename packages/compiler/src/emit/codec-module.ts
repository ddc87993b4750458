import type { IrArray, IrDefinition, IrModule, IrNumber } from '../ir/types.js';
import { checkRepresentable } from '../plan/shape.js';
import { Code, js, literal } from './code.js';
import { drainPredicates } from './predicates.js';
import { ModuleContext, type FunctionSpec } from './context.js';
import type { EncoderEmitter } from './encode-skeleton.js';
import type { DecoderEmitter } from './decode-skeleton.js';
import type { PreludeHelper } from './prelude.js';
import { assembleModule, type ModuleParts, type TypeSpec } from './module.js';
import { Name } from './names.js';
import { typeOf } from './types.js';
import type { Layout } from './layout.js';

/**
 * Format-neutral generated module: type names, the public `encode<Name>`/`decode<Name>` pairs,
 * the shared writer and reader, and the encoder and decoder functions behind them. A format
 * (one folder: `cbor/`, `ubjson/`, `msgpack/`) gives its emitters, prelude and what its public decode does
 * before and around the root read, as a `ModuleFormat`, and exports a `FormatBackEnd`.
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
  /** Text of the `@generated` line. */
  preamble: string;
  mode: 'module' | 'function';
  /** `codeSize` resolved: objects through the runtime's record tables (`record-table.ts`). */
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
  generate(ir: IrModule, options: BackEndOptions): { text: string; api: ApiEntry[] };
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
  /** The `ANY_OPTIONS` constant: what the JSDoc adds after "values of unknown shape", and its value. */
  anyOptions: { note: string; init: string };
  /** Statements of a public decode after the reader is reset to `bytes`. */
  decodeStart(context: ModuleContext, shared: Name): Code[];
  /** The call of the root read function `reader` on the shared reader. */
  rootRead(context: ModuleContext, reader: Name, shared: Name): Code;
  /** Read functions take the value's consumed marker after `reader, depth` (UBJSON). */
  readsMarker?: true;
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
export function generateFormatModule(ir: IrModule, format: ModuleFormat, options: ModuleOptions): { text: string; api: ApiEntry[] } {
  checkRepresentable(ir);
  const context = new ModuleContext(ir, format.id, format.prelude, format.runtimeNames, format.formatRuntimeNames);
  if (format.ownsList !== undefined) context.ownsList = format.ownsList;
  if (format.ownsNumber !== undefined) context.ownsNumber = format.ownsNumber;
  context.smallCode = options.smallCode;
  context.sortedKeys = options.deterministic === true;
  context.largeIntegers = options.largeIntegers;
  const encodeRoot = context.scope.claim('encode');
  const decodeRoot = context.scope.claim('decode');
  const decodeStream = context.scope.claim('decodeStream');
  const encodeStream = context.scope.claim('encodeStream');
  const sharedWriter = context.scope.claim('sharedWriter');
  const sharedReader = context.scope.claim('sharedReader');
  const anyOptions = context.scope.claim('ANY_OPTIONS');
  // With at least two exported definitions (the root makes three pairs), every public pair calls
  // one shared encode and decode body (issue 24: the bodies cost about what one pair's own do, so
  // they pay off from there; one shared body is also hot sooner than one per pair).
  const sharesApi = ir.definitions.filter((definition) => definition.exported).length >= 2;
  const shared = sharesApi ? { encode: context.scope.claim('encodeWith'), decode: context.scope.claim('decodeWith') } : undefined;
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
  const apiFunctions: FunctionSpec[] = [];
  if (shared !== undefined) {
    // Compact: every public pair calls one encode and one decode helper instead of repeating their bodies.
    const helpers = sharedApi(context, format, shared, sharedWriter, sharedReader);
    for (const pair of pairs) apiFunctions.push(...compactApiPair(format, pair, shared));
    context.functions.push(...helpers);
  } else {
    for (const pair of pairs) {
      apiFunctions.push(encodeFunction(context, format, pair, sharedWriter));
      apiFunctions.push(decodeFunction(context, format, pair, sharedReader));
    }
  }
  apiFunctions.push(...streamFunctions(context, format, pairs[0], decodeStream, encodeStream));
  encoder.drain();
  decoder.drain();
  drainPredicates(context);

  const parts: ModuleParts = {
    preamble: options.preamble,
    runtimeModule: options.runtimeModule,
    formatModule: `${options.runtimeModule}/${format.id}`,
    types,
    state: [
      js`/** One writer and one reader for the module: outputs are carved from its buffer (see Writer.finish); pure, so a decode-only bundle drops the writer and an encode-only one the reader. */\nconst ${sharedWriter} = /* @__PURE__ */ new ${context.runtime('Writer')}();\nconst ${sharedReader} = /* @__PURE__ */ new ${context.runtime('Reader')}(${quotedId(format)});`,
      js`/** Options of the generic encoder, for values of unknown shape${new Code(format.anyOptions.note)}. */\nconst ${anyOptions} = ${new Code(format.anyOptions.init)};`,
    ],
    api: apiFunctions,
  };
  return { text: assembleModule(context, parts, options.mode), api };
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

/** The format id as a single-quoted string literal (a fixed id, never schema text). */
function quotedId(format: ModuleFormat): Code {
  return new Code(`'${format.id}'`);
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

function encodeFunction(context: ModuleContext, format: ModuleFormat, pair: ApiPair, shared: Name): FunctionSpec {
  const body = [
    js`try {`,
    js`  ${pair.writer}(${shared}, value, ${context.runtime('DEFAULT_MAX_DEPTH')});`,
    js`} catch (error) {`,
    js`  ${shared}.reset();`,
    js`  throw ${context.use('toEncodeError')}(error);`,
    js`}`,
    js`return ${shared}.finish();`,
  ];
  return {
    name: pair.entry.encode,
    docs: [encodeDoc(format, pair), `@schema ${pair.schemaPath}`],
    params: [js`value: ${pair.type}`],
    returnType: new Code('Uint8Array'),
    body: new Code(body.map((line) => line.text).join('\n')),
    exported: true,
  };
}

function decodeFunction(context: ModuleContext, format: ModuleFormat, pair: ApiPair, shared: Name, schemaPath = literal(pair.schemaPath)): FunctionSpec {
  const failure = context.use('decodeFailure');
  const decodeError = context.runtime('DecodeError');
  const body = [
    js`if (!(bytes instanceof Uint8Array)) throw new ${decodeError}(${quotedId(format)}, 'unexpected-type', 'expected a Uint8Array', 0);`,
    js`${shared}.reset(bytes);`,
    ...format.decodeStart(context, shared),
    js`let value: ${pair.type};`,
    js`try {`,
    js`  value = ${format.rootRead(context, pair.reader, shared)};`,
    js`} catch (error) {`,
    js`  // A stack overflow on the way down is a nesting problem of the input, reported as such.`,
    js`  if (error instanceof RangeError) throw ${failure}('too-deep', 'nesting too deep for the engine stack', ${shared}.pos, ${schemaPath});`,
    js`  throw error;`,
    js`}`,
    js`if (${shared}.pos !== ${shared}.end) throw ${failure}('trailing-bytes', ${shared}.trailingText(), ${shared}.pos, ${schemaPath});`,
    js`return value;`,
  ];
  return {
    name: pair.entry.decode,
    docs: [decodeDoc(format, pair), `@schema ${pair.schemaPath}`],
    params: [new Code('bytes: Uint8Array')],
    returnType: pair.type,
    body: new Code(body.map((line) => line.text).join('\n')),
    exported: true,
  };
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

/** Compact mode's public pair: a call of the module's `encodeWith`/`decodeWith` each. */
function compactApiPair(format: ModuleFormat, pair: ApiPair, shared: { encode: Name; decode: Name }): FunctionSpec[] {
  const encode: FunctionSpec = {
    name: pair.entry.encode,
    docs: [encodeDoc(format, pair), `@schema ${pair.schemaPath}`],
    params: [js`value: ${pair.type}`],
    returnType: new Code('Uint8Array'),
    body: js`return ${shared.encode}(${pair.writer}, value);`,
    exported: true,
  };
  const decode: FunctionSpec = {
    name: pair.entry.decode,
    docs: [decodeDoc(format, pair), `@schema ${pair.schemaPath}`],
    params: [new Code('bytes: Uint8Array')],
    returnType: pair.type,
    body: js`return ${shared.decode}(${pair.reader}, bytes, ${literal(pair.schemaPath)}) as ${pair.type};`,
    exported: true,
  };
  return [encode, decode];
}

/** `encodeWith(write, value)` and `decodeWith(read, bytes, schemaPath)`: the bodies of every public function, once. */
function sharedApi(context: ModuleContext, format: ModuleFormat, shared: { encode: Name; decode: Name }, sharedWriter: Name, sharedReader: Name): FunctionSpec[] {
  const writer = new Name('write');
  const reader = new Name('read');
  const pair = (type: Code): ApiPair => ({ entry: { definition: undefined, encode: shared.encode, decode: shared.decode }, type: new Name(type.text), writer, reader, schemaPath: '' });
  const encode = encodeFunction(context, format, pair(new Code('unknown')), sharedWriter);
  const decode = decodeFunction(context, format, pair(new Code('unknown')), sharedReader, new Code('schemaPath'));
  return [
    { ...encode, name: shared.encode, docs: ['Writes `value` with `write` into the shared writer; a failure becomes the public `EncodeError`.'], params: [js`write: (writer: ${context.runtime('Writer')}, value: unknown, depth: number) => void`, new Code('value: unknown')], exported: false },
    { ...decode, name: shared.decode, docs: ['Reads one item with `read` from `bytes`, which it must fill; a failure is a `DecodeError` (`schemaPath`: the public function\'s schema).'], params: [js`read: (reader: ${context.runtime('Reader')}, depth: number${new Code(format.readsMarker ? ', marker: number' : '')}) => unknown`, new Code('bytes: Uint8Array'), new Code('schemaPath: string')], exported: false },
  ];
}
