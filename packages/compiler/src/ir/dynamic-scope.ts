/**
 * `$dynamicRef`/`$dynamicAnchor` (2020-12 Core §8.2.3.2) resolved statically. A `$dynamicRef`
 * whose initial target carries a matching `$dynamicAnchor` resolves to the outermost schema
 * resource in the dynamic scope (§7.1: the resources entered through references and nesting on
 * the way to it) that declares that anchor. The outermost binding of a name never changes once
 * a resource has made it, so a definition is specialised by its `Bindings`: for each name some
 * `$dynamicRef` uses, the anchor that binds it. Bindings only grow along a path and are finite,
 * so recursion through them still closes, and equal scopes share one definition.
 */
import { isJsonObject, own } from '../schema/json.js';
import { plainFragment, type SchemaDocument, type SchemaLocation, type SchemaRegistry } from '../schema/registry.js';
import type { LoweringContext } from './context.js';
import { keywordPath, stringKeyword, type Here } from './keyword-values.js';

/** Dynamic anchor name → the location of the schema holding the outermost `$dynamicAnchor` of that name in scope. */
export type Bindings = ReadonlyMap<string, SchemaLocation>;

export const NO_BINDINGS: Bindings = new Map();

/** The keywords of this file, allowed where their draft defines them (elsewhere `UNSUPPORTED_KEYWORDS` refuses them). */
export function dynamicKeywords(draft: SchemaDocument['draft']): readonly string[] {
  return draft === '2020-12' ? ['$dynamicRef', '$dynamicAnchor'] : [];
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
 * name, if any (§8.2.3.2). `undefined` without a `$dynamicRef`.
 */
export function resolveDynamicRef(registry: SchemaRegistry, here: Here, bindings: Bindings): SchemaLocation | undefined {
  const ref = stringKeyword(here, '$dynamicRef');
  if (ref === undefined) return undefined;
  const site = { schemaPath: keywordPath(here, '$dynamicRef'), source: here.source };
  const initial = registry.resolve(ref, here.location.base, site);
  const name = plainFragment(ref);
  if (name === undefined || !isJsonObject(initial.schema) || own(initial.schema, '$dynamicAnchor') !== name) return initial;
  return bindings.get(name) ?? initial;
}

/** A schema applied in place, with the dynamic anchor bindings it is entered with. */
export interface ScopedLocation {
  location: SchemaLocation;
  bindings: Bindings;
}

/**
 * The schemas `here` applies in place by `$ref` and (2020-12) `$dynamicRef`, resolved in the scope
 * being lowered, each with the bindings it is entered with. Whoever follows one in place (an
 * evaluation walk) runs inside `context.inScope(location, bindings, …)` so that the references
 * under it resolve in its scope too.
 */
export function inPlaceTargets(context: LoweringContext, here: Here): ScopedLocation[] {
  const found: ScopedLocation[] = [];
  const ref = stringKeyword(here, '$ref');
  if (ref !== undefined) found.push(scoped(context, context.registry.resolve(ref, here.location.base, { schemaPath: keywordPath(here, '$ref'), source: here.source }), here));
  if (dynamicKeywords(here.location.document.draft).length > 0) {
    const target = resolveDynamicRef(context.registry, here, context.bindingsAt(here.location));
    if (target !== undefined) found.push(scoped(context, target, here));
  }
  return found;
}

function scoped(context: LoweringContext, location: SchemaLocation, here: Here): ScopedLocation {
  return { location, bindings: context.referenceBindings(location, here.location) };
}
