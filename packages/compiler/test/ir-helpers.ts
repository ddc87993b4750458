/** Test helpers for the front end: lowering inline schemas and comparing IR shapes. */
import * as assert from 'uvu/assert';
import { isSchemaError, type SchemaError } from '../src/errors.js';
import { buildIr, type FrontEndOptions, type SchemaInput } from '../src/ir/index.js';
import type { IrModule } from '../src/ir/types.js';

/** Lowers an inline schema. */
export function lower(schema: unknown, options?: FrontEndOptions, input?: Omit<SchemaInput, 'schema'>): IrModule {
  return buildIr({ schema, ...input }, options);
}

/**
 * The IR without `schemaPath`s and empty `annotations`, so expected shapes written by hand from
 * the specification stay short. Checked separately where paths matter.
 */
export function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'schemaPath') continue;
    if (key === 'annotations' && Object.keys(entry as object).length === 0) continue;
    // Values of `literal` nodes and annotations are data: kept as they are.
    out[key] = key === 'values' || key === 'default' || key === 'examples' ? entry : shape(entry);
  }
  return out;
}

/** The root of an inline schema, as a shape. */
export function rootShape(schema: unknown, options?: FrontEndOptions): unknown {
  return shape(lower(schema, options).root);
}

/** Runs `action`, expecting a `SchemaError`; returns it. */
export function schemaErrorOf(action: () => unknown): SchemaError {
  try {
    action();
  } catch (error) {
    if (isSchemaError(error)) return error;
    throw error;
  }
  assert.unreachable('expected a SchemaError');
  throw new Error('unreachable');
}

/** Expects a `SchemaError` with `code` at `schemaPath`. */
export function assertRefused(action: () => unknown, code: string, schemaPath: string): SchemaError {
  const error = schemaErrorOf(action);
  assert.is(error.code, code, error.message);
  assert.is(error.schemaPath, schemaPath, error.message);
  return error;
}

// Shapes used by many expectations.
export const ANY = { kind: 'any' };
export const NEVER = { kind: 'never' };
export const STRING = { kind: 'string' };
export const INTEGER = { kind: 'number', integer: true };
export const NUMBER = { kind: 'number', integer: false };
export const NULL = { kind: 'null' };
export const BOOLEAN = { kind: 'boolean' };

/** An object shape with defaults for the members a test does not care about. */
export function object(fields: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'object', properties: [], patternProperties: [], additionalProperties: ANY, extraRequired: [], ...fields };
}

export function array(fields: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'array', prefixItems: [], items: ANY, ...fields };
}
