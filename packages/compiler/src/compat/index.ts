/**
 * `checkCompatibility(old, new)`: can NEW readers read OLD bytes (backward) and OLD readers read
 * NEW bytes (forward)? The map layout's answer is JSON Schema's (every old value valid under the
 * new schema, and vice versa: `subset.ts`); the compact layout adds its wire rules (`compact.ts`).
 */
import { SchemaError, underStackNet } from '../errors.js';
import { buildIr, buildIrFromFile, type FrontEndOptions } from '../ir/index.js';
import type { IrModule } from '../ir/types.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { ChangeLog, type CompatChange, type Direction } from './changes.js';
import { compareCompact } from './compact.js';
import { sideOf, type Side } from './sides.js';
import { SubsetWalk } from './subset.js';

export type { CompatChange } from './changes.js';

import { LAYOUTS, type Layout } from '../compile.js';

export interface CompatOptions extends FrontEndOptions {
  /** Default `'map'`. */
  layout?: Layout;
}

export interface CompatReport {
  /** New readers read every old value (old bytes). */
  backward: boolean;
  /** Old readers read every new value (new bytes). */
  forward: boolean;
  changes: CompatChange[];
}

/** Compares two schemas given as JSON values (their `$ref`s to other documents need `extraSchemas`/`schemasByUri`). */
export function checkCompatibility(oldSchema: unknown, newSchema: unknown, options: CompatOptions = {}): CompatReport {
  const layout = checkedLayout(options.layout);
  const { layout: _layout, ...frontEnd } = options;
  const old = buildIr({ schema: oldSchema, source: 'old schema' }, frontEnd);
  const next = buildIr({ schema: newSchema, source: 'new schema' }, frontEnd);
  return underStackNet('new schema', () => compareModules(sideOf(old), sideOf(next), layout));
}

/** Compares two schema files (relative `$ref`s resolve from each file, as `compileFile` does). */
export function checkCompatibilityOfFiles(oldPath: string, newPath: string, options: CompatOptions = {}): CompatReport {
  const layout = checkedLayout(options.layout);
  const { layout: _layout, ...frontEnd } = options;
  const old = buildIrFromFile(oldPath, frontEnd);
  const next = buildIrFromFile(newPath, frontEnd);
  return underStackNet(newPath, () => compareModules(sideOf(old), sideOf(next), layout));
}

function compareModules(old: Side, next: Side, layout: Layout): CompatReport {
  const log = new ChangeLog();
  for (const direction of ['backward', 'forward'] as Direction[]) {
    const walk = direction === 'backward' ? new SubsetWalk(old, next, direction, log) : new SubsetWalk(next, old, direction, log);
    walk.contains(walk.sub.module.root, walk.sup.module.root, true);
    compareDefinitions(walk, direction);
  }
  if (layout === 'compact') {
    compareCompact(old, next, log);
    for (const pair of exportedPairs(old.module, next.module)) compareCompact({ ...old, module: { ...old.module, root: pair.old } }, { ...next, module: { ...next.module, root: pair.next } }, log);
  }
  return { backward: !log.breaks('backward'), forward: !log.breaks('forward'), changes: log.list() };
}

/** Exported definitions (`encodeX`/`decodeX`) are entry points too: compared by name; one removed breaks new readers of it. */
function compareDefinitions(walk: SubsetWalk, direction: Direction): void {
  const old = direction === 'backward' ? walk.sub.module : walk.sup.module;
  const next = direction === 'backward' ? walk.sup.module : walk.sub.module;
  for (const pair of exportedPairs(old, next)) {
    if (direction === 'backward') walk.contains(pair.old, pair.next, true);
    else walk.contains(pair.next, pair.old, true);
  }
  if (direction !== 'backward') return;
  const kept = new Set(next.definitions.filter((definition) => definition.exported).map((definition) => definition.name));
  for (const definition of old.definitions) {
    if (definition.exported && !kept.has(definition.name)) walk.report(true, definition.node.schemaPath, 'definition-removed', `definition ${JSON.stringify(definition.name)} was removed: nothing in the new schema decodes it`);
  }
}

function exportedPairs(old: IrModule, next: IrModule): { old: IrModule['root']; next: IrModule['root'] }[] {
  const byName = new Map(next.definitions.filter((definition) => definition.exported).map((definition) => [definition.name, definition.node]));
  const pairs = [];
  for (const definition of old.definitions) {
    const match = definition.exported ? byName.get(definition.name) : undefined;
    if (match !== undefined) pairs.push({ old: definition.node, next: match });
  }
  return pairs;
}

function checkedLayout(layout: unknown): Layout {
  if (layout === undefined) return 'map';
  if (typeof layout !== 'string' || !LAYOUTS.includes(layout)) throw new SchemaError(SchemaErrorCode.InvalidOption, `unknown layout ${JSON.stringify(layout)} (expected map or compact)`, '#');
  return layout as Layout;
}

