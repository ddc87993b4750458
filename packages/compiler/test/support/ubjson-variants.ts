/**
 * Writes a JSON value as a random valid UBJSON (Draft 12) encoding other than the one our
 * encoders choose: any integer marker that holds an integer, or `d`/`D`/`H` for it
 * (value-types.html#numeric); any integer marker for lengths; `C` for one-character ASCII
 * strings; counted (`[#n`, `{#n`) and typed (`[$t#n`, `{$t#n`) containers
 * (container-types.html#optimized); no-ops between elements and before keys
 * (value-types.html#noop). Never `[$U#`, which is binary data, not an array of numbers.
 * Decoders must read all of these like the plain form.
 */
import type { Random } from './random.js';

const M = {
  Null: 0x5a, NoOp: 0x4e, True: 0x54, False: 0x46, Int8: 0x69, Uint8: 0x55, Int16: 0x49, Int32: 0x6c, Int64: 0x4c,
  Float32: 0x64, Float64: 0x44, High: 0x48, Char: 0x43, String: 0x53, ArrayStart: 0x5b, ArrayEnd: 0x5d,
  ObjectStart: 0x7b, ObjectEnd: 0x7d, Type: 0x24, Count: 0x23,
} as const;

const INTEGERS: { marker: number; min: number; max: number; size: number }[] = [
  { marker: M.Int8, min: -128, max: 127, size: 1 },
  { marker: M.Uint8, min: 0, max: 255, size: 1 },
  { marker: M.Int16, min: -32768, max: 32767, size: 2 },
  { marker: M.Int32, min: -(2 ** 31), max: 2 ** 31 - 1, size: 4 },
  { marker: M.Int64, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, size: 8 },
];

const encoder = new TextEncoder();

export function ubjsonVariant(value: unknown, random: Random): Uint8Array {
  const out: number[] = [];
  new VariantWriter(out, random).value(value);
  return Uint8Array.from(out);
}

class VariantWriter {
  constructor(
    private readonly out: number[],
    private readonly random: Random,
  ) {}

  value(value: unknown): void {
    const marker = this.markerFor(value);
    this.out.push(marker);
    this.payload(value, marker);
  }

  /** A marker that can carry `value`, chosen at random among the valid ones. */
  markerFor(value: unknown): number {
    if (value === null) return M.Null;
    if (value === true) return M.True;
    if (value === false) return M.False;
    if (typeof value === 'number') return this.random.pick(numberMarkers(value));
    if (typeof value === 'string') return value.length === 1 && value.charCodeAt(0) < 128 && this.random.chance(0.5) ? M.Char : M.String;
    return Array.isArray(value) ? M.ArrayStart : M.ObjectStart;
  }

  /** The payload of `value` after `marker` (written already, or fixed by a typed container). */
  payload(value: unknown, marker: number): void {
    switch (marker) {
      case M.Null: case M.True: case M.False:
        return;
      case M.Char:
        return void this.out.push((value as string).charCodeAt(0));
      case M.String:
        return this.text(value as string);
      case M.High:
        return this.text(String(value));
      case M.Float32: case M.Float64: {
        const view = new DataView(new ArrayBuffer(marker === M.Float32 ? 4 : 8));
        if (marker === M.Float32) view.setFloat32(0, value as number);
        else view.setFloat64(0, value as number);
        return void this.out.push(...new Uint8Array(view.buffer));
      }
      case M.ArrayStart:
        return this.array(value as unknown[]);
      case M.ObjectStart:
        return this.object(value as Record<string, unknown>);
      default:
        return this.integer(value as number, INTEGERS.find((entry) => entry.marker === marker)!.size);
    }
  }

  integer(value: number, size: number): void {
    let big = BigInt(value);
    if (big < 0n) big += 1n << BigInt(size * 8);
    for (let shift = (size - 1) * 8; shift >= 0; shift -= 8) this.out.push(Number((big >> BigInt(shift)) & 0xffn));
  }

  /** A length or count with any integer marker that holds it. */
  length(length: number): void {
    const entry = this.random.pick(INTEGERS.filter((candidate) => length >= candidate.min && length <= candidate.max));
    this.out.push(entry.marker);
    this.integer(length, entry.size);
  }

  text(text: string): void {
    const bytes = encoder.encode(text);
    this.length(bytes.length);
    this.out.push(...bytes);
  }

  noOps(): void {
    while (this.random.chance(0.15)) this.out.push(M.NoOp);
  }

  array(items: unknown[]): void {
    const type = this.sharedMarker(items);
    const form = this.random.int(0, type === undefined ? 1 : 2);
    if (form === 2) {
      this.out.push(M.Type, type!, M.Count);
      this.length(items.length);
      for (const item of items) this.payload(item, type!);
      return;
    }
    if (form === 1) {
      this.out.push(M.Count);
      this.length(items.length);
    }
    for (const item of items) {
      this.noOps();
      this.value(item);
    }
    if (form === 0) {
      this.noOps();
      this.out.push(M.ArrayEnd);
    }
  }

  object(object: Record<string, unknown>): void {
    const keys = Object.keys(object);
    const values = keys.map((key) => object[key]);
    const type = this.sharedMarker(values, true);
    const form = this.random.int(0, type === undefined ? 1 : 2);
    if (form === 2) {
      this.out.push(M.Type, type!, M.Count);
      this.length(keys.length);
    } else if (form === 1) {
      this.out.push(M.Count);
      this.length(keys.length);
    }
    for (const key of keys) {
      if (form !== 2) this.noOps();
      this.text(key);
      if (form === 2) this.payload(object[key], type!);
      else this.value(object[key]);
    }
    if (form === 0) {
      this.noOps();
      this.out.push(M.ObjectEnd);
    }
  }

  /** A marker every value can share in a typed container, or undefined (never `U` for arrays: binary data). */
  sharedMarker(values: unknown[], object = false): number | undefined {
    if (values.length === 0) return object ? undefined : M.Int8;
    const candidates = [M.Null, M.True, M.False, M.Char, M.String, M.Int8, M.Uint8, M.Int16, M.Int32, M.Int64, M.Float32, M.Float64, M.ArrayStart, M.ObjectStart].filter(
      (marker) => (object || marker !== M.Uint8) && values.every((value) => canCarry(marker, value)),
    );
    return candidates.length === 0 ? undefined : this.random.pick(candidates);
  }
}

function numberMarkers(value: number): number[] {
  const markers: number[] = [M.Float64];
  if (Math.fround(value) === value || Number.isNaN(value)) markers.push(M.Float32);
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    markers.push(M.High);
    for (const entry of INTEGERS) if (value >= entry.min && value <= entry.max) markers.push(entry.marker);
  }
  return markers;
}

function canCarry(marker: number, value: unknown): boolean {
  switch (marker) {
    case M.Null: return value === null;
    case M.True: return value === true;
    case M.False: return value === false;
    case M.Char: return typeof value === 'string' && value.length === 1 && value.charCodeAt(0) < 128;
    case M.String: return typeof value === 'string';
    case M.ArrayStart: return Array.isArray(value);
    case M.ObjectStart: return typeof value === 'object' && value !== null && !Array.isArray(value);
    default: return typeof value === 'number' && numberMarkers(value).includes(marker);
  }
}
