/** IEEE 754 helpers shared by the CBOR encoder/decoder and generated code. */

const scratch = new DataView(new ArrayBuffer(8));

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
 * 0x7e00 included), else -1.
 */
export function encodeFloat16(value: number): number {
  if (Number.isNaN(value)) return 0x7e00;
  const sign = value < 0 || Object.is(value, -0) ? 0x8000 : 0;
  const magnitude = Math.abs(value);
  if (magnitude === 0) return sign;
  if (magnitude === Infinity) return sign | 0x7c00;
  if (magnitude > 65504) return -1;
  if (magnitude < 2 ** -14) {
    // Subnormal: value = mantissa * 2^-24.
    const mantissa = magnitude * 2 ** 24;
    return Number.isInteger(mantissa) ? sign | mantissa : -1;
  }
  const exponent = Math.floor(Math.log2(magnitude));
  // log2 may be off by one near powers of two; fix it so 1 <= magnitude / 2^exponent < 2.
  const fixed = magnitude / 2 ** exponent >= 2 ? exponent + 1 : magnitude / 2 ** exponent < 1 ? exponent - 1 : exponent;
  const mantissa = (magnitude / 2 ** fixed - 1) * 1024;
  if (!Number.isInteger(mantissa)) return -1;
  return sign | ((fixed + 15) << 10) | mantissa;
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
