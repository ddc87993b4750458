/**
 * `$dynamicRef`/`$dynamicAnchor` (2020-12 Core §8.2.3.2), and 2019-09's `$recursiveRef`/
 * `$recursiveAnchor` (§8.2.4.2) the same way, resolved statically. A `$dynamicRef`
 * whose initial target carries a matching `$dynamicAnchor` resolves to the outermost schema
 * resource in the dynamic scope (§7.1: the resources entered through references and nesting on
 * the way to it) that declares that anchor. The outermost binding of a name never changes once
 * a resource has made it, so a definition is specialised by its `Bindings`: for each name some
 * `$dynamicRef` uses, the anchor that binds it. Bindings only grow along a path and are finite,
 * so recursion through them still closes, and equal scopes share one definition.
 */
import { isJsonObject, own } from '../schema/json.js';
import { plainFragment, RECURSIVE_ANCHOR, type SchemaDocument, type SchemaLocation, type SchemaRegistry } from '../schema/registry.js';
import type { LoweringContext } from './context.js';
import { keywordPath, stringKeyword, type Here } from './keyword-values.js';

/** Dynamic anchor name → the location of the schema holding the outermost `$dynamicAnchor` of that name in scope. */
export type Bindings = ReadonlyMap<string, SchemaLocation>;

export const NO_BINDINGS: Bindings = new Map();

/** The keywords of this file, allowed where their draft defines them (elsewhere `UNSUPPORTED_KEYWORDS` refuses them). */
export function dynamicKeywords(draft: SchemaDocument['draft']): readonly string[] {
  if (draft === '2020-12') return ['$dynamicRef', '$dynamicAnchor'];
  return draft === '2019-09' ? ['$recursiveRef', '$recursiveAnchor'] : [];
}

/** `bindings` after entering the resources rooted on the way from `from` (exclusive) down to `to`. */
export function enterResources(registry: SchemaRegistry, bindings: Bindings, document: SchemaDocument, from: string | undefined, to: string): Bindings {
  let result = bindings;
  for (const resource of registry.resourceRootsOnPath(document, from, to)) {
    for (const [name, pointer] of registry.dynamicAnchorsOf(document, resource)) {
      // Outermost wins: a name bound further out keeps its binding.
      if (!registry.dynamicRefNames.has(name) || result.has(name)) continue;
      if (result === bindings) result = new Map(bindings);
      (result as Map<string, SchemaLocation>).set(name, registry.locationAt(document, pointer));
    }
  }
  return result;
}

/** `bindings` after entering the resource that holds `target` (what a `$ref` to it does). */
export function enterTarget(registry: SchemaRegistry, bindings: Bindings, target: SchemaLocation): Bindings {
  const resource = registry.resourceRootOf(target.document, target.pointer);
  const above = resource === '' ? undefined : resource.slice(0, resource.lastIndexOf('/'));
  return enterResources(registry, bindings, target.document, above, resource);
}

/** Canonical text of `bindings` for definition keys: sorted by name, empty when nothing is bound. */
export function bindingsKey(bindings: Bindings): string {
  if (bindings.size === 0) return '';
  const parts = [...bindings].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return ` {${parts.map(([name, location]) => `${JSON.stringify(name)}=${location.document.uri}#${location.pointer}`).join(', ')}}`;
}

/**
 * The target of `here`'s `$dynamicRef` in the scope `bindings`: its initial target (resolved as a
 * `$ref`) unless that carries a `$dynamicAnchor` named as the fragment, then the binding of that
 * name, if any (2020-12 Core §8.2.3.2). In 2019-09, `$recursiveRef` likewise, when its initial
 * target has `$recursiveAnchor: true` (2019-09 Core §8.2.4.2). `undefined` without either keyword.
 */
export function resolveDynamicRef(registry: SchemaRegistry, here: Here, bindings: Bindings): SchemaLocation | undefined {
  const draft = here.location.document.draft;
  const keyword = draft === '2020-12' ? '$dynamicRef' : draft === '2019-09' ? '$recursiveRef' : undefined;
  const ref = keyword === undefined ? undefined : stringKeyword(here, keyword);
  if (keyword === undefined || ref === undefined) return undefined;
  const initial = registry.resolve(ref, here.location.base, { schemaPath: keywordPath(here, keyword), source: here.source });
  if (!isJsonObject(initial.schema)) return initial;
  if (keyword === '$recursiveRef') return own(initial.schema, '$recursiveAnchor') === true ? (bindings.get(RECURSIVE_ANCHOR) ?? initial) : initial;
  const name = plainFragment(ref);
  if (name === undefined || own(initial.schema, '$dynamicAnchor') !== name) return initial;
  return bindings.get(name) ?? initial;
}

/** A schema applied in place, with the dynamic anchor bindings it is entered with. */
export interface ScopedLocation {
  location: SchemaLocation;
  bindings: Bindings;
  /** The keyword that refers to it (`$ref`, `$dynamicRef` or `$recursiveRef`), for error paths. */
  keyword: string;
}

/**
 * The schemas `here` applies in place by `$ref` and `$dynamicRef` (2019-09: `$recursiveRef`), resolved in the scope
 * being lowered, each with the bindings it is entered with. Whoever follows one in place (an
 * evaluation walk) runs inside `context.inScope(location, bindings, …)` so that the references
 * under it resolve in its scope too.
 */
export function inPlaceTargets(context: LoweringContext, here: Here): ScopedLocation[] {
  const found: ScopedLocation[] = [];
  const ref = stringKeyword(here, '$ref');
  if (ref !== undefined) found.push(scoped(context, context.registry.resolve(ref, here.location.base, { schemaPath: keywordPath(here, '$ref'), source: here.source }), here, '$ref'));
  const target = resolveDynamicRef(context.registry, here, context.bindingsAt(here.location));
  if (target !== undefined) found.push(scoped(context, target, here, here.location.document.draft === '2019-09' ? '$recursiveRef' : '$dynamicRef'));
  return found;
}

function scoped(context: LoweringContext, location: SchemaLocation, here: Here, keyword: string): ScopedLocation {
  return { location, bindings: context.referenceBindings(location, here.location), keyword };
}
