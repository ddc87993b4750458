/**
 * The compact layout's wire rules on top of the map-layout ones (layout spec, "Evolution rules"):
 * positions are append-only, enum values are their index, a discriminated union is written as
 * its variant index. Walks old and new side by side (properties by name, discriminated variants by
 * discriminator value) and reports where the same bytes would mean something else.
 *
 * Readers are taken to skip a value at a position they hold as reserved (that is what lets a
 * removed property leave its position reserved), and to read the element at index = their
 * position count as the map of additional properties when their object allows extras.
 * An object's sparse form (a map keyed by position in CBOR, an object of decimal position keys in
 * UBJSON) uses the same positions, so the same rules judge it: a key past a reader's positions is
 * refused, as the extra element is. Its extra entries sit at no position, but encoders still write
 * the dense form when it is not larger (in UBJSON, whenever every position is present), so
 * `extras-moved` stands. Nothing here depends on the format: both write the same positions.
 */
import { compactLayout, type CompactLayout } from './positions.js';
import type { IrArray, IrLiteral, IrNode, IrObject, IrUnion } from '../ir/types.js';
import type { ChangeLog, Direction } from './changes.js';
import { IdMap, resolve, short, type Side } from './sides.js';

export function compareCompact(old: Side, next: Side, log: ChangeLog): void {
  new CompactWalk(old, next, log).pair(old.module.root, next.module.root);
}

class CompactWalk {
  private readonly ids = new IdMap();
  private readonly visited = new Set<string>();

  constructor(
    private readonly old: Side,
    private readonly next: Side,
    private readonly log: ChangeLog,
  ) {}

  private add(directions: Direction[], path: string, rule: string, message: string): void {
    this.log.add(directions.length === 2 ? 'both' : directions[0], path, rule, message);
  }

  pair(oldNode: IrNode, newNode: IrNode): void {
    const old = resolve(this.old, oldNode);
    const next = resolve(this.next, newNode);
    const key = `${this.ids.of(old)}:${this.ids.of(next)}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    this.enums(old, next);
    if (old.kind === 'object' && next.kind === 'object') this.objects(old, next);
    else if (old.kind === 'union' && next.kind === 'union') this.unions(old, next);
    else if (old.kind === 'array' && next.kind === 'array') this.arrays(old, next);
  }

  /** Rule 3: a pure enum is written as the value's index. */
  private enums(old: IrNode, next: IrNode): void {
    const oldEnum = isPureEnum(old);
    const newEnum = isPureEnum(next);
    if (!oldEnum && !newEnum) return;
    if (oldEnum !== newEnum) {
      if (old.kind === 'never' || next.kind === 'never') return;
      this.add(['backward', 'forward'], next.schemaPath, 'enum-encoding-changed', `${oldEnum ? 'old' : 'new'} schema has a pure enum here (written as its index) and the ${oldEnum ? 'new' : 'old'} does not`);
      return;
    }
    const oldValues = (old as IrLiteral).values.map((value) => JSON.stringify(value));
    const newValues = (next as IrLiteral).values.map((value) => JSON.stringify(value));
    const moved = oldValues.filter((value, index) => newValues.includes(value) && newValues.indexOf(value) !== index);
    if (moved.length > 0) {
      this.add(['backward', 'forward'], next.schemaPath, 'enum-reordered', `enum values ${moved.map((value) => short(JSON.parse(value))).join(', ')} changed index: enum values may only be appended`);
    }
  }

  /** Rule 1 (positions) and rule 2 (the map of extras sits at index = position count). */
  private objects(old: IrObject, next: IrObject): void {
    const oldLayout = compactLayout(old);
    const newLayout = compactLayout(next);
    const oldAt = positionsByName(oldLayout);
    const newAt = positionsByName(newLayout);
    const oldOwner = new Map(oldLayout.positions.map((entry) => [entry.position, entry.name]));
    const pathOf = (name: string): string => (next.properties.find((property) => property.name === name) ?? old.properties.find((property) => property.name === name))?.schemaPath ?? next.schemaPath;
    for (const property of next.properties) {
      const newPosition = newAt.get(property.name);
      const oldPosition = oldAt.get(property.name);
      const declaredBefore = old.properties.some((candidate) => candidate.name === property.name);
      if (declaredBefore && newPosition !== oldPosition) {
        this.add(['backward', 'forward'], property.schemaPath, 'position-changed', `property ${JSON.stringify(property.name)} moved from ${place(oldPosition)} to ${place(newPosition)}: positions never move (pin with x-binschema-index)`);
      }
      const previous = newPosition === undefined ? undefined : oldOwner.get(newPosition);
      if (previous !== undefined && previous !== property.name) {
        this.add(['backward', 'forward'], property.schemaPath, 'position-reused', `position ${newPosition} held ${JSON.stringify(previous)} in the old schema and now holds ${JSON.stringify(property.name)}: positions are never reused`);
      }
      // Unless the map-layout rules already report the new property to old readers (closed old object).
      if (!declaredBefore && newPosition !== undefined && newPosition >= oldLayout.count && !this.log.hasAt('forward', property.schemaPath)) {
        this.add(['forward'], property.schemaPath, 'position-added', `new property ${JSON.stringify(property.name)} at position ${newPosition}: old readers have ${oldLayout.count} positions and ${allowsExtras(old) ? `read element ${oldLayout.count} as the map of additional properties` : 'reject more elements than declared positions'}`);
      }
    }
    for (const property of old.properties) {
      const oldPosition = oldAt.get(property.name);
      if (next.properties.some((candidate) => candidate.name === property.name) || oldPosition === undefined || oldPosition < newLayout.count) continue;
      this.add(['backward'], pathOf(property.name), 'position-removed', `removed property ${JSON.stringify(property.name)} had position ${oldPosition}, past the new schema's ${newLayout.count} positions: new readers see more elements than declared (keep its position reserved by pinning a later property)`);
    }
    this.extras(old, next, oldLayout, newLayout);
    for (const property of next.properties) {
      const before = old.properties.find((candidate) => candidate.name === property.name);
      if (before !== undefined) this.pair(before.node, property.node);
    }
  }

  private extras(old: IrObject, next: IrObject, oldLayout: CompactLayout, newLayout: CompactLayout): void {
    if (oldLayout.count === newLayout.count) return;
    const where = `${next.schemaPath}/additionalProperties`;
    const message = (writer: string, count: number, readerCount: number): string => `${writer} bytes carry additional properties at element ${count}, where the other schema's readers expect ${readerCount > count ? 'a property' : 'nothing'} (position counts ${oldLayout.count} → ${newLayout.count})`;
    if (allowsExtras(old)) this.add(['backward'], where, 'extras-moved', message('old', oldLayout.count, newLayout.count));
    if (allowsExtras(next)) this.add(['forward'], where, 'extras-moved', message('new', newLayout.count, oldLayout.count));
  }

  /** Rule 4: a discriminated union is `[variantIndex, …fields]`. */
  private unions(old: IrUnion, next: IrUnion): void {
    const oldKey = old.discriminator;
    const newKey = next.discriminator;
    if (oldKey === undefined && newKey === undefined) {
      const count = Math.min(old.variants.length, next.variants.length);
      for (let index = 0; index < count; index++) this.pair(old.variants[index], next.variants[index]);
      return;
    }
    if (oldKey === undefined || newKey === undefined || oldKey.property !== newKey.property) {
      this.add(['backward', 'forward'], next.schemaPath, 'union-encoding-changed', 'the union is discriminated (written as [variantIndex, …fields]) in one schema and not the same way in the other');
      return;
    }
    for (const entry of oldKey.mapping) {
      const match = newKey.mapping.find((candidate) => candidate.value === entry.value);
      if (match === undefined) continue;
      if (match.variant !== entry.variant) {
        this.add(['backward', 'forward'], next.variants[match.variant].schemaPath, 'union-variant-reordered', `variant ${short(entry.value)} moved from index ${entry.variant} to ${match.variant}: variants may only be appended`);
      }
      this.pair(old.variants[entry.variant], next.variants[match.variant]);
    }
  }

  private arrays(old: IrArray, next: IrArray): void {
    const count = Math.min(old.prefixItems.length, next.prefixItems.length);
    for (let index = 0; index < count; index++) this.pair(old.prefixItems[index], next.prefixItems[index]);
    this.pair(old.items, next.items);
  }
}

function positionsByName(layout: CompactLayout): Map<string, number> {
  return new Map(layout.positions.map((entry) => [entry.name, entry.position]));
}

function place(position: number | undefined): string {
  return position === undefined ? 'no position (a required const)' : `position ${position}`;
}

/** Rule 3 applies to enums of two or more values; a single value is a const, written as itself. */
function isPureEnum(node: IrNode): boolean {
  return node.kind === 'literal' && node.values.length > 1;
}

/** Rule 2: the object has keys beyond its declared ones. */
function allowsExtras(object: IrObject): boolean {
  return object.patternProperties.length > 0 || object.additionalProperties.kind !== 'never';
}
