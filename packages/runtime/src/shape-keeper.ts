/**
 * Keeps the hidden classes (V8 maps) of decoded records alive while nothing else holds them.
 *
 * A record with optional properties gets one map per set of present properties, reached by map
 * transitions that V8 holds only weakly. When a program drops the decoded values and the
 * garbage collector runs, those maps die (V8 keeps an unused map for two full collections), and
 * the optimised decoders that check or create them are thrown away ("weak objects" in
 * `node --trace-deopt`) and optimised again: bench `deopts.ts` saw the JTD schema readers of
 * very-large-object deoptimised at every few collections. A required-only record does not need
 * this: it is built by one object literal, whose boilerplate (kept by the function) holds its map.
 *
 * Generated code numbers the present optional properties as bits of a `shape` and, the first
 * time a shape is seen, builds a small witness object through the same literal and property
 * stores with `placeholder` values, so it gets the same map and keeps it (and, through the back
 * pointers, the maps before it) alive. At most `SHAPE_KEEPER_LIMIT` shapes per record type, so
 * hostile input cannot grow it without bound.
 */

/** Witnesses per record type; past it, new shapes are not kept (their decoders may deoptimise at a collection). */
export const SHAPE_KEEPER_LIMIT = 64;

export class ShapeKeeper {
  private readonly witnesses = new Map<number, object>();

  /** `what`: the schema path of the record type, for debugging (one keeper per record type). */
  constructor(readonly what: string) {}

  /** True the first time `shape` is seen, while there is room: the caller builds and keeps a witness. */
  wants(shape: number): boolean {
    return this.witnesses.size < SHAPE_KEEPER_LIMIT && !this.witnesses.has(shape);
  }

  keep(shape: number, witness: object): void {
    this.witnesses.set(shape, witness);
  }
}

/** Largest small integer (Smi) on 64-bit V8 with pointer compression: 2^30 - 1. */
const SMI_MAX = 0x3fffffff;

/**
 * A stand-in for `value` in a witness that holds no decoded data, of the same field
 * representation so the witness's map is the record's: a small integer as 0 (Smi), any other
 * number as 0.5 (double), a boolean as false, a bigint as 0n, a string as '' and an object or
 * array as null (heap-object fields, as the value's are).
 */
export function placeholder(value: unknown): unknown {
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) && Math.abs(value) <= SMI_MAX && !Object.is(value, -0) ? 0 : 0.5;
    case 'boolean':
      return false;
    case 'bigint':
      return 0n;
    case 'string':
      return '';
    default:
      return value === undefined ? undefined : null;
  }
}
