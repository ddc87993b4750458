/**
 * Annotations kept in the IR (2020-12 Validation §7 `format`, §8 content, §9 meta-data). Those
 * without an `IrAnnotations` field (`readOnly`, `writeOnly`, `$comment`, content keywords) are
 * dropped; they never change what is valid.
 */
import { has, own } from '../schema/json.js';
import type { LoweringContext } from './context.js';
import { assertsFormat } from './formats.js';
import { arrayKeyword, booleanKeyword, stringKeyword, type Here } from './keyword-values.js';
import type { IrAnnotations, JsonValue } from './types.js';

export function collectAnnotations(context: LoweringContext, here: Here): IrAnnotations {
  const annotations: IrAnnotations = {};
  const title = stringKeyword(here, 'title');
  const description = stringKeyword(here, 'description');
  const examples = arrayKeyword(here, 'examples');
  const deprecated = booleanKeyword(here, 'deprecated');
  const format = stringKeyword(here, 'format');
  if (title !== undefined) annotations.title = title;
  if (description !== undefined) annotations.description = description;
  if (has(here.schema, 'default')) annotations.default = own(here.schema, 'default') as JsonValue;
  if (examples !== undefined) annotations.examples = examples as JsonValue[];
  if (deprecated !== undefined) annotations.deprecated = deprecated;
  if (format !== undefined && !assertsFormat(context, here, format)) annotations.format = format;
  return annotations;
}
