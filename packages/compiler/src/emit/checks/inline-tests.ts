import type { IrNode } from '../../ir/types.js';
import { castOperand, Code, js, numberLiteral } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';
import { literalCondition, patternConstant } from './assertions.js';

/**
 * The predicates of small modules (codeSize 'small') test a scalar without checks by an expression
 * where it is called, instead of a function per schema location: most predicates of real schemas
 * are these. That expression, or undefined where the node needs its own predicate.
 */
export function inlineTest(context: ModuleContext, node: IrNode, value: Code): Code | undefined {
  if (node.checks !== undefined) return undefined;
  switch (node.kind) {
    case 'null':
      return js`(${value} === null)`;
    case 'boolean':
      return js`(typeof ${value} === 'boolean')`;
    case 'string': {
      if (node.minLength !== undefined || node.maxLength !== undefined || node.format !== undefined) return undefined;
      const pattern = node.pattern === undefined ? new Code('') : js` && ${patternConstant(context, node.pattern, node.schemaPath)}.test(${value})`;
      return js`(typeof ${value} === 'string'${pattern})`;
    }
    case 'number': {
      if (node.multipleOf !== undefined) return undefined;
      // Number.isInteger/isFinite are false for non-numbers: they are the type test too.
      const tests = [node.integer ? js`Number.isInteger(${value})` : js`Number.isFinite(${value})`];
      const bound = (operator: string, limit: number | undefined): void => {
        if (limit !== undefined) tests.push(js`${castOperand(value, new Code('number'))} ${new Code(operator)} ${numberLiteral(limit)}`);
      };
      bound('>=', node.minimum);
      bound('<=', node.maximum);
      bound('>', node.exclusiveMinimum);
      bound('<', node.exclusiveMaximum);
      return js`(${new Code(tests.map((test) => test.text).join(' && '))})`;
    }
    case 'literal':
      return js`(${literalCondition(context, node, value)})`;
    case 'array': {
      // Any array (the other types of an `if` without `type`): nothing to look at inside.
      const anyItems = node.items.kind === 'any' && node.items.checks === undefined;
      const counted = (node.minItems ?? 0) > 0 || node.maxItems !== undefined || node.uniqueItems === true;
      return node.prefixItems.length === 0 && anyItems && !counted ? js`Array.isArray(${value})` : undefined;
    }
    default:
      return undefined;
  }
}
