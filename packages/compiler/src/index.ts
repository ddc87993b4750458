// Compiling: schema → generated TypeScript/JavaScript modules.
export {
  compileFile,
  compileSchema,
  generateModule,
  moduleBaseName,
  type CompileOptions,
  type Format,
  type Layout,
  type GeneratedFile,
} from './compile.js';
export { AUTO_SMALL_PROPERTIES, type CodeSize } from './emit/module/code-size.js';

// The compact layout's positions (README "Compact layout"), for tools that compare schemas' wire forms.
export { compactPositions, isOmittedConst, isIndexedEnum, isPositional, type CompactPositions } from './emit/compact-layout/positions.js';

// In-process codecs: the generated code run with `new Function` (tests, REPLs, dynamic schemas).
export { compileCodec, type Codec, type CompiledCodec } from './in-process.js';

// The front end: schema → IR (for tools that inspect or transform the IR).
export { buildIr, buildIrFromFile, ASSERTED_FORMATS, type FrontEndOptions, type SchemaInput } from './ir/index.js';

// Warnings (`onWarning`): what is honoured or relaxed as users' validators do, beyond the schema's draft.
export { WarningCode, type CompileWarning, type WarningHandler } from './ir/index.js';
export type {
  IrModule,
  IrDefinition,
  IrNode,
  IrKind,
  IrAnnotations,
  IrAny,
  IrNever,
  IrNull,
  IrBoolean,
  IrNumber,
  IrString,
  IrLiteral,
  IrArray,
  IrObject,
  IrProperty,
  IrPatternProperty,
  IrUnion,
  IrDiscriminator,
  IrRef,
  IrCheck,
  IrEvaluation,
  IrEvaluationCondition,
  JsonValue,
} from './ir/types.js';

// Schema evolution: can new readers read old bytes, and old readers new bytes?
export { checkCompatibility, checkCompatibilityOfFiles, type CompatOptions, type CompatReport, type CompatChange } from './compat/index.js';
export { compactLayout, type CompactPosition, type CompactLayout } from './compat/positions.js';

// Errors.
export { SchemaError, isSchemaError } from './errors.js';
/** The end of an `unresolved-ref` message for a document not passed in: tools with their own flags (the CLI) name those instead. */
export { API_REF_HINT } from './schema/registry.js';

export { version } from './version.js';
