import type { IrObject } from '../../ir/types.js';
import type { Code, Lines } from '../module/code.js';
import type { Name, NameScope } from '../module/names.js';
import { functionDocs, pathWords, type ModuleContext } from '../module/context.js';

/**
 * The compact layout's per-variant functions (README "Compact layout"): an object that is a
 * variant of a discriminated union is written and read by a function of its own, which knows its
 * index. One per object and index, made on first use, in either direction and format.
 */
export interface VariantFunctionSpec {
  verb: 'write' | 'read';
  /** The function's doc line for variant `index` of `object`. */
  summary(object: IrObject, index: number): string;
  /** The parameters' names (claimed in the function's scope) and declarations. */
  fixed: readonly string[];
  params(): Code[];
  returnType(object: IrObject): Code;
  /** The body: the object's compact writer or reader with the variant index. */
  body(object: IrObject, scope: NameScope, index: number): Lines;
}

export class VariantFunctions {
  private readonly byObject = new Map<IrObject, Map<number, Name>>();

  constructor(
    private readonly context: ModuleContext,
    private readonly spec: VariantFunctionSpec,
  ) {}

  /** `<verb><Object>AsVariant<index>`. */
  of(object: IrObject, index: number): Name {
    const byIndex = this.byObject.get(object) ?? new Map<number, Name>();
    this.byObject.set(object, byIndex);
    const existing = byIndex.get(index);
    if (existing !== undefined) return existing;
    const name = this.context.scope.fresh(`${this.spec.verb} ${pathWords(object.schemaPath, this.context.ir.rootName)} as variant ${index}`, { pascal: false });
    byIndex.set(index, name);
    const scope = this.context.scope.child();
    for (const fixed of this.spec.fixed) scope.claim(fixed);
    const body = this.spec.body(object, scope, index);
    this.context.functions.push({ name, docs: functionDocs(this.spec.summary(object, index), object), params: this.spec.params(), returnType: this.spec.returnType(object), body: body.toCode(), exported: false });
    return name;
  }
}
