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

/**
 * A stand-in for `value` in a witness that holds no decoded data: numbers and other primitives as
 * they are (so a Smi or double field is not generalised), a string as '' and an object or array
 * as null (both are heap-object fields, as the value's is).
 */
export function placeholder(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'object' && value !== null) return null;
  return value;
}
