import type { IrModule, IrNode } from '../../ir/types.js';

/**
 * `codeSize` (README "Code size"), as protocol-buffer compilers offer `optimize_for = SPEED` by
 * default and `CODE_SIZE` on request: `'speed'` (default) emits specialised straight-line code for
 * every object; `'small'` writes and reads objects through the runtime's record tables
 * (`record-tables/`; runtime `<format>/record.ts`), code linear in the schema, the same bytes and
 * errors, slower; `'auto'` is `'speed'` up to `AUTO_SMALL_PROPERTIES` declared properties in the
 * module and `'small'` past it. It means the same for CBOR, UBJSON and MessagePack; the compact
 * layout has no record tables (it is always specialised code).
 */
export type CodeSize = 'auto' | 'speed' | 'small';

export const CODE_SIZES: readonly string[] = ['auto', 'speed', 'small'];

/** The values of earlier releases, refused with the new name (`'compact'` read as `layout: 'compact'` too easily). */
export const RENAMED_CODE_SIZES: Readonly<Record<string, CodeSize>> = { fast: 'speed', compact: 'small' };

/**
 * Past this many declared properties (over every object of the module, after `allOf` merges)
 * `'auto'` goes small. Specialised code costs about 1.5 KB of JS a property (combined: 130
 * properties, 234 KB against 65 KB small).
 */
export const AUTO_SMALL_PROPERTIES = 150;

/** Whether the module's objects are record tables (`'small'`). */
export function isSmall(ir: IrModule, codeSize: CodeSize | undefined): boolean {
  if (codeSize === undefined || codeSize === 'speed') return false;
  if (codeSize === 'small') return true;
  return declaredProperties(ir, AUTO_SMALL_PROPERTIES) > AUTO_SMALL_PROPERTIES;
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
