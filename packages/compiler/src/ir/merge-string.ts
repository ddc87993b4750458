/** Intersection of two string nodes: bounds tightened, patterns combined into one regex. */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import type { LoweringContext } from './context.js';
import { pick } from './intersect.js';
import { checkPattern, type Here } from './keyword-values.js';
import { neverNode } from './nodes.js';
import type { IrNode, IrString } from './types.js';

export function mergeStrings(context: LoweringContext, left: IrString, right: IrString, here: Here): IrNode {
  const node: IrString = { kind: 'string', schemaPath: left.schemaPath, annotations: { ...right.annotations, ...left.annotations } };
  const minLength = pick(left.minLength, right.minLength, Math.max);
  const maxLength = pick(left.maxLength, right.maxLength, Math.min);
  if (minLength !== undefined) node.minLength = minLength;
  if (maxLength !== undefined) node.maxLength = maxLength;
  const pattern = combinePatterns(left.pattern, right.pattern, here);
  if (pattern !== undefined) node.pattern = pattern;
  if (left.format !== undefined && right.format !== undefined && left.format !== right.format) {
    throw new SchemaError(SchemaErrorCode.Unsupported, `cannot assert two formats (${left.format}, ${right.format}) on one string`, here.path, here.source);
  }
  const format = left.format ?? right.format;
  if (format !== undefined) node.format = format;
  context.count(here.path, here.source);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) return neverNode(here.path);
  return node;
}

/**
 * Two unanchored patterns (both must match somewhere, Validation §6.3.3) as one regex: a lookahead
 * for each from the start. Back-references and named groups would be renumbered or clash, so a
 * pattern using them is refused rather than combined.
 */
export function combinePatterns(left: string | undefined, right: string | undefined, here: Here): string | undefined {
  if (left === undefined || left === right) return right;
  if (right === undefined) return left;
  for (const pattern of [left, right]) {
    if (/\\[1-9]|\\k<|\(\?<(?![=!])/.test(pattern)) {
      throw new SchemaError(SchemaErrorCode.Unsupported, `cannot merge the pattern ${JSON.stringify(pattern)} (back-references or named groups) with another pattern`, here.path, here.source);
    }
  }
  return checkPattern(`^(?=[\\s\\S]*?(?:${left}))(?=[\\s\\S]*?(?:${right}))`, here.path, here.source);
}
