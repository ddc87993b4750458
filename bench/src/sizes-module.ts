/**
 * Our side of the size report: the `.js` module `compileSchema` writes for a schema (JS target,
 * as `binschema compile --target js` ships it; the `.d.ts` beside it and the runtime it imports
 * are not counted), in `codeSize` 'speed' (the default) and 'small', and the wall time of each
 * compile after a warm-up compile of a small schema, so start-up is not counted.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { CodeSize, CompileOptions, Format } from '@binschema/compiler';
import type { SizeSchema } from './sizes-schemas.js';

/** `compileSchema` of the compiler build being measured (the report's children import a snapshot of it). */
export type CompileSchema = typeof import('@binschema/compiler').compileSchema;

export const CODE_SIZES = ['speed', 'small'] as const satisfies readonly CodeSize[];

export interface ModuleSize {
  /** UTF-8 bytes of the `.js` module. */
  bytes: number;
  /** The module alone through zlib's gzip, level 9. */
  gzipBytes: number;
  /** Wall time of `compileSchema`, ms. */
  ms: number;
}

export interface FormatSizes {
  speed?: ModuleSize;
  small?: ModuleSize;
  /** Why a code size did not compile (`speed: …`), or why the child gave nothing. */
  errors: string[];
}

/** gzip at level 9, as the totals are reported. */
export function gzipBytes(text: string): number {
  return gzipSync(text, { level: 9 }).length;
}

/** Both code sizes of one format; `warmUp: false` skips the warm-up compile (tests). */
export function measureFormat(compileSchema: CompileSchema, schema: SizeSchema, format: Format, { warmUp = true }: { warmUp?: boolean } = {}): FormatSizes {
  const result: FormatSizes = { errors: [] };
  for (const codeSize of CODE_SIZES) {
    const options: CompileOptions = { format, target: 'js', codeSize, baseUri: schema.baseUri, schemasByUri: schema.refs, onWarning: () => {} };
    // The same draft, so its meta-schema validator is built before the timed compile.
    if (warmUp) compileSchema(warmUpSchema(schema.schema), 'warmup', options);
    try {
      result[codeSize] = compileModule(compileSchema, schema, options);
    } catch (error) {
      result.errors.push(`${codeSize}: ${describe(error)}`);
    }
  }
  return result;
}

function compileModule(compileSchema: CompileSchema, schema: SizeSchema, options: CompileOptions): ModuleSize {
  const start = performance.now();
  const files = compileSchema(schema.schema, 'schema', options);
  const ms = performance.now() - start;
  const module = files.find((file) => file.fileName.endsWith('.js'));
  if (module === undefined) throw new Error(`compileSchema wrote no .js file (${files.map((file) => file.fileName).join(', ')})`);
  return { bytes: Buffer.byteLength(module.text), gzipBytes: gzipBytes(module.text), ms };
}

/** A small object schema in the draft `schema` declares. */
function warmUpSchema(schema: unknown): unknown {
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  return {
    ...(typeof declared === 'string' ? { $schema: declared } : {}),
    type: 'object',
    properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'integer' } }, kind: { enum: ['a', 'b'] } },
    required: ['name'],
  };
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`.split('\n')[0].slice(0, 300);
}
