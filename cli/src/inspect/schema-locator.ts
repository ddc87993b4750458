import { joinPointer, parsePointer } from '@binschema/runtime';

type SchemaNode = Record<string, unknown>;

/**
 * Where in a JSON Schema the instance at a JSON Pointer is described, one step at a time:
 * local `$ref`s, `properties`, `patternProperties`, `additionalProperties`, `prefixItems` and
 * `items` (JSON Schema 2020-12 §10.3). It stops (undefined) at what it cannot follow without
 * evaluating the instance: combinators (`anyOf`, `oneOf`, `if`), remote `$ref`s, `$dynamicRef`.
 * Locations are URI fragments, as in the decoders' errors (`#/properties/points/items`).
 */
export class SchemaLocator {
  constructor(private readonly root: unknown) {}

  /**
   * The location of the element `token` of the instance described at `location`, after any
   * local `$ref` (so it reads as the decoders' `schemaPath` does: `#/$defs/Point`).
   */
  child(location: string | undefined, token: string, inArray: boolean): string | undefined {
    const step = this.step(location, token, inArray);
    return step === undefined ? undefined : (this.follow(step)?.[0] ?? step);
  }

  private step(location: string | undefined, token: string, inArray: boolean): string | undefined {
    if (location === undefined) return undefined;
    const resolved = this.follow(location);
    if (resolved === undefined) return undefined;
    const [at, node] = resolved;
    if (inArray) {
      const index = Number(token);
      if (Array.isArray(node.prefixItems) && index < node.prefixItems.length) return `${at}/prefixItems/${index}`;
      return isSchema(node.items) ? `${at}/items` : undefined;
    }
    if (isRecord(node.properties) && Object.hasOwn(node.properties, token)) return joinPointer(`${at}/properties`, token);
    if (isRecord(node.patternProperties)) {
      for (const pattern of Object.keys(node.patternProperties)) {
        if (safeTest(pattern, token)) return joinPointer(`${at}/patternProperties`, pattern);
      }
    }
    return isSchema(node.additionalProperties) ? `${at}/additionalProperties` : undefined;
  }

  /** The schema object at `location`, through local `$ref`s (at most 32, against cycles). */
  private follow(location: string): [string, SchemaNode] | undefined {
    let at = location;
    for (let hops = 0; hops < 32; hops++) {
      const node = this.at(at);
      if (!isRecord(node)) return undefined;
      const ref = node.$ref;
      if (typeof ref !== 'string') return [at, node];
      if (!ref.startsWith('#')) return undefined;
      at = ref;
    }
    return undefined;
  }

  private at(location: string): unknown {
    let node = this.root;
    try {
      for (const token of parsePointer(decodeURIComponent(location.slice(1)))) {
        if (!isRecord(node) && !Array.isArray(node)) return undefined;
        node = Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
      }
    } catch {
      return undefined;
    }
    return node;
  }
}

function isRecord(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): boolean {
  return isRecord(value) || value === true;
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}
