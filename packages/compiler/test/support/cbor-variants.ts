/**
 * Re-encodes well-formed CBOR into an equivalent but non-preferred form, at random: wider heads
 * than needed (RFC 8949 §3: any argument width is well-formed; only §4.2 deterministic encoding
 * asks for the shortest), indefinite-length arrays, maps and chunked strings (§3.2.2–3.2.3, text
 * chunks split on code point boundaries), and wider floats that keep the value (§3.3).
 * Decoders must read all of these like the preferred form, so it exercises their slow paths.
 */
import { decodeFloat16 } from '@binschema/runtime';
import type { Random } from './random.js';

class Output {
  readonly bytes: number[] = [];
  head(major: number, argument: bigint, minimumWidth: number): void {
    const widths = [0, 1, 2, 4, 8].filter((width) => width >= minimumWidth && fits(argument, width));
    this.writeHead(major, argument, widths[0]);
  }
  writeHead(major: number, argument: bigint, width: number): void {
    if (width === 0) return void this.bytes.push((major << 5) | Number(argument));
    this.bytes.push((major << 5) | { 1: 24, 2: 25, 4: 26, 8: 27 }[width]!);
    for (let shift = (width - 1) * 8; shift >= 0; shift -= 8) this.bytes.push(Number((argument >> BigInt(shift)) & 0xffn));
  }
}

function fits(argument: bigint, width: number): boolean {
  return width === 0 ? argument < 24n : argument < 1n << BigInt(width * 8);
}

/** A random equivalent encoding of the single well-formed item in `bytes`. */
export function cborVariant(bytes: Uint8Array, random: Random): Uint8Array {
  const output = new Output();
  const end = new Rewriter(bytes, random, output).item(0);
  if (end !== bytes.length) throw new RangeError('cborVariant expects exactly one item');
  return Uint8Array.from(output.bytes);
}

class Rewriter {
  constructor(
    private readonly input: Uint8Array,
    private readonly random: Random,
    private readonly output: Output,
  ) {}

  /** Rewrites the item at `position`; returns the position after it. */
  item(position: number): number {
    const initial = this.input[position];
    const major = initial >> 5;
    const info = initial & 31;
    const { argument, next } = this.argument(position);
    if (info === 31) throw new RangeError('cborVariant expects definite-length input');
    const widen = () => (this.random.chance(0.3) ? this.random.pick([1, 2, 4, 8]) : 0);
    switch (major) {
      case 0:
      case 1:
      case 6:
        this.output.head(major, argument, widen());
        return major === 6 ? this.item(next) : next;
      case 2:
      case 3:
        return this.string(major, next, Number(argument), widen());
      case 4:
      case 5:
        return this.container(major, next, Number(argument) * (major === 5 ? 2 : 1), argument, widen());
      default:
        return this.simple(position, info, next);
    }
  }

  private argument(position: number): { argument: bigint; next: number } {
    const info = this.input[position] & 31;
    if (info < 24 || info === 31) return { argument: BigInt(info), next: position + 1 };
    const width = 1 << (info - 24);
    let argument = 0n;
    for (let index = 1; index <= width; index++) argument = (argument << 8n) | BigInt(this.input[position + index]);
    return { argument, next: position + 1 + width };
  }

  private string(major: number, start: number, length: number, width: number): number {
    const end = start + length;
    if (!this.random.chance(0.3)) {
      this.output.head(major, BigInt(length), width);
      this.output.bytes.push(...this.input.subarray(start, end));
      return end;
    }
    // Indefinite length: definite chunks of the same major type, ending in a break (0xff).
    this.output.bytes.push((major << 5) | 31);
    let chunkStart = start;
    while (chunkStart < end) {
      let chunkEnd = Math.min(end, chunkStart + this.random.int(0, 4));
      while (major === 3 && chunkEnd < end && (this.input[chunkEnd] & 0xc0) === 0x80) chunkEnd++;
      this.output.head(major, BigInt(chunkEnd - chunkStart), 0);
      this.output.bytes.push(...this.input.subarray(chunkStart, chunkEnd));
      chunkStart = chunkEnd;
    }
    this.output.bytes.push(0xff);
    return end;
  }

  private container(major: number, start: number, items: number, argument: bigint, width: number): number {
    const indefinite = this.random.chance(0.3);
    if (indefinite) this.output.bytes.push((major << 5) | 31);
    else this.output.head(major, argument, width);
    let position = start;
    for (let index = 0; index < items; index++) position = this.item(position);
    if (indefinite) this.output.bytes.push(0xff);
    return position;
  }

  /** Simple values as they are; floats possibly widened to a larger exact float. */
  private simple(position: number, info: number, next: number): number {
    const view = new DataView(this.input.buffer, this.input.byteOffset + position + 1);
    const value = info === 25 ? decodeFloat16(view.getUint16(0)) : info === 26 ? view.getFloat32(0) : info === 27 ? view.getFloat64(0) : undefined;
    if (value === undefined || info === 27 || !this.random.chance(0.5)) {
      this.output.bytes.push(...this.input.subarray(position, next));
      return next;
    }
    const wide = new DataView(new ArrayBuffer(8));
    if (info === 25 && this.random.chance(0.5)) {
      wide.setFloat32(0, value);
      this.output.bytes.push(0xfa, ...new Uint8Array(wide.buffer, 0, 4));
    } else {
      wide.setFloat64(0, value);
      this.output.bytes.push(0xfb, ...new Uint8Array(wide.buffer, 0, 8));
    }
    return next;
  }
}
