/**
 * The changes the compatibility checker reports, and how the two directions' findings are
 * collected and merged. Each check runs once per direction: `backward` asks "does every OLD value
 * (old bytes) still read under the NEW schema?", `forward` "does every NEW value read under the OLD
 * schema?". A finding seen in both directions at the same path becomes one `both` change.
 */

export type Direction = 'backward' | 'forward';

export interface CompatChange {
  direction: Direction | 'both';
  /** JSON Pointer (as a `#/…` fragment) of the changed place: in the new schema where it exists there, else in the old. */
  path: string;
  /** Stable rule id (README "Schema evolution"): `type-narrowed`, `enum-value-removed`, `position-changed`… */
  rule: string;
  message: string;
}

/**
 * Rule ids that name one change seen from each side: the backward finding (the new schema is
 * narrower) and the forward one (wider); when both directions fail at one path they merge into
 * the third name. Rules named by what changed rather than by direction (`const-changed`,
 * `property-removed`, `property-added`, `cannot-prove`, the compact ones) stay as they are.
 */
export const RULE_PAIRS = {
  type: ['type-narrowed', 'type-widened', 'type-changed'],
  enum: ['enum-value-removed', 'enum-value-added', 'enum-values-changed'],
  constraint: ['constraint-tightened', 'constraint-loosened', 'constraint-changed'],
  required: ['required-added', 'required-removed', 'required-changed'],
  additional: ['additional-properties-narrowed', 'additional-properties-widened', 'additional-properties-changed'],
  union: ['union-variant-removed', 'union-variant-added', 'union-variants-changed'],
  item: ['array-items-narrowed', 'array-items-widened', 'array-items-changed'],
} as const;

export type RuleFamily = keyof typeof RULE_PAIRS;

/** The rule id of a family for one direction. */
export function ruleOf(family: RuleFamily, direction: Direction): string {
  return RULE_PAIRS[family][direction === 'backward' ? 0 : 1];
}

/** Collects findings; `list()` merges and orders them deterministically. */
export class ChangeLog {
  private readonly found: CompatChange[] = [];
  private readonly seen = new Set<string>();

  add(direction: Direction | 'both', path: string, rule: string, message: string): void {
    const key = `${direction}\u0000${path}\u0000${rule}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.found.push({ direction, path, rule, message });
  }

  /** True when a change was already recorded for this direction at this path (any rule). */
  hasAt(direction: Direction, path: string): boolean {
    return this.found.some((change) => change.path === path && (change.direction === direction || change.direction === 'both'));
  }

  breaks(direction: Direction): boolean {
    return this.found.some((change) => change.direction === direction || change.direction === 'both');
  }

  list(): CompatChange[] {
    const merged: CompatChange[] = [];
    const used = new Set<CompatChange>();
    for (const change of this.found) {
      if (used.has(change)) continue;
      used.add(change);
      const partner = change.direction === 'backward' ? this.found.find((other) => !used.has(other) && other.direction === 'forward' && other.path === change.path && sameFamily(change.rule, other.rule)) : undefined;
      if (partner === undefined) {
        merged.push(change);
        continue;
      }
      used.add(partner);
      const rule = partner.rule === change.rule ? change.rule : bothRule(change.rule);
      const message = partner.message === change.message ? change.message : `${change.message}; ${partner.message}`;
      merged.push({ direction: 'both', path: change.path, rule, message });
    }
    return merged;
  }
}

function familyOf(rule: string): RuleFamily | undefined {
  return (Object.keys(RULE_PAIRS) as RuleFamily[]).find((family) => (RULE_PAIRS[family] as readonly string[]).includes(rule));
}

function sameFamily(left: string, right: string): boolean {
  if (left === right) return true;
  const family = familyOf(left);
  return family !== undefined && family === familyOf(right);
}

function bothRule(rule: string): string {
  const family = familyOf(rule);
  return family === undefined ? rule : RULE_PAIRS[family][2];
}
