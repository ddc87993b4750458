/** IEEE 754 helpers shared by the CBOR encoder/decoder and generated code. */

const scratch = /* @__PURE__ */ (() => new DataView(new ArrayBuffer(8)))();

/** Value of half-precision bits (RFC 8949 Appendix D). */
export function decodeFloat16(bits: number): number {
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  let value: number;
  if (exponent === 0) value = mantissa * 2 ** -24;
  else if (exponent !== 31) value = (mantissa + 1024) * 2 ** (exponent - 25);
  else value = mantissa === 0 ? Infinity : NaN;
  return bits & 0x8000 ? -value : value;
}

/**
 * Half-precision bits of `value` when f16 holds it exactly (±0, ±Infinity, NaN as the canonical
 * 0x7e00 included), else -1. Works on the float32 bits: a value f16 holds is always an exact
 * float32, and its f32 mantissa then has enough trailing zeros (IEEE 754 §3.4).
 */
export function encodeFloat16(value: number): number {
  if (value !== value) return 0x7e00;
  if (Math.fround(value) !== value) return -1;
  scratch.setFloat32(0, value);
  const bits = scratch.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7f_ffff;
  if (exponent === 0xff) return mantissa === 0 ? sign | 0x7c00 : 0x7e00;
  if (exponent === 0) return mantissa === 0 ? sign : -1; // f32 subnormals are far below f16's range
  const unbiased = exponent - 127;
  if (unbiased > 15 || unbiased < -24) return -1;
  if (unbiased >= -14) {
    // Normal f16: 10 mantissa bits, the low 13 of the f32 mantissa must be zero.
    if ((mantissa & 0x1fff) !== 0) return -1;
    return sign | ((unbiased + 15) << 10) | (mantissa >>> 13);
  }
  // Subnormal f16 (value = m * 2^-24): the implicit bit joins the mantissa.
  const shift = -1 - unbiased;
  const full = mantissa | 0x80_0000;
  if ((full & ((1 << shift) - 1)) !== 0) return -1;
  return sign | (full >>> shift);
}

/** True when float32 holds `value` exactly (NaN counts: CBOR keeps only its canonical form). */
export function fitsFloat32(value: number): boolean {
  return Math.fround(value) === value || Number.isNaN(value);
}

/** Float32 bits of `value` (for callers that write raw bytes). */
export function float32Bits(value: number): number {
  scratch.setFloat32(0, value);
  return scratch.getUint32(0);
}
