import type { IrArray, IrNode, IrUnion } from '../../ir/types.js';
import { Code, js, jsonLiteral, type Lines } from '../module/code.js';
import type { Name } from '../module/names.js';

/**
 * Branch shapes encoders and decoders share; `each` writes the statements for one schema.
 */

/** A tuple's item by position: `if (index === 0) {…} else if … else {…items…}` over `prefixItems`. */
export function tupleBranches(node: IrArray, index: Name, lines: Lines, each: (schema: IrNode, lines: Lines) => void): void {
  node.prefixItems.forEach((prefix, position) => {
    lines.line(position === 0 ? js`if (${index} === ${position}) {` : js`} else if (${index} === ${position}) {`);
    lines.indented((inner) => each(prefix, inner));
  });
  lines.line(new Code('} else {'));
  lines.indented((inner) => each(node.items, inner)).line(new Code('}'));
}

/** `switch (tag)` with one group of `case`s per variant the discriminator maps to. */
export function discriminatorSwitch(node: IrUnion, tag: Name, lines: Lines, each: (variant: IrNode, lines: Lines) => void): void {
  const discriminator = node.discriminator!;
  lines.block(js`switch (${tag})`, (body) => {
    node.variants.forEach((variant, position) => {
      const entries = discriminator.mapping.filter((entry) => entry.variant === position);
      if (entries.length === 0) return;
      for (const entry of entries) body.line(js`case ${jsonLiteral(entry.value)}:`);
      body.indented((inner) => each(variant, inner));
    });
  });
}
