import type { IrModule, IrNode } from '../ir/types.js';

/**
 * `codeSize` (README "Code size"): `'compact'` (default) writes and reads objects through the
 * runtime's record tables (`record-table.ts`; runtime `<format>/record.ts`), code linear in the
 * schema; `'fast'` emits specialised straight-line code for every object, the
 * same bytes, faster once hot and several times larger; `'auto'` is `'fast'` up to
 * `AUTO_COMPACT_PROPERTIES` declared properties in the module and `'compact'` past it. It means
 * the same for CBOR, UBJSON and MessagePack; the compact layout has no record tables (it keeps
 * fast code).
 */
export type CodeSize = 'auto' | 'fast' | 'compact';

export const CODE_SIZES: readonly string[] = ['auto', 'fast', 'compact'];

/**
 * Past this many declared properties (over every object of the module, after `allOf` merges)
 * `'auto'` goes compact. Fast code costs about 1.5 KB of JS a property (combined: 130
 * properties, 234 KB against 65 KB compact).
 */
export const AUTO_COMPACT_PROPERTIES = 150;

/** Whether the module is emitted compact. */
export function isCompact(ir: IrModule, codeSize: CodeSize | undefined): boolean {
  if (codeSize === undefined || codeSize === 'compact') return true;
  if (codeSize === 'fast') return false;
  return declaredProperties(ir, AUTO_COMPACT_PROPERTIES) > AUTO_COMPACT_PROPERTIES;
}

/** Declared properties of every object node reachable in the module (an explicit stack: no recursion), counting stops past `limit`. */
export function declaredProperties(ir: IrModule, limit: number): number {
  const seen = new Set<IrNode>();
  const stack: IrNode[] = [ir.root, ...ir.definitions.map((definition) => definition.node)];
  let count = 0;
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const check of node.checks ?? []) {
      if ('node' in check) stack.push(check.node);
      if (check.kind === 'if') stack.push(...[check.if, check.then, check.else].filter((branch): branch is IrNode => branch !== undefined));
    }
    switch (node.kind) {
      case 'array':
        stack.push(...node.prefixItems, node.items);
        break;
      case 'object':
        count += node.properties.length;
        stack.push(...node.properties.map((property) => property.node), ...node.patternProperties.map((pattern) => pattern.node), node.additionalProperties);
        break;
      case 'union':
        stack.push(...node.variants);
        break;
    }
  }
  return count;
}
