/**
 * JSON Schema → json-type `Type`, for the json-type CborCodegen peer (`json-type-peer.ts`):
 * json-type exports JSON Schema but cannot import it, so the bench builds each payload's Type the
 * way a json-type user would write it. `$defs` become aliases of one module (`$ref` → `t.Ref`,
 * so recursive definitions work), objects keep their declared properties (`required` ones as
 * keys, the rest optional), `additionalProperties` alone becomes a map, `items`/`prefixItems` an
 * array or tuple, `enum`/`const` constants, `type` arrays and `oneOf`/`anyOf` unions. A union of
 * objects that differ by an enum property (JSON Patch's `op: add | replace | test`) is split into
 * one object per enum value: json-type picks a union's variant by a constant it finds in each,
 * and an enum is not one constant. Validation keywords (`minItems`, `description`…) change nothing
 * json-type encodes and are ignored; anything else returns the reason instead of a Type.
 */
import { ModuleType, OrType, type Type } from '@jsonjoy.com/json-type';

type Schema = boolean | Record<string, unknown>;

/** Keywords that only validate or annotate: no effect on what an encoder writes. */
const IGNORED = new Set(['$schema', '$id', '$comment', 'title', 'description', 'examples', 'default', 'minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'format', 'uniqueItems']);
const UNDERSTOOD = new Set([...IGNORED, '$ref', '$defs', 'type', 'enum', 'const', 'oneOf', 'anyOf', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems']);

class Unsupported extends Error {}

/** The payload schema as a json-type Type of a fresh module, or why json-type cannot express it. */
export function jsonTypeOf(root: Schema): { type: Type } | { reason: string } {
  const module = new ModuleType();
  const t = module.t;
  const defs = (typeof root === 'object' ? root.$defs ?? {} : {}) as Record<string, Schema>;
  const started = new Set<string>();
  /** Unions get their discriminator once every alias exists: a variant may be a definition still being converted. */
  const unions: { type: OrType<Type[]>; at: string }[] = [];

  /** `#/$defs/<name>` as an alias, converted on first use (a cycle meets the alias by name). */
  const ref = (pointer: string): Type => {
    const name = /^#\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
    if (name === undefined || defs[name] === undefined) throw new Unsupported(`$ref ${pointer} (only #/$defs/<name>)`);
    if (!started.has(name)) {
      started.add(name);
      module.alias(name, convert(defs[name], `#/$defs/${name}`));
    }
    return t.Ref(name) as Type;
  };

  const convert = (schema: Schema, at: string): Type => {
    if (schema === true) return t.any;
    if (schema === false) throw new Unsupported(`false schema at ${at}`);
    const unknown = Object.keys(schema).filter((key) => !UNDERSTOOD.has(key));
    if (unknown.length > 0) throw new Unsupported(`${unknown.join(', ')} at ${at}`);
    if (schema.$ref !== undefined) {
      if (Object.keys(schema).some((key) => key !== '$ref' && key !== '$defs' && !IGNORED.has(key))) throw new Unsupported(`$ref beside other keywords at ${at}`);
      return ref(schema.$ref as string);
    }
    if (schema.const !== undefined) return t.Const(schema.const as never) as Type;
    if (schema.enum !== undefined) return union((schema.enum as unknown[]).map((value) => t.Const(value as never) as Type), at);
    const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (variants !== undefined) return union(splitByEnums(variants).map((variant, index) => convert(variant, `${at}/oneOf/${index}`)), at);
    const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type as string | string[]);
    // json-type has one number type; an integer beside a number adds nothing it can tell apart.
    const kinds = types.includes('number') ? types.filter((type) => type !== 'integer') : types;
    if (kinds.length === 0) return t.any;
    if (kinds.length > 1) return union(kinds.map((kind) => typed(kind, schema, at)), at);
    return typed(kinds[0], schema, at);
  };

  const typed = (kind: string, schema: Record<string, unknown>, at: string): Type => {
    switch (kind) {
      case 'string': return t.str;
      case 'number': return t.num;
      // Integer format: json-pack's writeInteger, no float check.
      case 'integer': return t.Number({ format: 'i' }) as Type;
      case 'boolean': return t.bool;
      case 'null': return t.nil;
      case 'array': return array(schema, at);
      case 'object': return object(schema, at);
      default: throw new Unsupported(`type ${kind} at ${at}`);
    }
  };

  const array = (schema: Record<string, unknown>, at: string): Type => {
    const head = ((schema.prefixItems ?? []) as Schema[]).map((item, index) => convert(item, `${at}/prefixItems/${index}`));
    const items = schema.items === undefined ? t.any : schema.items === false ? undefined : convert(schema.items as Schema, `${at}/items`);
    if (head.length === 0) return t.Array(items ?? t.any) as Type;
    return t.Tuple(head as [Type, ...Type[]], items as Type | undefined) as Type;
  };

  const object = (schema: Record<string, unknown>, at: string): Type => {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    const extra = schema.additionalProperties;
    if (Object.keys(properties).length === 0) {
      if (extra === false) return t.Object() as Type;
      return t.Map(extra === undefined || extra === true ? t.any : convert(extra as Schema, `${at}/additionalProperties`)) as Type;
    }
    if (extra !== undefined && extra !== false && extra !== true) throw new Unsupported(`declared properties beside an additionalProperties schema at ${at}`);
    const keys = Object.entries(properties).map(([key, value]) => {
      const type = convert(value, `${at}/properties/${key}`);
      return required.has(key) ? t.Key(key, type) : t.KeyOpt(key, type);
    });
    const type = t.Object(...keys);
    // Absent additionalProperties allows any other key: json-type then writes the unknown keys too.
    return (extra === false ? type : type.options({ encodeUnknownKeys: true })) as Type;
  };

  /** A union whose discriminator `discriminate` computes later (json-type's "compute it" value is ['num', -1]). */
  const union = (types: Type[], at: string): Type => {
    if (types.length === 1) return types[0];
    const type = new OrType(types, { discriminator: ['num', -1] } as never).sys(module) as OrType<Type[]>;
    unions.push({ type, at });
    return type as Type;
  };

  /** json-type picks a union's variant by a constant or a type it finds in each; else the payload is not expressible. */
  const discriminate = () => {
    for (const { type, at } of unions) {
      try {
        type.options({ discriminator: -1 } as never);
      } catch (error) {
        throw new Unsupported(`json-type cannot tell the variants at ${at} apart (${(error as Error).message})`);
      }
    }
  };

  /** Objects whose properties include an enum become one object per enum value (see the file comment). */
  const splitByEnums = (variants: Schema[]): Schema[] => variants.flatMap((variant) => {
    const resolved = typeof variant === 'object' && typeof variant.$ref === 'string' ? defs[/^#\/\$defs\/([^/]+)$/.exec(variant.$ref)?.[1] ?? ''] : variant;
    if (typeof resolved !== 'object' || resolved === null || typeof resolved.properties !== 'object') return [variant];
    const properties = resolved.properties as Record<string, Schema>;
    const key = Object.keys(properties).find((name) => {
      const property = properties[name];
      return typeof property === 'object' && Array.isArray(property.enum) && property.enum.length > 1;
    });
    if (key === undefined) return [variant];
    return ((properties[key] as { enum: unknown[] }).enum).map((value) => ({ ...resolved, properties: { ...properties, [key]: { const: value } } }));
  });

  try {
    const type = convert(root, '#');
    discriminate();
    return { type };
  } catch (error) {
    if (error instanceof Unsupported) return { reason: error.message };
    throw error;
  }
}
