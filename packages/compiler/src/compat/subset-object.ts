/**
 * Objects in the map-layout rules: required names, each declared property (against the other
 * side's declaration, or its patternProperties/additionalProperties for that key), undeclared keys,
 * propertyNames and the property-count bounds.
 */
import { patternMatches } from '../ir/matches.js';
import type { IrNode, IrObject, IrProperty } from '../ir/types.js';
import { describe, resolve } from './sides.js';
import type { SubsetWalk } from './subset.js';

export function compareObjects(walk: SubsetWalk, sub: IrObject, sup: IrObject, report: boolean): boolean {
  const path = walk.pathOf(sub, sup);
  let ok = required(walk, sub, sup, report);
  const subDeclared = new Map(sub.properties.map((property) => [property.name, property]));
  const supDeclared = new Map(sup.properties.map((property) => [property.name, property]));
  for (const property of sub.properties) {
    ok = declaredInSub(walk, property, sup, supDeclared.get(property.name), report) && ok;
    if (!ok && !report) return false;
  }
  for (const property of sup.properties) {
    if (subDeclared.has(property.name)) continue;
    ok = declaredInSupOnly(walk, sub, property, report) && ok;
    if (!ok && !report) return false;
  }
  ok = undeclaredKeys(walk, sub, sup, path, report) && ok;
  if (sup.propertyNames !== undefined && (sub.propertyNames === undefined || !walk.contains(sub.propertyNames, sup.propertyNames, false))) {
    ok = walk.report(report, `${path}/propertyNames`, 'cannot-prove', `cannot prove every property name of the ${walk.side('sub')} schema meets the ${walk.side('sup')} schema's propertyNames`);
  }
  if (sup.minProperties !== undefined && (sub.minProperties ?? 0) < sup.minProperties) {
    ok = walk.report(report, `${path}/minProperties`, 'constraint', `minProperties ${sup.minProperties} in the ${walk.side('sup')} schema is tighter`);
  }
  if (sup.maxProperties !== undefined && (sub.maxProperties === undefined || sub.maxProperties > sup.maxProperties)) {
    ok = walk.report(report, `${path}/maxProperties`, 'constraint', `maxProperties ${sup.maxProperties} in the ${walk.side('sup')} schema is tighter`);
  }
  return ok;
}

function requiredNames(object: IrObject): Set<string> {
  return new Set([...object.properties.filter((property) => property.required).map((property) => property.name), ...object.extraRequired]);
}

/** Every name `sup` requires must be required by `sub` (else a `sub` value may lack it). */
function required(walk: SubsetWalk, sub: IrObject, sup: IrObject, report: boolean): boolean {
  const subRequired = requiredNames(sub);
  let ok = true;
  for (const name of requiredNames(sup)) {
    if (subRequired.has(name)) continue;
    const declaredNew = (walk.direction === 'backward' ? sup : sub).properties.find((property) => property.name === name);
    const declaredOld = (walk.direction === 'backward' ? sub : sup).properties.find((property) => property.name === name);
    const where = declaredNew?.schemaPath ?? declaredOld?.schemaPath ?? `${walk.pathOf(sub, sup)}/required`;
    const what = walk.direction === 'backward' ? 'is required by the new schema but not by the old: old values may lack it' : 'is no longer required: new values may lack it and old readers require it';
    ok = walk.report(report, where, 'required', `property ${JSON.stringify(name)} ${what}`);
    if (!report) return false;
  }
  return ok;
}

/** A property `sub` declares: its node against `sup`'s declaration or `sup`'s rule for that key. */
function declaredInSub(walk: SubsetWalk, property: IrProperty, sup: IrObject, supProperty: IrProperty | undefined, report: boolean): boolean {
  if (resolve(walk.sub, property.node).kind === 'never') return true;
  if (supProperty !== undefined) return walk.contains(property.node, supProperty.node, report);
  const targets = undeclaredNodes(sup, property.name);
  if (targets.every((target) => walk.contains(property.node, target, false))) return true;
  const rule = walk.direction === 'backward' ? 'property-removed' : 'property-added';
  const what = walk.direction === 'backward'
    ? `property ${JSON.stringify(property.name)} was removed and the new schema does not accept it as an undeclared key (${undeclaredRule(walk, targets)})`
    : `property ${JSON.stringify(property.name)} was added and the old schema does not accept it as an undeclared key (${undeclaredRule(walk, targets)})`;
  return walk.report(report, property.schemaPath, rule, what);
}

/** A property only `sup` declares: `sub` values may still hold that key, under `sub`'s undeclared-key rule. */
function declaredInSupOnly(walk: SubsetWalk, sub: IrObject, property: IrProperty, report: boolean): boolean {
  const sources = undeclaredNodes(sub, property.name);
  // Conservative on the sub side: the first matching rule is a superset of what the key may hold.
  if (walk.contains(sources[0], property.node, false)) return true;
  const rule = walk.direction === 'backward' ? 'property-added' : 'property-removed';
  const what = walk.direction === 'backward'
    ? `property ${JSON.stringify(property.name)} was added as ${describe(walk.sup, property.node)}; old values may hold ${describe(walk.sub, sources[0])} under that key`
    : `property ${JSON.stringify(property.name)} was removed; new values may hold ${describe(walk.sub, sources[0])} under that key where old readers expect ${describe(walk.sup, property.node)}`;
  return walk.report(report, property.schemaPath, rule, what);
}

function undeclaredRule(walk: SubsetWalk, targets: IrNode[]): string {
  return targets.map((target) => (resolve(walk.sup, target).kind === 'never' ? 'additionalProperties: false' : describe(walk.sup, target))).join(', ');
}

/** The nodes a key not declared in `object` must match: its matching patterns, else additionalProperties. */
function undeclaredNodes(object: IrObject, name: string): IrNode[] {
  const site = { path: object.schemaPath, source: '' };
  const patterns = object.patternProperties.filter((entry) => {
    try {
      return patternMatches(entry.pattern, name, site);
    } catch {
      return true;
    }
  });
  return patterns.length > 0 ? patterns.map((entry) => entry.node) : [object.additionalProperties];
}

/** Keys neither side declares: patternProperties (compared when both have the same patterns) and additionalProperties. */
function undeclaredKeys(walk: SubsetWalk, sub: IrObject, sup: IrObject, path: string, report: boolean): boolean {
  const subPatterns = sub.patternProperties.map((entry) => entry.pattern).sort();
  const supPatterns = sup.patternProperties.map((entry) => entry.pattern).sort();
  const subOpen = sub.patternProperties.length > 0 || resolve(walk.sub, sub.additionalProperties).kind !== 'never';
  if (!subOpen) return true;
  let ok = true;
  if (subPatterns.join('\u0000') === supPatterns.join('\u0000')) {
    for (const entry of sub.patternProperties) {
      const other = sup.patternProperties.find((candidate) => candidate.pattern === entry.pattern)!;
      ok = walk.contains(entry.node, other.node, report) && ok;
    }
  } else if (subPatterns.length > 0 || supPatterns.length > 0) {
    ok = walk.report(report, `${path}/patternProperties`, 'cannot-prove', 'cannot prove: patternProperties differ between the schemas');
  }
  if (walk.contains(sub.additionalProperties, sup.additionalProperties, false)) return ok;
  const what = walk.direction === 'backward'
    ? `the new schema accepts ${describe(walk.sup, sup.additionalProperties)} for undeclared keys where the old accepted ${describe(walk.sub, sub.additionalProperties)}`
    : `the new schema accepts ${describe(walk.sub, sub.additionalProperties)} for undeclared keys where the old accepted ${describe(walk.sup, sup.additionalProperties)}`;
  return walk.report(report, `${path}/additionalProperties`, 'additional', what);
}
