/**
 * Encodes a JSON-like value as MessagePack in forms other than the smallest, at random: every
 * format spec.md allows for it (str8/16/32 for short text, array16/32 and map16/32 for small
 * containers, uint8..uint64 and int8..int64 for small integers, float32 where it holds the value
 * exactly, float64 for integral numbers). Decoders must read all of these like the smallest form.
 * Written independently of the runtime's encoder on purpose.
 */
import type { Random } from './random.js';

class Output {
  readonly bytes: number[] = [];
  /** `value` big-endian in `width` bytes (width up to 8, value a non-negative integer below 2^53 or a bigint). */
  big(value: number | bigint, width: number): void {
    const big = BigInt.asUintN(width * 8, BigInt(value));
    for (let shift = (width - 1) * 8; shift >= 0; shift -= 8) this.bytes.push(Number((big >> BigInt(shift)) & 0xffn));
  }
  /** A length or count with a fix form below `fixLimit` (first byte `fix + n`), or the 8/16/32-bit form from `wide` (first bytes for 1, 2, 4 bytes of length; 0 where there is none). */
  sized(length: number, fix: number | undefined, fixLimit: number, wide: [number, number, number], random: Random): void {
    const forms: { first: number; width: number }[] = [];
    if (fix !== undefined && length < fixLimit) forms.push({ first: fix + length, width: 0 });
    [1, 2, 4].forEach((width, index) => {
      if (wide[index] !== 0 && length < 2 ** (8 * width)) forms.push({ first: wide[index], width });
    });
    const form = forms[random.int(0, forms.length - 1)];
    this.bytes.push(form.first);
    if (form.width > 0) this.big(length, form.width);
  }
}

function float32Exact(value: number): boolean {
  return Math.fround(value) === value || Number.isNaN(value);
}

function number(output: Output, value: number, random: Random): void {
  if (Number.isInteger(value) && !Object.is(value, -0) && Number.isSafeInteger(value) && random.chance(0.8)) {
    const forms: { first: number; width: number }[] = [];
    if (value >= 0 && value < 0x80) forms.push({ first: value, width: 0 });
    if (value < 0 && value >= -32) forms.push({ first: value & 0xff, width: 0 });
    const unsigned: [number, number][] = [[0xcc, 1], [0xcd, 2], [0xce, 4], [0xcf, 8]];
    const signed: [number, number][] = [[0xd0, 1], [0xd1, 2], [0xd2, 4], [0xd3, 8]];
    for (const [first, width] of unsigned) if (value >= 0 && value < 2 ** (8 * width)) forms.push({ first, width });
    for (const [first, width] of signed) if (value >= -(2 ** (8 * width - 1)) && value < 2 ** (8 * width - 1)) forms.push({ first, width });
    const form = forms[random.int(0, forms.length - 1)];
    output.bytes.push(form.first);
    if (form.width > 0) output.big(value < 0 ? BigInt(value) : value, form.width);
    return;
  }
  const view = new DataView(new ArrayBuffer(8));
  if (float32Exact(value) && random.chance(0.5)) {
    view.setFloat32(0, value);
    output.bytes.push(0xca, ...new Uint8Array(view.buffer, 0, 4));
  } else {
    view.setFloat64(0, value);
    output.bytes.push(0xcb, ...new Uint8Array(view.buffer));
  }
}

function item(output: Output, value: unknown, random: Random): void {
  if (value === null || value === undefined) return void output.bytes.push(0xc0);
  if (value === false) return void output.bytes.push(0xc2);
  if (value === true) return void output.bytes.push(0xc3);
  if (typeof value === 'number') return number(output, value, random);
  if (typeof value === 'string') {
    const utf8 = new TextEncoder().encode(value);
    output.sized(utf8.length, 0xa0, 32, [0xd9, 0xda, 0xdb], random);
    output.bytes.push(...utf8);
    return;
  }
  if (Array.isArray(value)) {
    output.sized(value.length, 0x90, 16, [0, 0xdc, 0xdd], random);
    for (const element of value) item(output, element, random);
    return;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    output.sized(keys.length, 0x80, 16, [0, 0xde, 0xdf], random);
    for (const key of keys) {
      item(output, key, random);
      item(output, (value as Record<string, unknown>)[key], random);
    }
    return;
  }
  throw new TypeError(`msgpackVariant: no JSON value: ${typeof value}`);
}

/** A random equivalent MessagePack encoding of the JSON value `value`. */
export function msgpackVariant(value: unknown, random: Random): Uint8Array {
  const output = new Output();
  item(output, value, random);
  return Uint8Array.from(output.bytes);
}
