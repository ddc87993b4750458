import type { IrDefinition, IrNode } from '../../ir/types.js';
import { ModuleContext, pathWords } from './context.js';
import type { Name } from './names.js';
import { exactKey } from './structural-key.js';

/**
 * What encoders, decoders and predicates share: one generated function per IR node that needs one (a
 * definition, the root, an inner object, array or union), named when first asked for and emitted
 * by `drain`, so recursive schemas end and every node gets exactly one function (shared with the
 * nodes of the same `sharingKey`).
 */
export abstract class FunctionEmitter {
  /** Function names by `sharingKey` (a left-recursive node by itself: its guard is its own, checks/in-place-guard.ts). */
  private readonly functionNames = new Map<IrNode | string, Name>();
  private readonly pending: (() => void)[] = [];

  constructor(readonly context: ModuleContext) {}

  /** The verb of function names (`write` → `writePoint`). */
  protected abstract readonly verb: string;

  /** The JSDoc summary of the function for `subject` (`a Point`, or an inner node's schema path). */
  protected abstract summary(subject: string): string;

  /** Emits the function `name` for `node` into the module context. */
  protected abstract emitFunction(node: IrNode, name: Name, summary: string): void;

  /** The function of a definition; its body is emitted by `drain`. */
  definition(definition: IrDefinition): Name {
    const typeName = this.context.typeNames.get(definition.key)?.text ?? definition.name;
    return this.functionFor(definition.node, `${this.verb} ${typeName}`, this.summary(`a ${definition.name}`));
  }

  /** The function of the module's root schema. */
  root(node: IrNode, typeName: Name): Name {
    return this.functionFor(node, `${this.verb} ${typeName.text}`, this.summary(`a ${typeName.text}`));
  }

  /** Emits every function requested so far (requests made while emitting are handled too). */
  drain(): void {
    while (this.pending.length > 0) this.pending.shift()!();
  }

  /** The function that writes or reads `node`: its definition's for a reference, else its own. */
  functionOf(node: IrNode): Name {
    if (node.kind === 'ref') {
      const definition = this.context.definitions.get(node.target);
      if (definition === undefined) throw new Error(`unresolved ref ${node.target}`);
      if (node.checks === undefined) return this.definition(definition);
    }
    return this.innerFunction(node);
  }

  /** Function for an inner node, named by its path (`writeDocumentJsonTags`). */
  protected innerFunction(node: IrNode): Name {
    // Named once, in `@schema`: a summary would repeat the path.
    return this.functionFor(node, `${this.verb} ${pathWords(node.schemaPath, this.context.ir.rootName)}`, '');
  }

  /**
   * Nodes with the same key share one function: by default exact copies (`exactKey`: a `$ref` or
   * `allOf` target merged into several places arrives as several equal nodes).
   */
  protected sharingKey(node: IrNode): string {
    return exactKey(node);
  }

  private functionFor(node: IrNode, nameText: string, summary: string): Name {
    const key = this.context.leftRecursive.has(node) ? node : this.sharingKey(node);
    const existing = this.functionNames.get(key);
    if (existing !== undefined) return existing;
    const name = this.context.scope.fresh(nameText, { pascal: false });
    this.functionNames.set(key, name);
    this.pending.push(() => this.emitFunction(node, name, summary));
    return name;
  }
}
