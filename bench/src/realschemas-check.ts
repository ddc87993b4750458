/**
 * One real schema through binschema, as a user would run it: compiled in process
 * (`compileCodec`) and ahead of time (`compileSchema`, JS target) in each format, every document
 * round-tripped, and the CBOR cross-checked with cbor-x both ways (it reads our bytes equal; we
 * read its `useRecords: false` encoding equal). Every failure is caught and recorded: a schema
 * that does not compile is a result, not a crash.
 */
import { performance } from 'node:perf_hooks';
import { decode as cborxDecode, Encoder as CborxEncoder } from 'cbor-x';
import { compileCodec, compileSchema, type CompileOptions, type Format } from '@binschema/compiler';
import type { RealSchema } from './realschemas-load.js';
import { differs } from './values.js';

export interface FormatResult {
  /** `compileCodec` wall time, ms (the first compilation in the process pays ajv's start-up). */
  compileMs?: number;
  /** Bytes of the ahead-of-time `.js` module (UTF-8). */
  moduleBytes?: number;
  /** `compileSchema` (JS target) wall time, ms. */
  moduleMs?: number;
  /** Why the schema did not compile, when it did not. */
  compileError?: string;
  /** Documents that encoded, decoded and came back equal. */
  roundTripped: number;
  /** Sum of the encodings of the round-tripped documents, and of their compact JSON. */
  encodedBytes: number;
  jsonBytes: number;
  /** The first failures, `doc: why`. */
  failures: string[];
}

export interface RealSchemaResult {
  name: string;
  draft: string;
  schemaBytes: number;
  docs: number;
  /** `code subject` of each compiler warning: `later-draft-keyword const`, `unknown-format semver`. */
  warnings: string[];
  cbor: FormatResult;
  ubjson: FormatResult;
  msgpack: FormatResult;
  /** Documents cbor-x decoded equal from our CBOR, and that we decoded equal from cbor-x's. */
  cborxReadsOurs: number;
  weReadCborx: number;
  cborxFailures: string[];
}

const KEPT_FAILURES = 3;
const cborx = new CborxEncoder({ useRecords: false });

/** `aheadOfTime: false` skips the AOT modules (their size and time), for tests. */
export function checkRealSchema(real: RealSchema, { aheadOfTime = true }: { aheadOfTime?: boolean } = {}): RealSchemaResult {
  const warnings = new Set<string>();
  const options = (format: Format): CompileOptions => ({
    format,
    baseUri: real.entry.schemaId,
    schemasByUri: real.refs,
    onWarning: (warning) => warnings.add(`${warning.code} ${warning.format ?? warning.keyword}`),
  });
  const result: RealSchemaResult = {
    name: real.entry.name,
    draft: real.entry.draft,
    schemaBytes: real.schemaBytes,
    docs: real.docs.length,
    warnings: [],
    cbor: checkFormat(real, options('cbor'), aheadOfTime),
    ubjson: checkFormat(real, options('ubjson'), aheadOfTime),
    msgpack: checkFormat(real, options('msgpack'), aheadOfTime),
    cborxReadsOurs: 0,
    weReadCborx: 0,
    cborxFailures: [],
  };
  result.warnings = [...warnings].sort();
  crossCheckCbor(real, options('cbor'), result);
  return result;
}

function checkFormat(real: RealSchema, options: CompileOptions, aheadOfTime: boolean): FormatResult {
  const result: FormatResult = { roundTripped: 0, encodedBytes: 0, jsonBytes: 0, failures: [] };
  let codec: ReturnType<typeof compileCodec>;
  try {
    const start = performance.now();
    codec = compileCodec(real.schema, options);
    result.compileMs = performance.now() - start;
  } catch (error) {
    result.compileError = describe(error);
    return result;
  }
  if (aheadOfTime) measureModule(real, options, result);
  for (const doc of real.docs) {
    const failure = attempt(() => {
      const bytes = codec.encode(doc.value);
      const difference = differs(doc.value, codec.decode(bytes));
      if (difference !== undefined) return `decoded value differs: ${difference}`;
      result.encodedBytes += bytes.length;
      result.jsonBytes += doc.compactJsonBytes;
      return undefined;
    });
    if (failure === undefined) result.roundTripped++;
    else keep(result.failures, `${doc.file}: ${failure}`);
  }
  return result;
}

/** The ahead-of-time module (JS target, what users ship): its bytes and compile time. */
function measureModule(real: RealSchema, options: CompileOptions, result: FormatResult): void {
  try {
    const start = performance.now();
    const files = compileSchema(real.schema, 'schema', { ...options, target: 'js' });
    result.moduleMs = performance.now() - start;
    result.moduleBytes = Buffer.byteLength(files.find((file) => file.fileName.endsWith('.js'))!.text);
  } catch (error) {
    result.failures.push(`ahead-of-time module: ${describe(error)}`);
  }
}

function crossCheckCbor(real: RealSchema, options: CompileOptions, result: RealSchemaResult): void {
  if (result.cbor.compileError !== undefined) return;
  const codec = compileCodec(real.schema, options);
  for (const doc of real.docs) {
    const theirs = attempt(() => {
      const difference = differs(doc.value, cborxDecode(codec.encode(doc.value)));
      return difference === undefined ? undefined : `cbor-x read our bytes differently: ${difference}`;
    });
    if (theirs === undefined) result.cborxReadsOurs++;
    else keep(result.cborxFailures, `${doc.file}: ${theirs}`);
    const ours = attempt(() => {
      const difference = differs(doc.value, codec.decode(cborx.encode(doc.value)));
      return difference === undefined ? undefined : `we read cbor-x's bytes differently: ${difference}`;
    });
    if (ours === undefined) result.weReadCborx++;
    else keep(result.cborxFailures, `${doc.file}: ${ours}`);
  }
}

/** Runs `check`; its failure message, or the error it threw, described. */
function attempt(check: () => string | undefined): string | undefined {
  try {
    return check();
  } catch (error) {
    return describe(error);
  }
}

function keep(failures: string[], failure: string): void {
  if (failures.length < KEPT_FAILURES) failures.push(failure);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`.slice(0, 300);
}
