import { createHash } from 'node:crypto';
import * as runtime from '@binschema/runtime';
import * as cborRuntime from '@binschema/runtime/cbor';
import * as ubjsonRuntime from '@binschema/runtime/ubjson';
import * as msgpackRuntime from '@binschema/runtime/msgpack';
import * as formatChecks from '@binschema/runtime/formats';
import { buildIr, type CompileWarning } from './ir/index.js';
import { checkOptions, generateText, preambleLine, type CompileOptions } from './compile.js';
import { SchemaError, underStackNet } from './errors.js';
import { SchemaErrorCode } from './schema/codes.js';

/** An encoder/decoder pair. */
export interface Codec {
  encode(value: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

export interface CompiledCodec extends Codec {
  /** One pair per exported definition, by its name in the schema (`Point` for `#/$defs/Point`). */
  definitions: Record<string, Codec>;
}

/** Most codecs kept; the oldest goes first (a service compiling user schemas must not grow without bound). */
const CACHE_LIMIT = 64;
/** A cached codec and the warnings its compilation gave, replayed to `onWarning` on every hit. */
const cache = new Map<string, { codec: CompiledCodec; warnings: CompileWarning[] }>();

/**
 * Compiles a schema in process: the same code `compileSchema` writes (JS target), run with
 * `new Function` and the runtime passed in instead of imported. Codecs are cached by a sha256 of
 * the JSON text of the schema and options, so an equal schema (even another object) hits and a
 * mutated or reordered one misses; a hit replays the compilation's warnings to `onWarning`.
 * `baseUri` is the URI the schema is served at (its relative `$ref`s resolve against it).
 * Where code generation from strings is forbidden (a CSP without
 * `unsafe-eval`, `node --disallow-code-generation-from-strings`) it throws a `SchemaError` with
 * code `code-generation-disallowed`: use the CLI's ahead-of-time modules there.
 */
export function compileCodec(schema: unknown, options: CompileOptions): CompiledCodec {
  checkOptions(options);
  const key = cacheKey(schema, options);
  let entry = key === undefined ? undefined : cache.get(key);
  if (entry === undefined) {
    const warnings: CompileWarning[] = [];
    entry = { codec: build(schema, { ...options, onWarning: (warning) => warnings.push(warning) }), warnings };
    if (key !== undefined) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(key, entry);
    }
  }
  // After the build: a codec that fails to compile reports its error, not half its warnings.
  for (const warning of entry.warnings) options.onWarning?.(warning);
  return entry.codec;
}

/** The format runtime (`@binschema/runtime/<format>`) a generated function body imports from. */
const FORMAT_RUNTIMES: Record<CompileOptions['format'], unknown> = { cbor: cborRuntime, ubjson: ubjsonRuntime, msgpack: msgpackRuntime };

function build(schema: unknown, options: CompileOptions): CompiledCodec {
  // Probed first: the front end's schema validation (ajv) generates code from strings too.
  evaluate('return 1;');
  const ir = buildIr({ schema, baseUri: options.baseUri }, options);
  const { text, api } = generateText(ir, options, preambleLine(ir.source), 'function');
  // Under the stack net: V8's parser recurses over the code's nesting as TypeScript's did.
  const factory = underStackNet(ir.source, () => evaluate(`'use strict';\nreturn (function (runtime, formatRuntime, formatChecks) {\n${text}\n});`));
  const exports = factory(runtime, FORMAT_RUNTIMES[options.format], formatChecks);
  const pair = (entry: (typeof api)[number]): Codec => ({
    encode: exports[entry.encode.text] as Codec['encode'],
    decode: exports[entry.decode.text] as Codec['decode'],
  });
  const definitions: Record<string, Codec> = Object.create(null);
  for (const entry of api.slice(1)) definitions[entry.definition!] = pair(entry);
  return { ...pair(api[0]), definitions };
}

type Factory = (runtime: unknown, format: unknown, formatChecks: unknown) => Record<string, (value: never) => unknown>;

/** The one place source text becomes code here; refused code generation becomes a `SchemaError`. */
function evaluate(body: string): Factory {
  let make: () => unknown;
  try {
    make = new Function(body) as () => unknown;
  } catch (error) {
    // V8 throws EvalError for `--disallow-code-generation-from-strings` and CSP refusals alike.
    if (!(error instanceof EvalError)) throw error;
    throw new SchemaError(
      SchemaErrorCode.CodeGenerationDisallowed,
      'code generation from strings is disallowed here (CSP or --disallow-code-generation-from-strings); compile ahead of time with `binschema compile` and import the generated module',
      '#',
    );
  }
  return make() as Factory;
}

/**
 * The cache key: sha256 of the JSON text of the schema and the options that shape the code;
 * undefined when not JSON. Keys keep their order: the order of `properties` (and of `$defs`,
 * variants) is the order generated encoders write, so reordered schemas are different codecs.
 */
function cacheKey(schema: unknown, options: CompileOptions): string | undefined {
  const shaping = {
    format: options.format,
    deterministic: options.deterministic === true,
    dagCbor: options.dagCbor === true,
    formatAssertion: options.formatAssertion ?? 'by-draft',
    baseUri: options.baseUri ?? null,
    codeSize: options.codeSize ?? 'speed',
    layout: options.layout ?? 'map',
    largeIntegers: options.largeIntegers ?? null,
    extraSchemas: options.extraSchemas ?? [],
    schemasByUri: options.schemasByUri ?? {},
  };
  const text = schemaJson({ schema, options: shaping }, new Set());
  return text === undefined ? undefined : createHash('sha256').update(text).digest('hex');
}

/** JSON text, keys in their own order; undefined for anything JSON cannot hold exactly (cycles, bigint, functions). */
function schemaJson(value: unknown, ancestors: Set<object>): string | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (typeof value !== 'object' || ancestors.has(value)) return undefined;
  ancestors.add(value);
  const parts: string[] = [];
  // One part that is not JSON makes the whole key undefined, so the walk stops there.
  if (Array.isArray(value)) {
    for (const item of value) {
      const part = schemaJson(item, ancestors);
      if (part === undefined) return undefined;
      parts.push(part);
    }
  } else {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const part = schemaJson(item, ancestors);
      if (part === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${part}`);
    }
  }
  ancestors.delete(value);
  return Array.isArray(value) ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}
