/**
 * The map-layout rules: is every value the `sub` schema accepts also accepted by `sup`?
 * (JSON Schema semantics: the map layout's bytes are the value itself, and every decoder
 * validates.) Backward compatibility is old ⊆ new, forward is new ⊆ old. The walk is
 * conservative: what it cannot prove is reported as `cannot-prove`, never passed.
 * Recursion through `$ref`s is cut by assuming a pair in progress holds (coinduction).
 */
import { isMultipleOf } from '@binschema/runtime';
import { matches } from '../ir/matches.js';
import type { IrArray, IrNode, IrNumber, IrObject, IrString, IrUnion } from '../ir/types.js';
import { ChangeLog, ruleOf, type Direction, type RuleFamily } from './changes.js';
import { checksImplied } from './subset-checks.js';
import { compareObjects } from './subset-object.js';
import { describe, IdMap, resolve, sameCheckLists, sameNode, shareJsonType, short, type Side } from './sides.js';

/** Most node pairs compared before giving up (unions of unions can multiply the work). */
const MAX_STEPS = 100_000;
/** Deepest nesting of comparisons (a stack bound; deeper is reported as cannot-prove). */
const MAX_DEPTH = 100;

export class SubsetWalk {
  private readonly ids = new IdMap();
  private readonly inProgress = new Set<string>();
  private readonly done = new Map<string, boolean>();

  /** `sub`/`sup` are old/new for `backward` and new/old for `forward`. */
  constructor(
    readonly sub: Side,
    readonly sup: Side,
    readonly direction: Direction,
    private readonly log: ChangeLog,
    /** Step and depth counts, shared with the reverse walk (they call each other). */
    private readonly budget = { steps: 0, depth: 0 },
    private reverseWalk?: SubsetWalk,
  ) {}

  private readonly sameCache = new Map<string, boolean>();

  /** Structural equality (sides.ts), cached per pair: it is asked at every comparison. */
  private same(sub: IrNode, sup: IrNode): boolean {
    const key = `${this.ids.of(sub)}:${this.ids.of(sup)}`;
    let result = this.sameCache.get(key);
    if (result === undefined) {
      result = sameNode(this.sub, sub, this.sup, sup);
      this.sameCache.set(key, result);
    }
    return result;
  }

  /** The same comparison with the sides swapped (`sup` ⊆ `sub`), reporting nothing: for `not` and equivalences. */
  get reverse(): SubsetWalk {
    this.reverseWalk ??= new SubsetWalk(this.sup, this.sub, this.direction === 'backward' ? 'forward' : 'backward', new ChangeLog(), this.budget, this);
    return this.reverseWalk;
  }

  /** The path reported for a pair: the new schema's node. */
  pathOf(subNode: IrNode, supNode: IrNode): string {
    return this.direction === 'backward' ? supNode.schemaPath : subNode.schemaPath;
  }

  report(report: boolean, path: string, family: RuleFamily | string, message: string): false {
    if (report) this.log.add(this.direction, path, family in RULE_NAMES ? ruleOf(family as RuleFamily, this.direction) : family, message);
    return false;
  }

  /** True when every value of `subNode` is valid under `supNode`; when `report`, logs why not. */
  contains(subNode: IrNode, supNode: IrNode, report: boolean): boolean {
    const sub = resolve(this.sub, subNode);
    const sup = resolve(this.sup, supNode);
    const key = `${this.ids.of(sub)}:${this.ids.of(sup)}:${report ? 1 : 0}`;
    const known = this.done.get(key);
    if (known !== undefined) return known;
    if (this.inProgress.has(key)) return true;
    if (++this.budget.steps > MAX_STEPS || this.budget.depth >= MAX_DEPTH) return this.report(report, this.pathOf(sub, sup), 'cannot-prove', 'cannot prove: the schemas are too large or too deep to compare');
    this.inProgress.add(key);
    this.budget.depth++;
    let result: boolean;
    try {
      result = this.compare(sub, sup, report);
    } finally {
      this.budget.depth--;
      this.inProgress.delete(key);
    }
    this.done.set(key, result);
    return result;
  }

  private compare(sub: IrNode, sup: IrNode, report: boolean): boolean {
    if (sub.kind === 'never' || this.same(sub, sup)) return true;
    const path = this.pathOf(sub, sup);
    if (sup.checks !== undefined && !sameCheckLists(this.sub, sub.checks, this.sup, sup.checks) && !checksImplied(this, sub.checks, sup.checks)) {
      return this.report(report, path, 'cannot-prove', `cannot prove: ${this.side('sup')} schema adds keywords checked on the whole value (not/if/dependent*/contains/unevaluated*)`);
    }
    if (sup.kind === 'any') return true;
    if (sup.kind === 'never') return this.report(report, path, 'type', `${this.side('sup')} schema accepts no value here`);
    // Literals are checked value by value against the whole of `sup` (a union's oneOf semantics included).
    if (sub.kind === 'literal') return this.literalValues(sub.values, sub, sup, report);
    if (sub.kind === 'union') return this.subUnion(sub, sup, report);
    if (sup.kind === 'union') return this.supUnion(sub, sup, report);
    if (sub.kind === 'any' || sub.kind === 'ref' || sup.kind === 'ref') {
      return this.report(report, path, 'type', `${this.side('sup')} schema accepts only ${describe(this.sup, sup)} where ${this.side('sub')} accepts ${describe(this.sub, sub)}`);
    }
    if (sup.kind === 'literal') {
      if (sub.kind === 'boolean') return this.literalValues([false, true], sub, sup, report);
      if (sub.kind === 'null') return this.literalValues([null], sub, sup, report);
      return this.report(report, path, 'type', `${this.side('sup')} schema accepts only ${describe(this.sup, sup)} where ${this.side('sub')} accepts any ${describe(this.sub, sub)}`);
    }
    if (sub.kind !== sup.kind) return this.report(report, path, 'type', `type ${describe(this.sub, sub)} is not accepted by the ${this.side('sup')} schema (${describe(this.sup, sup)})`);
    switch (sub.kind) {
      case 'number':
        return this.numbers(sub, sup as IrNumber, report);
      case 'string':
        return this.strings(sub, sup as IrString, report);
      case 'array':
        return this.arrays(sub, sup as IrArray, report);
      case 'object':
        return compareObjects(this, sub, sup as IrObject, report);
      default:
        return true;
    }
  }

  /** "old"/"new" for the sub or sup side of this direction. */
  side(which: 'sub' | 'sup'): 'old' | 'new' {
    return (which === 'sub') === (this.direction === 'backward') ? 'old' : 'new';
  }

  private literalValues(values: readonly unknown[], sub: IrNode, sup: IrNode, report: boolean): boolean {
    const path = this.pathOf(sub, sup);
    const site = { path, source: this.sup.module.source };
    const rejected = values.filter((value) => {
      try {
        return !matches(this.sup.lookup, value, sup, site);
      } catch {
        return true;
      }
    });
    if (rejected.length === 0) return true;
    if (sup.kind === 'literal' && sub.kind === 'literal' && sup.values.length === 1 && values.length === 1) {
      return this.report(report, path, 'const-changed', `const changed from ${short(this.direction === 'backward' ? values[0] : sup.values[0])} to ${short(this.direction === 'backward' ? sup.values[0] : values[0])}`);
    }
    const family = sup.kind === 'literal' && sub.kind === 'literal' ? 'enum' : 'type';
    return this.report(report, path, family, `${this.side('sup')} schema rejects ${rejected.length === 1 ? 'value' : 'values'} ${rejected.map(short).join(', ')} that the ${this.side('sub')} schema accepts`);
  }

  /** Every variant of `sub` must fit `sup`. */
  private subUnion(sub: IrUnion, sup: IrNode, report: boolean): boolean {
    let ok = true;
    for (const variant of sub.variants) {
      // A value of a `oneOf` variant matches none of its siblings: they rule out their equals in `sup`.
      const siblings = sub.mode === 'oneOf' ? sub.variants.filter((other) => other !== variant) : [];
      if (sup.kind === 'union') ok = this.variantIn(variant, sup, report, siblings) && ok;
      else ok = this.contains(variant, sup, report) && ok;
      if (!ok && !report) return false;
    }
    return ok;
  }

  private supUnion(sub: IrNode, sup: IrUnion, report: boolean): boolean {
    return this.variantIn(sub, sup, report, []);
  }

  /** `node` (not a union of `sub`'s variants itself) fits one variant of the union `sup`. */
  private variantIn(node: IrNode, sup: IrUnion, report: boolean, siblings: IrNode[]): boolean {
    const resolved = resolve(this.sub, node);
    const fits = this.fittingVariant(resolved, sup);
    if (fits >= 0) return this.onlyOne(resolved, sup, fits, report, siblings);
    // A nested union that no variant holds whole: each of its variants may fit a different one.
    if (resolved.kind === 'union') return this.subUnion(resolved, sup, report);
    // No variant holds it: explain against the variant of the same JSON type, if there is one.
    const candidates = sup.variants.filter((variant) => shareJsonType(this.sub, resolved, this.sup, variant));
    if (candidates.length === 1 && report) return this.contains(resolved, candidates[0], true);
    return this.report(report, this.pathOf(resolved, sup), 'union', `${this.side('sup')} schema has no variant that accepts ${this.side('sub')} ${describe(this.sub, resolved)}`);
  }

  /** Index of a variant of `sup` that holds `node`: equal ones first (cheap), then those sharing a JSON type; -1 if none. */
  private fittingVariant(node: IrNode, sup: IrUnion): number {
    const equal = sup.variants.findIndex((variant) => this.same(node, variant));
    if (equal >= 0) return equal;
    return sup.variants.findIndex((variant) => shareJsonType(this.sub, node, this.sup, variant) && this.contains(node, variant, false));
  }

  /**
   * `oneOf` without a discriminator: a value must match exactly one variant, so the others must
   * not overlap it: told apart by JSON type, or contained in a `oneOf` sibling of the value's variant.
   */
  private onlyOne(node: IrNode, sup: IrUnion, fits: number, report: boolean, siblings: IrNode[]): boolean {
    if (sup.mode !== 'oneOf' || sup.discriminator !== undefined) return true;
    const overlapping = sup.variants.filter((variant, index) => index !== fits
      && shareJsonType(this.sub, node, this.sup, variant)
      // w ⊆ a sibling s: a value outside s is outside w.
      && !siblings.some((sibling) => this.reverse.contains(variant, sibling, false)));
    if (overlapping.length === 0) return true;
    return this.report(report, this.pathOf(node, sup), 'cannot-prove', `cannot prove that ${this.side('sub')} ${describe(this.sub, node)} matches only one oneOf variant of the ${this.side('sup')} schema`);
  }

  private numbers(sub: IrNumber, sup: IrNumber, report: boolean): boolean {
    const path = this.pathOf(sub, sup);
    let ok = true;
    if (sup.integer && !sub.integer) ok = this.report(report, `${path}/type`, 'type', `${this.side('sup')} schema accepts only integers`);
    ok = this.bound(report, path, 'minimum', lowerOf(sub), lowerOf(sup), 1) && ok;
    ok = this.bound(report, path, 'maximum', upperOf(sub), upperOf(sup), -1) && ok;
    if (sup.multipleOf !== undefined && (sub.multipleOf === undefined || !isMultipleOf(sub.multipleOf, sup.multipleOf))) {
      ok = this.report(report, `${path}/multipleOf`, 'constraint', `multipleOf ${sup.multipleOf} in the ${this.side('sup')} schema rejects ${this.side('sub')} values`);
    }
    return ok;
  }

  /** `sign` 1: a lower bound (sub's must be at least sup's); -1: an upper bound. */
  private bound(report: boolean, path: string, keyword: string, sub: Bound | undefined, sup: Bound | undefined, sign: 1 | -1): boolean {
    if (sup === undefined) return true;
    if (sub !== undefined && (sign * (sub.value - sup.value) > 0 || (sub.value === sup.value && (sub.exclusive || !sup.exclusive)))) return true;
    const name = sup.exclusive ? `exclusive${keyword[0].toUpperCase()}${keyword.slice(1)}` : keyword;
    return this.report(report, `${path}/${name}`, 'constraint', `${name} ${sup.value} in the ${this.side('sup')} schema is tighter than the ${this.side('sub')} schema's ${sub === undefined ? 'none' : String(sub.value)}`);
  }

  private strings(sub: IrString, sup: IrString, report: boolean): boolean {
    const path = this.pathOf(sub, sup);
    let ok = this.bound(report, path, 'minLength', sub.minLength === undefined ? undefined : { value: sub.minLength, exclusive: false }, sup.minLength === undefined ? undefined : { value: sup.minLength, exclusive: false }, 1);
    ok = this.bound(report, path, 'maxLength', sub.maxLength === undefined ? undefined : { value: sub.maxLength, exclusive: false }, sup.maxLength === undefined ? undefined : { value: sup.maxLength, exclusive: false }, -1) && ok;
    if (sup.pattern !== undefined && sub.pattern !== sup.pattern) {
      ok = sub.pattern === undefined
        ? this.report(report, `${path}/pattern`, 'constraint', `pattern ${short(sup.pattern)} in the ${this.side('sup')} schema only`)
        : this.report(report, `${path}/pattern`, 'cannot-prove', `cannot prove pattern ${short(sup.pattern)} accepts every string of pattern ${short(sub.pattern)}`);
    }
    if (sup.format !== undefined && sub.format !== sup.format) ok = this.report(report, `${path}/format`, 'constraint', `format ${short(sup.format)} asserted in the ${this.side('sup')} schema only`);
    return ok;
  }

  private arrays(sub: IrArray, sup: IrArray, report: boolean): boolean {
    const path = this.pathOf(sub, sup);
    const count = (bound: number | undefined): Bound | undefined => (bound === undefined ? undefined : { value: bound, exclusive: false });
    let ok = this.bound(report, path, 'minItems', count(sub.minItems), count(sup.minItems), 1);
    ok = this.bound(report, path, 'maxItems', count(sub.maxItems), count(sup.maxItems), -1) && ok;
    if (sup.uniqueItems === true && sub.uniqueItems !== true) ok = this.report(report, `${path}/uniqueItems`, 'constraint', `uniqueItems in the ${this.side('sup')} schema only`);
    const prefix = Math.max(sub.prefixItems.length, sup.prefixItems.length);
    for (let index = 0; index < prefix; index++) {
      if (sub.maxItems !== undefined && index >= sub.maxItems) return ok;
      ok = this.item(sub.prefixItems[index] ?? sub.items, sup.prefixItems[index] ?? sup.items, `${path}/prefixItems/${index}`, report) && ok;
    }
    if (sub.maxItems !== undefined && prefix >= sub.maxItems) return ok;
    return this.item(sub.items, sup.items, `${path}/items`, report) && ok;
  }

  /** Items: nested reasons when both sides have a schema there, else one `array-items-*` change. */
  private item(sub: IrNode, sup: IrNode, path: string, report: boolean): boolean {
    const resolvedSup = resolve(this.sup, sup);
    if (resolvedSup.kind === 'never' && resolve(this.sub, sub).kind !== 'never') {
      return this.report(report, path, 'item', `${this.side('sup')} schema forbids items here`);
    }
    return this.contains(sub, sup, report);
  }
}

const RULE_NAMES: Record<RuleFamily, true> = { type: true, enum: true, constraint: true, required: true, additional: true, union: true, item: true };

interface Bound {
  value: number;
  exclusive: boolean;
}

function lowerOf(node: IrNumber): Bound | undefined {
  return tighter(node.minimum, node.exclusiveMinimum, 1);
}

function upperOf(node: IrNumber): Bound | undefined {
  return tighter(node.maximum, node.exclusiveMaximum, -1);
}

function tighter(inclusive: number | undefined, exclusive: number | undefined, sign: 1 | -1): Bound | undefined {
  if (exclusive === undefined) return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
  if (inclusive === undefined || sign * (exclusive - inclusive) >= 0) return { value: exclusive, exclusive: true };
  return { value: inclusive, exclusive: false };
}
