/**
 * `lowerSchema`: one schema location to one IR node. The schema's parts (its `type` keywords,
 * `enum`/`const`, `$ref`, `allOf`, `oneOf`, `anyOf`) each constrain the same value, so the node is
 * their intersection (2020-12 Core §7.7.1: `$ref` is an applicator beside its siblings).
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { commonJson, has, isJsonObject, own, uniqueJson } from '../schema/json.js';
import { LATER_DRAFT_KEYWORDS, UNSUPPORTED_KEYWORDS } from '../schema/keywords.js';
import { WarningCode } from '../schema/warnings.js';
import type { SchemaLocation } from '../schema/registry.js';
import { collectAnnotations } from './annotations.js';
import type { LoweringContext } from './context.js';
import { findDiscriminator, openApiDiscriminator } from './discriminator.js';
import { dynamicKeywords, inPlaceTargets } from './dynamic-scope.js';
import { intersect } from './intersect.js';
import { arrayKeyword, childLocation, hereOf, invalid, keywordPath, type Here } from './keyword-values.js';
import { checkKeywords, lowerChecks } from './lower-checks.js';
import { lowerTypes } from './lower-types.js';
import { lowerUnevaluated } from './lower-unevaluated.js';
import { anyNode, neverNode, withChecks } from './nodes.js';
import type { IrAnnotations, IrLiteral, IrNode, IrRef, IrUnion, JsonValue } from './types.js';

export function lowerSchema(context: LoweringContext, location: SchemaLocation): IrNode {
  const source = location.document.source;
  const path = `#${location.pointer}`;
  context.enter(path, source);
  try {
    const here = { ...location, base: context.registry.baseAt(location.document, location.pointer) };
    return lowerLocation(context, here);
  } finally {
    context.leave();
  }
}

function lowerLocation(context: LoweringContext, location: SchemaLocation): IrNode {
  const path = `#${location.pointer}`;
  if (location.schema === true) return anyNode(path);
  if (location.schema === false) return neverNode(path);
  if (!isJsonObject(location.schema)) {
    throw new SchemaError(SchemaErrorCode.InvalidSchema, 'a schema must be an object or a boolean', path, location.document.source);
  }
  const here = hereOf(location, location.schema);
  const draft = location.document.draft;
  const legacy = draft === 'draft-07' || draft === 'draft-06' || draft === 'draft-04';
  const refs = lowerReferences(context, here);
  // Draft-07 Core §8.3: "All other properties in a "$ref" object MUST be ignored."
  if (refs.length > 0 && legacy) return refs[0];
  const enabled = new Set([...checkKeywords(here), ...dynamicKeywords(draft)]);
  refuseUnsupported(here, enabled);
  warnLaterDraftKeywords(context, here);
  let node: IrNode = lowerTypes(context, here) ?? anyNode(path);
  const parts: IrNode[] = [];
  const literal = lowerLiteral(here);
  if (literal !== undefined) parts.push(literal);
  parts.push(...refs);
  const { conjuncts, selfReference } = lowerAllOf(context, here);
  parts.push(...conjuncts);
  for (const mode of ['oneOf', 'anyOf'] as const) {
    const union = lowerUnion(context, here, mode);
    if (union !== undefined) parts.push(union);
  }
  for (const part of parts) node = intersect(context, node, part, here);
  node = withChecks(node, lowerChecks(context, here));
  node = lowerUnevaluated(context, here, node);
  if (selfReference !== undefined) node = withoutSelfReference(context, node, selfReference, here);
  return withAnnotations(node, collectAnnotations(context, here), path);
}

/**
 * `allOf` members, less those that are only a reference to this very schema (`x: {allOf: [{$ref:
 * x}, …]}`, seen in published schemas): such a conjunct asks the value to match what it is
 * already being matched against, so it adds no constraint (validating it literally never ends:
 * ajv overflows the stack). The first of them is returned apart for `withoutSelfReference`.
 */
function lowerAllOf(context: LoweringContext, here: Here): { conjuncts: IrNode[]; selfReference: IrRef | undefined } {
  const conjuncts: IrNode[] = [];
  let selfReference: IrRef | undefined;
  for (const [index, child] of (arrayKeyword(here, 'allOf') ?? []).entries()) {
    const conjunct = lowerSchema(context, childLocation(here, child, 'allOf', index));
    if (isReferenceTo(context, conjunct, here.location)) selfReference ??= conjunct;
    else conjuncts.push(conjunct);
  }
  return { conjuncts, selfReference };
}

function isReferenceTo(context: LoweringContext, node: IrNode, location: SchemaLocation): node is IrRef {
  if (node.kind !== 'ref' || node.checks !== undefined) return false;
  const target = context.locationOf(node.target);
  return target !== undefined && target.document === location.document && target.pointer === location.pointer;
}

/**
 * The schema compiled without its self-referencing `allOf` member, said aloud. A schema that
 * is nothing else (`a: {allOf: [{$ref: a}]}`) stays the reference to itself, which
 * `refuseUnguardedRecursion` refuses: it has no constraint to be, only the loop.
 */
function withoutSelfReference(context: LoweringContext, node: IrNode, selfReference: IrRef, here: Here): IrNode {
  if (node.kind === 'any' && (node.checks === undefined || node.checks.length === 0)) return selfReference;
  context.options.warn(
    { code: WarningCode.SelfAllOf, keyword: 'allOf', schemaPath: selfReference.schemaPath, source: here.source },
    `allOf names the schema it sits in, a conjunct that adds no constraint; compiled without it`,
  );
  return node;
}

/**
 * `$ref`, and `$dynamicRef` (2020-12 Core §8.2.3.2) or `$recursiveRef` (2019-09), each a named
 * definition entered in the dynamic scope it resolves in (dynamic-scope.ts).
 */
function lowerReferences(context: LoweringContext, here: Here): IrRef[] {
  return inPlaceTargets(context, here).map(({ location, bindings }) => ({
    kind: 'ref', target: context.declare(location, undefined, bindings), schemaPath: here.path, annotations: {},
  }));
}

/** Standard keywords without an implementation are refused, never skipped (see keywords.ts). */
function refuseUnsupported(here: Here, enabled: ReadonlySet<string>): void {
  for (const keyword of UNSUPPORTED_KEYWORDS) {
    if (!enabled.has(keyword) && has(here.schema, keyword)) {
      throw new SchemaError(SchemaErrorCode.UnsupportedKeyword, `the keyword ${keyword} is not supported yet`, keywordPath(here, keyword), here.source);
    }
  }
}

/** Keywords of a later draft than the document's, honoured as ajv honours them (keywords.ts), each reported once. */
function warnLaterDraftKeywords(context: LoweringContext, here: Here): void {
  const draft = here.location.document.draft;
  for (const keyword of LATER_DRAFT_KEYWORDS[draft]) {
    if (!has(here.schema, keyword)) continue;
    context.options.warn(
      { code: WarningCode.LaterDraftKeyword, keyword, schemaPath: keywordPath(here, keyword), source: here.source },
      `${keyword} is not a ${draft} keyword; honoured as a later draft (and ajv) defines it`,
    );
  }
}

/**
 * `enum` and `const` (2020-12 Validation §6.1.2–6.1.3): the values, deduplicated, both applied.
 * `const` in draft-04 too (LATER_DRAFT_KEYWORDS).
 */
function lowerLiteral(here: Here): IrLiteral | undefined {
  let values: JsonValue[] | undefined;
  if (has(here.schema, 'const')) values = [own(here.schema, 'const') as JsonValue];
  const list = arrayKeyword(here, 'enum');
  if (list !== undefined) {
    const unique = uniqueJson(list as JsonValue[]);
    values = values === undefined ? unique : commonJson(values, unique);
  }
  if (values === undefined) return undefined;
  return { kind: 'literal', values, schemaPath: here.path, annotations: {} };
}

function lowerUnion(context: LoweringContext, here: Here, mode: 'oneOf' | 'anyOf'): IrNode | undefined {
  const list = arrayKeyword(here, mode);
  if (list === undefined) return undefined;
  if (list.length === 0) invalid(here, mode, 'must not be empty');
  // A variant no value matches changes neither anyOf nor oneOf (Validation §10.2.1.2–3).
  const variants = list.map((child, index) => lowerSchema(context, childLocation(here, child, mode, index))).filter((variant) => variant.kind !== 'never');
  if (variants.length === 0) return neverNode(here.path);
  if (variants.length === 1) return variants[0];
  const union: IrUnion = { kind: 'union', mode, variants, schemaPath: here.path, annotations: {} };
  const discriminator = findDiscriminator(context, variants, openApiDiscriminator(context, here));
  if (discriminator !== undefined) union.discriminator = discriminator;
  return union;
}

/** The node with the schema's own annotations on top and the schema's path. */
function withAnnotations(node: IrNode, annotations: IrAnnotations, schemaPath: string): IrNode {
  if (Object.keys(annotations).length === 0 && node.schemaPath === schemaPath) return node;
  return { ...node, schemaPath, annotations: { ...node.annotations, ...annotations } };
}
