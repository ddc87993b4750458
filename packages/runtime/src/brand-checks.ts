/**
 * Brand checks for the built-ins the generic encoders write. `instanceof` reads only the prototype
 * chain, so `Object.create(Date.prototype)` passes it, and the first Date method then throws a
 * TypeError (ECMA-262: it needs the [[DateValue]] slot the fake lacks). These call the built-in's
 * own accessor, which reads the slot, and never throw. Callers test `instanceof` first, so only
 * apparent instances pay; each returns what the encoder reads anyway (a size, a time), so a real
 * Map or Date costs one call, not two. One function per built-in, not one helper taking the
 * accessor: that call site saw every accessor, and Maps encoded 20% slower.
 */

type Getter = (this: unknown) => unknown;

/** `prototype`'s own accessor `key` (the intrinsic, whatever a subclass or instance defines). */
function getterOf(prototype: object, key: PropertyKey): Getter {
  return Object.getOwnPropertyDescriptor(prototype, key)!.get as Getter;
}

// ECMA-262 get %TypedArray%.prototype[@@toStringTag]: [[TypedArrayName]], undefined for anything else.
const typedArrayName = /* @__PURE__ */ getterOf(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag);
const mapSizeGetter = /* @__PURE__ */ getterOf(Map.prototype, 'size');
const setSizeGetter = /* @__PURE__ */ getterOf(Set.prototype, 'size');
const regExpSource = /* @__PURE__ */ getterOf(RegExp.prototype, 'source');

/** The element type of a typed array ('Float32Array', …), or undefined: never a DataView or a fake. */
export function typedArrayKind(value: object): string | undefined {
  return typedArrayName.call(value) as string | undefined;
}

/** A real `Uint8Array` (a Buffer or a subclass too), not a fake or another view behind its prototype. */
export function isUint8Array(value: object): value is Uint8Array {
  return typedArrayName.call(value) === 'Uint8Array';
}

/** The time of a real Date (NaN when invalid), or undefined for anything else. */
export function dateTime(value: object): number | undefined {
  try {
    return Date.prototype.getTime.call(value as Date);
  } catch {
    return undefined;
  }
}

/** The size of a real Map, or -1 for anything else. */
export function mapSize(value: object): number {
  try {
    return mapSizeGetter.call(value) as number;
  } catch {
    return -1;
  }
}

/** The size of a real Set, or -1 for anything else. */
export function setSize(value: object): number {
  try {
    return setSizeGetter.call(value) as number;
  } catch {
    return -1;
  }
}

export function isRegExp(value: object): value is RegExp {
  try {
    regExpSource.call(value);
    return true;
  } catch {
    return false;
  }
}
