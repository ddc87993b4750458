/**
 * The round trips the browser test runs twice, in Node and in a page without `Buffer`, so that
 * both report in the same plain-data shape: each value encoded (bytes as hex) and decoded again
 * (as tagged JSON, so bigints and -0 survive the trip out of the page). Bundled into the page by
 * esbuild: no Node imports here.
 */

export interface Codec {
  encode(value: never): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

export interface RoundTripCase {
  /** Key into the codec table: `generic cbor`, `string-ladder.ubjson`… */
  codec: string;
  /** Payload name, for the report. */
  name: string;
  value: unknown;
}

export interface RoundTripReport {
  codec: string;
  name: string;
  /** The encoding in lowercase hex, or the error's code when encoding failed. */
  hex: string;
  /** The decoded value as tagged JSON, or the error's code when decoding failed. */
  decoded: string;
}

/** Encodes and decodes every case with its codec; failures are reported, not thrown. */
export function roundTrips(codecs: Record<string, Codec>, cases: readonly RoundTripCase[]): RoundTripReport[] {
  return cases.map(({ codec, name, value }) => {
    const chosen = codecs[codec];
    if (chosen === undefined) return { codec, name, hex: 'no such codec', decoded: '' };
    let bytes: Uint8Array;
    try {
      bytes = chosen.encode(value as never).slice();
    } catch (error) {
      return { codec, name, hex: `encode threw ${describe(error)}`, decoded: '' };
    }
    try {
      return { codec, name, hex: toHex(bytes), decoded: taggedJson(chosen.decode(bytes)) };
    } catch (error) {
      return { codec, name, hex: toHex(bytes), decoded: `decode threw ${describe(error)}` };
    }
  });
}

/** What the page offers the runtime: the test checks that `Buffer` really is absent there. */
export function environment(): { buffer: boolean; textEncoder: boolean; textDecoder: boolean } {
  const scope = globalThis as Record<string, unknown>;
  return { buffer: 'Buffer' in scope, textEncoder: typeof scope.TextEncoder === 'function', textDecoder: typeof scope.TextDecoder === 'function' };
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** JSON with `{$bigint}`, `{$float}` (-0, NaN, ±Infinity) and `{$map}` tags, keys in their own order. */
export function taggedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return { $bigint: item.toString() };
    if (typeof item === 'number' && (Object.is(item, -0) || !Number.isFinite(item))) return { $float: Object.is(item, -0) ? '-0' : String(item) };
    if (item instanceof Map) return { $map: [...item.entries()] };
    if (item instanceof Uint8Array) return { $bytes: toHex(item) };
    return item;
  });
}

function describe(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return `${String(name)} ${String(code)}`;
}
