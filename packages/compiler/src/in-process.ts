import * as runtime from '@binschema/runtime';
import * as cborRuntime from '@binschema/runtime/cbor';
import { buildIr } from './ir/index.js';
import { generateCborModule } from './emit/cbor-module.js';
import { transpileBody } from './emit/module.js';
import { preambleLine, type CompileOptions } from './compile.js';
import { SchemaError } from './errors.js';
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

/**
 * Compiles a schema in process: the same code `compileSchema` writes (JS target), run with
 * `new Function` and the runtime passed in instead of imported.
 */
export function compileCodec(schema: unknown, options: CompileOptions): CompiledCodec {
  if ((options.format as string) !== 'cbor') throw new SchemaError(SchemaErrorCode.InvalidOption, `unknown format ${JSON.stringify(options.format)}`, '#');
  const ir = buildIr({ schema }, options);
  const { text, api } = generateCborModule(ir, {
    deterministic: options.deterministic === true,
    runtimeModule: options.runtimeModule ?? '@binschema/runtime',
    preamble: preambleLine(ir.source),
    fileName: 'codec.cbor.ts',
    mode: 'function',
  });
  const factory = new Function(`'use strict';\nreturn ${transpileBody(text)};`)() as (runtime: unknown, format: unknown) => Record<string, (value: never) => unknown>;
  const exports = factory(runtime, cborRuntime);
  const pair = (entry: (typeof api)[number]): Codec => ({
    encode: exports[entry.encode.text] as Codec['encode'],
    decode: exports[entry.decode.text] as Codec['decode'],
  });
  const definitions: Record<string, Codec> = Object.create(null);
  for (const entry of api.slice(1)) definitions[entry.definition!] = pair(entry);
  return { ...pair(api[0]), definitions };
}
