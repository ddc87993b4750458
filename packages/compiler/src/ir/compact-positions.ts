/**
 * Position assignment of the compact layout (layout spec, rule 1): an object with declared
 * properties is written as an array, element i = the property at position i.
 * - a property pinned with `"x-binschema-index": n` takes position n (unique, non-negative integer);
 * - a REQUIRED property whose node is a single `const` takes no position (the reader puts it back);
 * - a discriminated union's discriminator property takes none either (rule 4: implied by the variant index);
 * - the others take the lowest free positions, in declaration order;
 * - positions below the count that nobody takes are reserved gaps (written as CBOR undefined).
 *
 * A pure function of the IR object and a pin lookup: the IR does not carry `x-binschema-index`,
 * so the caller says where pins come from (`pinsFromSchema` reads them from the raw schema).
 */
import { parsePointer } from '@binschema/runtime';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { isJsonObject, own } from '../schema/json.js';
import type { IrNode, IrObject, IrProperty } from './types.js';

/** The keyword that pins a property's position. */
export const INDEX_KEYWORD = 'x-binschema-index';

export interface CompactPosition {
  name: string;
  position: number;
}

export interface CompactLayout {
  /** Properties that are written, by position (ascending). */
  positions: CompactPosition[];
  /** Positions below `count` that no property takes (written as undefined). */
  reserved: number[];
  /** Number of positions: the last used position + 1 (0 when none). */
  count: number;
  /** Properties that take no position (required consts, the discriminator). */
  implied: string[];
}

/** The raw `x-binschema-index` value of a property, or `undefined` when it has none. */
export type PinLookup = (property: IrProperty) => unknown;

export interface PositionOptions {
  /** Where pins come from; default: none. */
  pinOf?: PinLookup;
  /** A property that takes no position (the discriminator of the union this object is a variant of). */
  implied?: string;
}

/** The written properties and their positions, ascending. */
export function compactPositions(object: IrObject, options: PositionOptions = {}): CompactPosition[] {
  return compactLayout(object, options).positions;
}

export function compactLayout(object: IrObject, options: PositionOptions = {}): CompactLayout {
  const implied: string[] = [];
  const written: IrProperty[] = [];
  for (const property of object.properties) {
    if (property.name === options.implied || (property.required && isSingleConst(property.node))) implied.push(property.name);
    else written.push(property);
  }
  const taken = new Map<number, string>();
  const pinned = new Map<string, number>();
  for (const property of written) {
    const pin = checkedPin(property, options.pinOf?.(property));
    if (pin === undefined) continue;
    if (taken.has(pin)) throw new SchemaError(SchemaErrorCode.InvalidSchema, `${INDEX_KEYWORD} ${pin} is also taken by property ${JSON.stringify(taken.get(pin))}`, `${property.schemaPath}/${INDEX_KEYWORD}`);
    taken.set(pin, property.name);
    pinned.set(property.name, pin);
  }
  const positions: CompactPosition[] = [];
  let free = 0;
  for (const property of written) {
    let position = pinned.get(property.name);
    if (position === undefined) {
      while (taken.has(free)) free++;
      position = free;
      taken.set(position, property.name);
    }
    positions.push({ name: property.name, position });
  }
  positions.sort((left, right) => left.position - right.position);
  const count = positions.length === 0 ? 0 : positions[positions.length - 1].position + 1;
  const reserved: number[] = [];
  for (let position = 0; position < count; position++) if (!taken.has(position)) reserved.push(position);
  return { positions, reserved, count, implied };
}

function checkedPin(property: IrProperty, pin: unknown): number | undefined {
  if (pin === undefined) return undefined;
  if (typeof pin !== 'number' || !Number.isSafeInteger(pin) || pin < 0) {
    throw new SchemaError(SchemaErrorCode.InvalidSchema, `${INDEX_KEYWORD} must be a non-negative integer`, `${property.schemaPath}/${INDEX_KEYWORD}`);
  }
  return pin;
}

/** A node that allows exactly one value (`const`, or a one-value `enum`). */
function isSingleConst(node: IrNode): boolean {
  return node.kind === 'literal' && node.values.length === 1;
}

/**
 * Pins read from the raw root schema document at each property's schema path. Properties whose
 * path does not lead to an object there (declared in another document) have none.
 */
export function pinsFromSchema(root: unknown): PinLookup {
  return (property) => {
    let here: unknown = root;
    const fragment = property.schemaPath.startsWith('#') ? property.schemaPath.slice(1) : property.schemaPath;
    let tokens: string[];
    try {
      tokens = parsePointer(fragment);
    } catch {
      return undefined;
    }
    for (const token of tokens) {
      if (Array.isArray(here)) here = here[Number(token)];
      else if (isJsonObject(here)) here = own(here, token);
      else return undefined;
    }
    return isJsonObject(here) ? own(here, INDEX_KEYWORD) : undefined;
  };
}
