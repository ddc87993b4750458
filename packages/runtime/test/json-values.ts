import { seededRandom } from './cbor-fixtures.js';

/**
 * Seeded random JSON values (text keys, safe integers, finite floats), for partial-decoding and
 * stream tests; `wide: false` leaves out integers beyond int32 (which some peers cannot read).
 */
export function jsonValues(seed: number, wide = true): (depth: number) => unknown {
  const next = seededRandom(seed);
  const integer = (limit: number) => Math.floor(next() * limit);
  const text = () => {
    let out = '';
    const length = [0, 1, 2, 5, 30][integer(5)];
    while (out.length < length) out += String.fromCodePoint([0x61 + integer(4), 0x2f, 0x7e, 0xe9, 0x1f600][integer(5)]);
    return out;
  };
  const scalar = () => [integer(1000) - 500, (next() - 0.5) * 1e6, text(), true, false, null, wide ? 2 ** 40 + integer(100) : 2 ** 31 - 1][integer(7)];
  const value = (depth: number): unknown => {
    const kind = depth === 0 ? 0 : integer(3);
    if (kind === 0) return scalar();
    const size = integer(6);
    if (kind === 1) return Array.from({ length: size }, () => value(depth - 1));
    const object: Record<string, unknown> = {};
    for (let index = 0; index < size; index++) object[text()] = value(depth - 1);
    return object;
  };
  return value;
}

/** Every JSON Pointer into `value` with the value found there (the root first). */
export function pointersOf(value: unknown, base = ''): [string, unknown][] {
  const out: [string, unknown][] = [[base, value]];
  if (Array.isArray(value)) value.forEach((item, index) => out.push(...pointersOf(item, `${base}/${index}`)));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...pointersOf(item, `${base}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return out;
}
