/**
 * RFC 3492 Punycode, for checking IDNA A-labels (RFC 5891 §5.4: an A-label must decode, and
 * encode back to itself). Parameters from §5; the algorithms are §6.2 (decode) and §6.3 (encode).
 */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const DELIMITER = 0x2d; // "-"
const MAX_CODE_POINT = 0x10ffff;

/** §6.1 bias adaptation. */
function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/** §5 digit values: a-z / A-Z are 0..25, 0-9 are 26..35; -1 for anything else. */
function digitValue(unit: number): number {
  if (unit >= 0x61 && unit <= 0x7a) return unit - 0x61;
  if (unit >= 0x41 && unit <= 0x5a) return unit - 0x41;
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30 + 26;
  return -1;
}

function threshold(k: number, bias: number): number {
  return k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
}

/** Code points of a Punycode string (without `xn--`), or undefined when it is not valid (§6.2). */
export function decodePunycode(input: string): number[] | undefined {
  const output: number[] = [];
  const delimiter = input.lastIndexOf(String.fromCharCode(DELIMITER));
  const basicEnd = delimiter < 0 ? 0 : delimiter;
  for (let index = 0; index < basicEnd; index++) {
    const unit = input.charCodeAt(index);
    if (unit >= 0x80) return undefined;
    output.push(unit);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let position = delimiter < 0 ? 0 : delimiter + 1; position < input.length; ) {
    const oldI = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (position >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(position++));
      if (digit < 0) return undefined;
      // Overflow guard (§6.4): every quantity stays far below 2^53 with this bound.
      i += digit * weight;
      if (i > MAX_CODE_POINT * (output.length + 1) + MAX_CODE_POINT) return undefined;
      const t = threshold(k, bias);
      if (digit < t) break;
      weight *= BASE - t;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return output;
}

/** The Punycode string of some code points (lowercase digits), §6.3. */
export function encodePunycode(codePoints: readonly number[]): string {
  const basic = codePoints.filter((point) => point < 0x80);
  let output = String.fromCharCode(...basic);
  let handled = basic.length;
  if (handled > 0) output += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < codePoints.length) {
    let next = MAX_CODE_POINT + 1;
    for (const point of codePoints) if (point >= n && point < next) next = point;
    delta += (next - n) * (handled + 1);
    n = next;
    for (const point of codePoints) {
      if (point < n) delta++;
      if (point !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = threshold(k, bias);
        if (q < t) break;
        output += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basic.length);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}

function digitChar(digit: number): string {
  return String.fromCharCode(digit < 26 ? 0x61 + digit : 0x30 + digit - 26);
}
