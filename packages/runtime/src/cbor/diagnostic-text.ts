import { DecodeError, type Format, LENGTH_LIMIT } from '../errors.js';

/**
 * Most characters a diagnostic printer writes by default (64 Mi). Leaves are checked before they
 * are built: a string leaf is at most 6 characters per input unit (`\u0001`), so even the last
 * one allowed stays far below the engine's longest string (about 2^29 characters), and every
 * failure is a `DecodeError('length-limit')`, never a `RangeError`.
 */
export const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;

/** Characters a printer may still write; shared by the CBOR and UBJSON printers. */
export class OutputBudget {
  constructor(
    private left: number,
    private readonly format: Format,
  ) {}

  /** Refuses `count` more characters at input `offset` when they are not left; else takes them. */
  spend(count: number, offset: number): void {
    this.left -= count;
    if (this.left < 0) throw new DecodeError(this.format, LENGTH_LIMIT, 'output longer than the maxOutput characters allowed', offset);
  }

  /** A string or byte string leaf: `render` runs only when at least `units` characters are left. */
  leaf(units: number, offset: number, render: () => string): string {
    if (units > this.left) this.spend(units, offset);
    const text = render();
    this.spend(text.length, offset);
    return text;
  }
}

/**
 * A float as RFC 8949 Appendix A writes it: the shortest digits that read back to the same
 * double (ECMAScript Number::toString), always with a fraction (`1.0`, `-0.0`, `1.0e+300`).
 */
export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0.0';
  const text = String(value);
  if (text.includes('.')) return text;
  const exponent = text.indexOf('e');
  return exponent === -1 ? `${text}.0` : `${text.slice(0, exponent)}.0${text.slice(exponent)}`;
}

/** A JSON string with every code unit outside printable ASCII escaped (`"\u00fc"`), as Appendix A. */
export function quoteText(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Lowercase hex of `bytes`, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index++) text += HEX[bytes[index]];
  return text;
}

const HEX: string[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** `text` cut to `limit` code units (`…` marks the cut); `limit` undefined: unchanged. */
export function cutText(text: string, limit: number | undefined): { text: string; cut: boolean } {
  return limit === undefined || text.length <= limit ? { text, cut: false } : { text: text.slice(0, limit), cut: true };
}

/** `bytes` cut to `limit` bytes; `limit` undefined: unchanged. */
export function cutBytes(bytes: Uint8Array, limit: number | undefined): { bytes: Uint8Array; cut: boolean } {
  return limit === undefined || bytes.length <= limit ? { bytes, cut: false } : { bytes: bytes.subarray(0, limit), cut: true };
}
