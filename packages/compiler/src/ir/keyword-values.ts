/**
 * Typed reads of keyword values. Meta-validation already checked documents, but a `$ref` may
 * point into a place no meta-schema covers (an unknown keyword), so every read checks again
 * and fails with `invalid-schema` at the keyword's path.
 */
import { joinPointer } from '@binschema/runtime';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { own, type JsonObject } from '../schema/json.js';
import type { SchemaLocation } from '../schema/registry.js';

/** A schema object being lowered, with where it is. */
export interface Here {
  location: SchemaLocation;
  schema: JsonObject;
  /** `#/…` fragment of the schema object. */
  path: string;
  source: string;
}

export function hereOf(location: SchemaLocation, schema: JsonObject): Here {
  return { location, schema, path: `#${location.pointer}`, source: location.document.source };
}

/** The location of the subschema at `tokens` below `here`. */
export function childLocation(here: Here, value: unknown, ...tokens: (string | number)[]): SchemaLocation {
  let pointer = here.location.pointer;
  for (const token of tokens) pointer = joinPointer(pointer, token);
  return { document: here.location.document, pointer, schema: value, base: here.location.base };
}

export function keywordPath(here: Here, keyword: string): string {
  return `#${joinPointer(here.location.pointer, keyword)}`;
}

export function invalid(here: Here, keyword: string, what: string): never {
  throw new SchemaError(SchemaErrorCode.InvalidSchema, `${keyword} ${what}`, keywordPath(here, keyword), here.source);
}

export function numberKeyword(here: Here, keyword: string): number | undefined {
  const value = own(here.schema, keyword);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return invalid(here, keyword, 'must be a number');
  return value;
}

/** A non-negative integer keyword (`minLength`, `maxItems`…). */
export function countKeyword(here: Here, keyword: string): number | undefined {
  const value = numberKeyword(here, keyword);
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) return invalid(here, keyword, 'must be a non-negative integer');
  return value;
}

export function stringKeyword(here: Here, keyword: string): string | undefined {
  const value = own(here.schema, keyword);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid(here, keyword, 'must be a string');
  return value;
}

export function booleanKeyword(here: Here, keyword: string): boolean | undefined {
  const value = own(here.schema, keyword);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') return invalid(here, keyword, 'must be a boolean');
  return value;
}

export function arrayKeyword(here: Here, keyword: string): unknown[] | undefined {
  const value = own(here.schema, keyword);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return invalid(here, keyword, 'must be an array');
  return value;
}

/** Checks that `source` compiles as an ECMA-262 regex with the `u` flag (2020-12 Validation §6.3.3, Core §6.4). */
export function checkPattern(source: string, schemaPath: string, sourceName: string): string {
  try {
    new RegExp(source, 'u');
  } catch (error) {
    throw new SchemaError(SchemaErrorCode.InvalidPattern, `pattern ${JSON.stringify(source)} is not an ECMA-262 regex with the u flag (${(error as Error).message})`, schemaPath, sourceName);
  }
  return source;
}
