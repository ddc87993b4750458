import type { IrNode } from '../../ir/types.js';
import { cast, Code, commentText, js, Lines } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';
import type { Name, NameScope } from '../module/names.js';

/**
 * Left recursion (a definition that reaches itself through `$ref`/`anyOf`/`oneOf` with no object
 * or array in between, ir/recursion.ts): the function of such a definition notes what it is
 * working on, its value (encoders, predicates) or input offset (decoders) and depth, in a module
 * constant. A call that finds its own entry there has come back round without consuming anything:
 * that branch cannot match (the least fixed point: `A = anyOf[A, string]` means `string`), so it
 * fails as a schema mismatch, which the union around it treats as one more branch that failed.
 * The success path pays two compares and four stores per call.
 */
export function guardsInPlace(context: ModuleContext, node: IrNode): boolean {
  return context.leftRecursive.has(node);
}

/**
 * `body` inside the guard of `node`'s function `name` (see above): `at` is what the call works
 * on, `loops` the statement that fails the call when it comes back to the same `at` and depth.
 */
export function withInPlaceGuard(context: ModuleContext, scope: NameScope, node: IrNode, name: Name, body: Lines, at: Code, loops: Code): Lines {
  const guard = context.scope.fresh(`${name.text} in place`, { pascal: 'constant', fallback: 'IN_PLACE' });
  context.constants.push({
    name: guard,
    doc: commentText(`What ${name.text} is working on (${node.schemaPath} reaches itself without an object or array in between): a call for the same input and depth is going round in place.`),
    init: js`{ at: ${cast(new Code('undefined'), new Code('unknown'))}, depth: -1 }`,
  });
  const outer = { at: scope.fresh('outer at'), depth: scope.fresh('outer depth') };
  const lines = new Lines();
  lines.line(js`if (${guard}.depth === depth && Object.is(${guard}.at, ${at})) ${loops}`);
  lines.line(js`const ${outer.at} = ${guard}.at;`);
  lines.line(js`const ${outer.depth} = ${guard}.depth;`);
  lines.line(js`${guard}.at = ${at};`);
  lines.line(js`${guard}.depth = depth;`);
  lines.block(new Code('try'), (inner) => inner.append(body), new Code('} finally {'));
  lines.indented((restore) => {
    restore.line(js`${guard}.at = ${outer.at};`);
    restore.line(js`${guard}.depth = ${outer.depth};`);
  });
  lines.line(new Code('}'));
  return lines;
}

/** The failure text of a call that came back to its own input in place. */
export function inPlaceText(node: IrNode): string {
  return `reaches ${node.schemaPath} again at the same value, without an object or array in between`;
}
