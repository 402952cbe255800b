/**
 * User-supplied keys (JSON patch path tokens, `arrayPrimaryKeys`, aspect field names) are data.
 * These three names are how a key reaches an object's prototype in JavaScript (`obj.__proto__ = …`,
 * `obj.constructor.prototype.x = …`); no DataHub aspect has a field of these names, so the
 * service refuses them with a 400 instead of hoping every lookup is an own-property lookup.
 */

export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

export function prototypeKeyRefusal(key: string, where: string): string {
  return `${where} names "${key}", which is not a field of any DataHub aspect and is refused so that no request can reach the service's object prototypes. Remove "${key}" from the request.`;
}

/** The own property `key` of `node`; never an inherited one (`{}`.constructor is not a field). */
export function ownValue(node: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/** Sets `key` as an own data property, even for `__proto__` (which plain assignment would turn into a prototype change). */
export function setOwn(node: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}
