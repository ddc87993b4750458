/**
 * RFC 8949 §3.4.3 bignums: the magnitude of tag 2/3 as a byte string, big-endian.
 *
 * Shifting a growing bigint by 64 bits per 8 bytes copies the whole value each step: quadratic,
 * over 5 s for a 1 MiB bignum. Long magnitudes go through hex text instead, which the engine
 * parses in linear time (a power-of-two radix needs no division): 1 MiB in ~10 ms.
 */
import { readUtf8 } from '../utf8-decode.js';

/**
 * Default `maxBignumBytes`: 64 KiB (524,288 bits), far beyond cryptographic sizes (an RSA-16384
 * modulus is 2 KiB), small enough that arithmetic on the result stays cheap.
 */
export const DEFAULT_MAX_BIGNUM_BYTES = 65_536;

/** Up to this many bytes the shift loop wins (no text is built); measured at 16-128 bytes, noisy. */
const SHIFT_LOOP_MAX = 64;

/** ASCII hex digits of each byte value, as two codes in one 16-bit entry. */
const HEX_DIGITS = /* @__PURE__ */ (() => {
  const digits = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    const text = byte.toString(16).padStart(2, '0');
    digits[byte] = (text.charCodeAt(0) << 8) | text.charCodeAt(1);
  }
  return digits;
})();

/** The unsigned integer `bytes` holds, big-endian; linear in the length. */
export function bignumFromBytes(bytes: Uint8Array): bigint {
  if (bytes.length <= SHIFT_LOOP_MAX) return shiftLoop(bytes);
  const ascii = new Uint8Array(2 + bytes.length * 2);
  ascii[0] = 0x30; // '0'
  ascii[1] = 0x78; // 'x'
  let pos = 2;
  for (let index = 0; index < bytes.length; index++) {
    const digits = HEX_DIGITS[bytes[index]];
    ascii[pos++] = digits >> 8;
    ascii[pos++] = digits & 0xff;
  }
  return BigInt(readUtf8(ascii, 0, ascii.length) as string);
}

function shiftLoop(bytes: Uint8Array): bigint {
  let value = 0n;
  let index = 0;
  // Eight bytes at a time keeps the bigint operations few.
  for (; index + 8 <= bytes.length; index += 8) {
    const high = ((bytes[index] << 24) | (bytes[index + 1] << 16) | (bytes[index + 2] << 8) | bytes[index + 3]) >>> 0;
    const low = ((bytes[index + 4] << 24) | (bytes[index + 5] << 16) | (bytes[index + 6] << 8) | bytes[index + 7]) >>> 0;
    value = (value << 64n) | (BigInt(high) << 32n) | BigInt(low);
  }
  for (; index < bytes.length; index++) value = (value << 8n) | BigInt(bytes[index]);
  return value;
}
