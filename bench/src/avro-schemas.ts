/**
 * An Avro schema (for avsc) derived from a payload's JSON Schema, so Avro can stand beside the
 * schema'd layouts. Objects with properties → records (optional fields `["null", T]`, default
 * null), `additionalProperties` alone → map, `items` → array, string enums → enum, `type` arrays
 * and oneOf/anyOf → unions (null first), string/integer/number/boolean/null → string/long/double/
 * boolean/null. A oneOf/anyOf whose variants are all objects becomes ONE record with every
 * variant's fields (optional unless every variant requires them): avsc's unwrapped unions cannot
 * tell two records apart, and Avro needs a branch tag for that. What Avro cannot express (values
 * of any type, tuples, property names that are not Avro names) gives the reason instead.
 */

/** The derived Avro schema, or why the payload's schema has none. */
export type AvroDerivation = { avro: unknown } | { reason: string };

type Json = Record<string, unknown>;

const AVRO_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

class Inexpressible extends Error {}

export function avroSchemaOf(schema: unknown): AvroDerivation {
  try {
    return { avro: new Deriver(schema).convert(schema, 'Root', '#') };
  } catch (error) {
    if (error instanceof Inexpressible) return { reason: error.message };
    throw error;
  }
}

class Deriver {
  private readonly names = new Set<string>();
  /** Record name per definition pointer: emitted once, then referred to by name (recursion too). */
  private readonly byRef = new Map<string, string>();

  constructor(private readonly root: unknown) {}

  convert(node: unknown, hint: string, path: string): unknown {
    if (node === true || !isObject(node)) throw new Inexpressible(`${path}: a value of any type`);
    if (typeof node.$ref === 'string') return this.reference(node.$ref, path);
    const variants = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    if (Array.isArray(variants)) return this.union(variants, hint, path);
    if (Array.isArray(node.enum)) return this.enumeration(node.enum, hint, path);
    if (node.const !== undefined) return this.enumeration([node.const], hint, path);
    if (Array.isArray(node.type)) return union(node.type.map((type) => this.convert({ ...node, type }, hint, path)));
    switch (node.type) {
      case 'string':
        return 'string';
      case 'integer':
        return 'long';
      case 'number':
        return 'double';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        if (node.prefixItems !== undefined) throw new Inexpressible(`${path}: a tuple (prefixItems); Avro arrays have one item type`);
        return { type: 'array', items: this.convert(node.items ?? true, `${hint}Item`, `${path}/items`) };
      case 'object':
        return this.object(node, hint, path);
      default:
        throw new Inexpressible(`${path}: a value of any type`);
    }
  }

  private reference(ref: string, path: string): unknown {
    if (!ref.startsWith('#/')) throw new Inexpressible(`${path}: $ref ${ref} outside the document`);
    const known = this.byRef.get(ref);
    if (known !== undefined) return known;
    const target = ref.slice(2).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')).reduce<unknown>((here, token) => (isObject(here) ? here[token] : undefined), this.root);
    if (target === undefined) throw new Inexpressible(`${path}: $ref ${ref} not found`);
    const hint = ref.split('/').pop()!;
    // Only records have names to refer back to; other targets are inlined (they cannot recurse in JSON data without an object).
    if (isObject(target) && (target.type === 'object' || Array.isArray(target.oneOf) || Array.isArray(target.anyOf)) && this.isRecordLike(target)) {
      const name = this.fresh(hint);
      this.byRef.set(ref, name);
      return this.named(target, name, ref);
    }
    return this.convert(target, hint, ref);
  }

  private isRecordLike(node: Json): boolean {
    const variants = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    if (Array.isArray(variants)) return variants.every((variant) => this.isObjectSchema(variant));
    return isObject(node.properties);
  }

  private isObjectSchema(node: unknown): boolean {
    const resolved = isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') ? this.resolvePointer(node.$ref) : node;
    return isObject(resolved) && resolved.type === 'object' && isObject(resolved.properties);
  }

  private resolvePointer(ref: string): unknown {
    return ref.slice(2).split('/').reduce<unknown>((here, token) => (isObject(here) ? here[token] : undefined), this.root);
  }

  /** A record under a given name (for `$ref` targets, so later references use the name). */
  private named(node: Json, name: string, path: string): unknown {
    const variants = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    const objects = Array.isArray(variants) ? variants.map((variant) => this.objectOf(variant, path)) : [node];
    return this.record(objects, name, path);
  }

  private objectOf(variant: unknown, path: string): Json {
    const resolved = isObject(variant) && typeof variant.$ref === 'string' ? this.resolvePointer(variant.$ref) : variant;
    if (!isObject(resolved)) throw new Inexpressible(`${path}: a variant that is not an object`);
    return resolved;
  }

  private union(variants: unknown[], hint: string, path: string): unknown {
    if (variants.every((variant) => this.isObjectSchema(variant))) return this.record(variants.map((variant) => this.objectOf(variant, path)), this.fresh(hint), path);
    return union(variants.map((variant, index) => this.convert(variant, `${hint}${index}`, `${path}/oneOf/${index}`)));
  }

  private enumeration(values: unknown[], hint: string, path: string): unknown {
    if (!values.every((value) => typeof value === 'string')) throw new Inexpressible(`${path}: an enum of non-string values`);
    if (!values.every((value) => AVRO_NAME.test(value as string))) return 'string';
    return { type: 'enum', name: this.fresh(hint), symbols: values };
  }

  private object(node: Json, hint: string, path: string): unknown {
    if (isObject(node.properties)) return this.record([node], this.fresh(hint), path);
    if (isObject(node.additionalProperties) || node.additionalProperties === true) {
      return { type: 'map', values: this.convert(node.additionalProperties, `${hint}Value`, `${path}/additionalProperties`) };
    }
    throw new Inexpressible(`${path}: an object of any shape`);
  }

  /** One record with the fields of every object in `objects` (see the file comment). */
  private record(objects: Json[], name: string, path: string): unknown {
    const fields = new Map<string, { types: unknown[]; everywhere: boolean }>();
    objects.forEach((object, index) => {
      const properties = (object.properties ?? {}) as Json;
      const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
      for (const [key, schema] of Object.entries(properties)) {
        if (!AVRO_NAME.test(key)) throw new Inexpressible(`${path}: property name ${JSON.stringify(key)} is not an Avro name`);
        const type = this.convert(schema, `${name}_${key}`, `${path}/properties/${key}`);
        const field = fields.get(key) ?? { types: [], everywhere: index === 0 };
        field.types.push(type);
        if (!required.has(key)) field.everywhere = false;
        fields.set(key, field);
      }
      for (const [key, field] of fields) if (!(key in properties)) field.everywhere = false;
    });
    return {
      type: 'record',
      name,
      fields: [...fields].map(([key, field]) => {
        const type = mergeTypes(field.types);
        return field.everywhere && objects.length > 0 ? { name: key, type } : { name: key, type: union(['null', type]), default: null };
      }),
    };
  }

  private fresh(hint: string): string {
    let base = hint.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(base)) base = `T_${base}`;
    let name = base;
    for (let counter = 2; this.names.has(name); counter++) name = `${base}${counter}`;
    this.names.add(name);
    return name;
  }
}

/** One field's types across variants: string enums merge (their symbols), an enum beside a string is a string. */
function mergeTypes(types: unknown[]): unknown {
  const isEnum = (type: unknown): type is { type: 'enum'; name: string; symbols: string[] } => isObject(type) && type.type === 'enum';
  if (types.every((type) => isEnum(type) || type === 'string') && types.some(isEnum)) {
    if (types.includes('string')) return 'string';
    const enums = types.filter(isEnum);
    return { ...enums[0], symbols: [...new Set(enums.flatMap((type) => type.symbols))] };
  }
  return union(types);
}

/** An Avro union of `types` (flattened, without repeats, null first), or the single type. */
function union(types: unknown[]): unknown {
  const flat: unknown[] = [];
  for (const type of types.flatMap((item) => (Array.isArray(item) ? item : [item]))) {
    if (!flat.some((seen) => JSON.stringify(seen) === JSON.stringify(type))) flat.push(type);
  }
  flat.sort((left, right) => Number(right === 'null') - Number(left === 'null'));
  return flat.length === 1 ? flat[0] : flat;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value with every object key whose value is null (or absent) dropped: Avro fills absent optional fields with null. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) out[key] = withoutNulls(item);
  return out;
}
