/**
 * The fuzz suite's verdict on one input: every decoder (the format's generic one and the
 * generated ones) ends within its time and memory budget with a value or a DecodeError whose
 * offset lies in the input; no prototype changes; and whatever a generated decoder accepts, the
 * generic decoder accepts with the same value (a number equals a bigint when `BigInt(number) ===
 * bigint`), and ajv (`ajv/dist/2020`, strict: false, ownProperties: true) finds schema-valid.
 */
import { isDecodeError } from '@binschema/runtime';
import { Simple, Tag } from '@binschema/runtime/cbor';
import { Ext } from '@binschema/runtime/msgpack';
import type { FormatUnderTest } from './formats.js';
import type { Mutant } from './fuzz-mutate.js';
import { SchemaDocument, isJsonValue } from './schema.js';
import type { Watchdog } from './watchdog.js';
import { findDifference, setOwn, show, toHex } from './values.js';
import { describeError } from './checks.js';

/** Wall-clock bounds per input (shared 2-core machine: generous, yet far below "hangs"). */
export const INPUT_LIMIT_MS = 2_000;
export const HEAVY_INPUT_LIMIT_MS = 10_000;
/** The watchdog ends the process when one input runs this long (a hang). */
const WATCHDOG_LIMIT_MS = 60_000;
/** Growth allowed while decoding one heavy input: inputs are at most ~10 MB, declared lengths reach 2^64-1. */
export const ARRAY_BUFFER_GROWTH_LIMIT = 32 * 2 ** 20;
export const HEAP_GROWTH_LIMIT = 128 * 2 ** 20;

const OBJECT_KEYS = Object.getOwnPropertyNames(Object.prototype).join();
const ARRAY_KEYS = Object.getOwnPropertyNames(Array.prototype).join();
// MessagePack's generic decoder gives unknown extension types as `Ext` (and timestamps as `Date`).
const ALLOWED_PROTOTYPES = new Set<unknown>([Object.prototype, null, Array.prototype, Map.prototype, Uint8Array.prototype, Date.prototype, Tag.prototype, Simple.prototype, Ext.prototype]);

/** Undefined while `Object.prototype` and `Array.prototype` are as they were at load time. */
export function prototypeChange(): string | undefined {
  if (Object.getOwnPropertyNames(Object.prototype).join() !== OBJECT_KEYS) return 'Object.prototype gained or lost properties';
  if (Object.getOwnPropertyNames(Array.prototype).join() !== ARRAY_KEYS) return 'Array.prototype gained or lost properties';
  if ('polluted' in {} || 'polluted' in []) return 'a `polluted` property appeared on every object';
  return undefined;
}

/** The first object in `value` whose prototype is not one a decoder may build, or undefined. */
function foreignPrototype(value: unknown, path = ''): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (!ALLOWED_PROTOTYPES.has(Object.getPrototypeOf(value))) return `an object with a foreign prototype at ${path || '/'}`;
  if (ArrayBuffer.isView(value)) return undefined;
  const entries = value instanceof Map ? [...value.values()] : Object.values(value);
  for (const [index, inner] of entries.entries()) {
    const found = foreignPrototype(inner, `${path}/${index}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Integral numbers (not -0) as bigint, so the generic decoder's bigint equals a generated number. */
function normalise(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Map) return new Map([...value].map(([key, inner]) => [key, normalise(inner)]));
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out = Object.create(prototype) as Record<string, unknown>;
  for (const key of Object.keys(value)) setOwn(out, key, normalise((value as Record<string, unknown>)[key]));
  return out;
}

export interface Decoder {
  name: string;
  decode(bytes: Uint8Array): unknown;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs inputs through decoders and keeps count of what it saw; `failures` holds the first few problems. */
export class FuzzChecker {
  readonly failures: string[] = [];
  failureCount = 0;
  inputs = 0;
  /** Generated-decoder results ajv judged (JSON values) and ones it could not (bigint, bytes…). */
  judged = 0;
  unjudged = 0;
  /** `<decoder> <error code | ok>` → how many inputs ended so. */
  readonly outcomes = new Map<string, number>();

  constructor(
    private readonly format: FormatUnderTest,
    private readonly generated: readonly Decoder[],
    private readonly judge: SchemaDocument | undefined,
    private readonly watchdog: Watchdog,
    private readonly limits = { inputMs: INPUT_LIMIT_MS, heavyInputMs: HEAVY_INPUT_LIMIT_MS },
  ) {}

  private fail(mutant: Mutant, what: string): void {
    this.failureCount++;
    if (this.failures.length < 5) this.failures.push(`${mutant.what} (${toHex(mutant.bytes)}): ${what}`);
  }

  /** One decoder on one input: the outcome, or a failure recorded and undefined. */
  private run(decoder: Decoder, mutant: Mutant): Outcome | undefined {
    const limit = mutant.heavy ? this.limits.heavyInputMs : this.limits.inputMs;
    const before = mutant.heavy ? process.memoryUsage() : undefined;
    const { result, elapsedMs } = this.watchdog.run(`${this.format.name} ${decoder.name}: ${mutant.what}`, WATCHDOG_LIMIT_MS, (): Outcome => {
      try {
        return { ok: true, value: decoder.decode(mutant.bytes) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    const problems: string[] = [];
    if (elapsedMs > limit) problems.push(`took ${elapsedMs} ms (limit ${limit})`);
    if (before !== undefined) {
      const after = process.memoryUsage();
      if (after.arrayBuffers - before.arrayBuffers > ARRAY_BUFFER_GROWTH_LIMIT) problems.push(`arrayBuffers grew ${after.arrayBuffers - before.arrayBuffers} bytes`);
      if (after.heapUsed - before.heapUsed > HEAP_GROWTH_LIMIT) problems.push(`heapUsed grew ${after.heapUsed - before.heapUsed} bytes`);
    }
    const changed = prototypeChange();
    if (changed !== undefined) problems.push(changed);
    if (!result.ok && !isDecodeError(result.error)) problems.push(`threw ${describeError(result.error)} instead of a DecodeError`);
    if (!result.ok && isDecodeError(result.error) && !(result.error.offset >= 0 && result.error.offset <= mutant.bytes.length)) {
      problems.push(`DecodeError offset ${result.error.offset} outside 0..${mutant.bytes.length}`);
    }
    if (result.ok) {
      const foreign = foreignPrototype(result.value);
      if (foreign !== undefined) problems.push(`returned ${foreign}`);
    }
    const ending = `${decoder.name} ${result.ok ? 'ok' : ((result.error as { code?: string }).code ?? 'threw')}`;
    this.outcomes.set(ending, (this.outcomes.get(ending) ?? 0) + 1);
    if (problems.length === 0) return result;
    this.fail(mutant, `${decoder.name}: ${problems.join('; ')}`);
    return undefined;
  }

  check(mutant: Mutant): void {
    this.inputs++;
    const generic = this.run({ name: 'generic decoder', decode: (bytes) => this.format.genericDecode(bytes) }, mutant);
    for (const decoder of this.generated) {
      const outcome = this.run(decoder, mutant);
      if (outcome === undefined || !outcome.ok || generic === undefined) continue;
      this.compare(decoder, mutant, outcome.value, generic);
    }
  }

  /** A generated decoder accepted: the generic decoder must agree, and the value must be schema-valid. */
  private compare(decoder: Decoder, mutant: Mutant, value: unknown, generic: Outcome): void {
    if (!generic.ok) {
      this.fail(mutant, `${decoder.name} returned ${show(value)}, which the generic decoder refuses (${describeError(generic.error)})`);
      return;
    }
    const difference = findDifference(normalise(value), normalise(generic.value));
    if (difference !== undefined) this.fail(mutant, `${decoder.name} differs from the generic decoder ${difference}`);
    if (this.judge === undefined) return;
    if (!isJsonValue(value)) {
      this.unjudged++;
      return;
    }
    let valid: boolean;
    try {
      valid = this.judge.validate(value);
    } catch {
      this.unjudged++; // ajv itself cannot judge some values (schema.ts NoValue)
      return;
    }
    this.judged++;
    if (!valid) this.fail(mutant, `${decoder.name} returned the schema-invalid ${show(value)}`);
  }

  message(label: string, seed: number): string {
    return `${this.failureCount} of ${this.inputs} inputs failed in ${label} (replay with BINSCHEMA_FUZZ_SEED=${seed}):\n  ${this.failures.join('\n  ')}`;
  }
}
