/**
 * Value helpers for the cross-checks: own-property writes that are safe for `__proto__`, a clone
 * that keeps such keys, path access, and a strict deep comparison that reports where two values
 * differ (`-0` and `0` differ; key order does not matter; Map/Uint8Array/bigint handled).
 */
import { pointerFrom } from '@binschema/runtime';
import type { PathToken } from './generate-valid.js';

/** Sets an own data property, also for `__proto__` (plain assignment would change the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Deep copy of a JSON-like value that keeps `__proto__` as an own key. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(out, key, cloneValue((value as Record<string, unknown>)[key]));
    return out as T;
  }
  return value;
}

/** Canonical text of a JSON value (sorted keys), for uniqueness and set membership. */
export function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableKey((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return Object.is(value, -0) ? '0' : JSON.stringify(value);
}

export function getAt(root: unknown, path: readonly PathToken[]): unknown {
  let node = root;
  for (const token of path) node = (node as Record<string | number, unknown>)[token];
  return node;
}

/** Replaces the value at `path` (not the root) in place. */
export function setAt(root: unknown, path: readonly PathToken[], value: unknown): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent[last as number] = value;
  else setOwn(parent as Record<string, unknown>, String(last), value);
}

/**
 * Undefined when `left` and `right` are the same value, else the JSON Pointer of the first
 * difference and what each side holds there.
 */
export function findDifference(left: unknown, right: unknown, path: PathToken[] = []): string | undefined {
  const here = () => `at ${pointerFrom(path) || '/'}: ${show(left)} vs ${show(right)}`;
  if (Object.is(left, right)) return undefined;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return here();
  if (Array.isArray(left) !== Array.isArray(right) || Object.getPrototypeOf(left) !== Object.getPrototypeOf(right)) return here();
  if (left instanceof Uint8Array) {
    const other = right as Uint8Array;
    return left.length === other.length && left.every((byte, index) => byte === other[index]) ? undefined : here();
  }
  if (left instanceof Map) return findDifference(Object.fromEntries(left), Object.fromEntries(right as Map<unknown, unknown>), path);
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length || leftKeys.some((key) => !Object.hasOwn(right, key))) {
    return `${here()} (keys ${JSON.stringify(leftKeys)} vs ${JSON.stringify(rightKeys)})`;
  }
  for (const key of leftKeys) {
    path.push(Array.isArray(left) ? Number(key) : key);
    const difference = findDifference((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], path);
    path.pop();
    if (difference !== undefined) return difference;
  }
  return undefined;
}

/**
 * A copy where every bigint a double holds exactly is that number (arrays and plain objects are
 * walked, other values kept). The generic CBOR decoder gives a bigint beyond ±(2^53 - 1); a
 * generated decoder gives the number when \`BigInt(number) === bigint\`, and both mean the same value.
 */
export function exactBigintsAsNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') {
    const number = Number(value);
    return BigInt(number) === value ? number : value;
  }
  if (Array.isArray(value)) return value.map(exactBigintsAsNumbers);
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) setOwn(out, key, exactBigintsAsNumbers((value as Record<string, unknown>)[key]));
  return out;
}

/** Short printable form of a value for failure messages (`-0`, bigints and long text survive). */
export function show(value: unknown): string {
  if (Object.is(value, -0)) return '-0';
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return `bytes(${toHex(value)})`;
  const text = JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? `${inner}n` : Object.is(inner, -0) ? '-0' : inner));
  if (text === undefined) return String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The bytes written as hex pairs in `text` (whitespace ignored); anything else is a mistake in the test. */
export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-f]{2})*$/i.test(clean)) throw new RangeError(`fromHex: not hex pairs: ${text}`);
  return Uint8Array.from(Buffer.from(clean, 'hex'));
}

export function toHex(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  return text.length > 200 ? `${text.slice(0, 200)}…(${bytes.length} bytes)` : text;
}

/** True when `prefix` is `path` or one of its ancestors (both JSON Pointers). */
export function isPointerPrefix(prefix: string, path: string): boolean {
  return prefix === path || path.startsWith(`${prefix}/`) || prefix === '';
}
