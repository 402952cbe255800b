import { describe, isObject } from '../validation/urns';
import { isPrototypeKey, ownValue, prototypeKeyRefusal, setOwn } from '../validation/safeKeys';

/**
 * JSON Patch (RFC 6902) as DataHub's generic patch applies it, including `arrayPrimaryKeys`:
 * an array named there is addressed by the key fields of its elements (`/properties/<propertyUrn>`)
 * instead of by index. Such an `add` replaces the element with the same key in place, or appends
 * a new one after the existing elements; `remove` deletes only the addressed element.
 */

export interface PatchOperation {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

export interface PatchDocument {
  patch: PatchOperation[];
  /** array field (a top-level name, or a `/`-separated path) → the element fields that key it */
  arrayPrimaryKeys: Record<string, string[]>;
}

export class PatchError extends Error {}

/**
 * Bounds on the work one patch can cause. A handful of `copy` operations, each doubling the
 * document, would otherwise grow a 1.6 KB request into gigabytes; the result is measured as it
 * grows and the patch refused as soon as it passes the limit, before the copy is made.
 */
export const MAX_PATCH_OPERATIONS = 1000;
/** how much one patch may add to an aspect (the sum of the values it adds, replaces with or copies) */
export const MAX_PATCH_GROWTH_BYTES = 4 * 1024 * 1024;

/** Reads `[ops...]` or `{patch: [...], arrayPrimaryKeys: {...}}`. */
export function readPatchDocument(body: unknown): PatchDocument {
  const ops = Array.isArray(body) ? body : isObject(body) ? body.patch : undefined;
  if (!Array.isArray(ops)) {
    throw new PatchError(`A patch must be a list of operations or {"patch": [...], "arrayPrimaryKeys": {...}}; found ${describe(body)}.`);
  }
  if (ops.length > MAX_PATCH_OPERATIONS) {
    throw new PatchError(`The patch has ${ops.length} operations; the catalog applies at most ${MAX_PATCH_OPERATIONS} in one request. Split it into several patches.`);
  }
  const patch = ops.map((op, index) => {
    if (!isObject(op) || typeof op.op !== 'string' || typeof op.path !== 'string') {
      throw new PatchError(`patch[${index}] must be {"op": "add" | "remove" | ..., "path": "/..."}; found ${describe(op)}.`);
    }
    if (!['add', 'remove', 'replace', 'test', 'move', 'copy'].includes(op.op)) {
      throw new PatchError(`patch[${index}].op ${describe(op.op)} is not a JSON Patch operation; use add, remove, replace, test, move or copy.`);
    }
    if ((op.op === 'move' || op.op === 'copy') && typeof op.from !== 'string') throw new PatchError(`patch[${index}] (${op.op}) needs a "from" path.`);
    if (['add', 'replace', 'test'].includes(op.op) && !('value' in op)) throw new PatchError(`patch[${index}] (${op.op}) needs a "value".`);
    pointer(op.path, `patch[${index}].path`);
    if (typeof op.from === 'string') pointer(op.from, `patch[${index}].from`);
    return op as unknown as PatchOperation;
  });
  // Null prototype: a field named "__proto__" must stay a key, never become this map's prototype.
  const keys: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const rawKeys = isObject(body) ? body.arrayPrimaryKeys : undefined;
  if (rawKeys !== undefined) {
    if (!isObject(rawKeys)) throw new PatchError(`arrayPrimaryKeys must be an object like {"properties": ["propertyUrn"]}; found ${describe(rawKeys)}.`);
    for (const [field, list] of Object.entries(rawKeys)) {
      if (!Array.isArray(list) || list.length === 0 || !list.every((k) => typeof k === 'string')) {
        throw new PatchError(`arrayPrimaryKeys.${field} must be a non-empty list of field names; found ${describe(list)}.`);
      }
      for (const name of [...field.split('/'), ...(list as string[])]) {
        if (isPrototypeKey(name)) throw new PatchError(prototypeKeyRefusal(name, `arrayPrimaryKeys.${field}`));
      }
      keys[field.replace(/^\//, '')] = list as string[];
    }
  }
  return { patch, arrayPrimaryKeys: keys };
}

function pointer(path: string, where = `The patch path "${path}"`): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchError(`The patch path "${path}" must start with "/".`);
  const tokens = path
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const token of tokens) if (isPrototypeKey(token)) throw new PatchError(prototypeKeyRefusal(token, where));
  return tokens;
}

type Keyed = { __keyedArray: true; keyFields: string[]; map: Map<string, unknown> };

function isKeyed(value: unknown): value is Keyed {
  return isObject(value) && value.__keyedArray === true && value.map instanceof Map;
}

/** Turns each array named in arrayPrimaryKeys into an ordered map keyed by its elements' key fields. */
function toKeyed(doc: Record<string, unknown>, keys: Record<string, string[]>): void {
  for (const [field, keyFields] of Object.entries(keys)) {
    const path = field.split('/');
    let parent: unknown = doc;
    for (const step of path.slice(0, -1)) parent = isObject(parent) ? ownValue(parent, step) : undefined;
    const last = path[path.length - 1];
    if (!isObject(parent)) continue;
    const list = ownValue(parent, last) ?? [];
    if (!Array.isArray(list)) continue;
    const map = new Map<string, unknown>();
    for (const element of list) map.set(keyOf(element, keyFields), element);
    setOwn(parent, last, { __keyedArray: true, keyFields, map } satisfies Keyed);
  }
}

function keyOf(element: unknown, keyFields: string[]): string {
  if (!isObject(element)) return JSON.stringify(element);
  return keyFields.map((k) => String(ownValue(element, k))).join('/');
}

function fromKeyed(value: unknown): unknown {
  if (isKeyed(value)) return [...value.map.values()].map(fromKeyed);
  if (Array.isArray(value)) return value.map(fromKeyed);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromKeyed(v)]));
  return value;
}

interface Location {
  parent: unknown;
  key: string;
}

function locate(doc: unknown, tokens: string[], path: string): Location {
  let node = doc;
  let i = 0;
  while (i < tokens.length - 1) {
    if (isKeyed(node)) {
      const width = node.keyFields.length;
      const key = tokens.slice(i, i + width).join('/');
      if (i + width >= tokens.length) return { parent: node, key };
      node = node.map.get(key);
      i += width;
    } else {
      node = child(node, tokens[i]);
      i++;
    }
    if (node === undefined) throw new PatchError(`The patch path "${path}" does not exist in the aspect.`);
  }
  if (isKeyed(node)) return { parent: node, key: tokens.slice(i).join('/') };
  return { parent: node, key: tokens[tokens.length - 1] };
}

function child(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
  if (isObject(node)) return ownValue(node, token);
  return undefined;
}

function getAt(loc: Location): unknown {
  if (isKeyed(loc.parent)) return loc.parent.map.get(loc.key);
  return child(loc.parent, loc.key);
}

function addAt(loc: Location, value: unknown, path: string): void {
  const { parent, key } = loc;
  if (isKeyed(parent)) parent.map.set(key, value);
  else if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) throw new PatchError(`The patch path "${path}" is not a valid list position.`);
    parent.splice(index, 0, value);
  } else if (isObject(parent)) setOwn(parent, key, value);
  else throw new PatchError(`The patch path "${path}" does not point into an object or list.`);
}

function removeAt(loc: Location, path: string): unknown {
  const { parent, key } = loc;
  const existing = getAt(loc);
  if (existing === undefined) throw new PatchError(`Nothing to remove at "${path}": the aspect has no such element.`);
  if (isKeyed(parent)) parent.map.delete(key);
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (isObject(parent)) delete parent[key];
  return existing;
}

function replaceAt(loc: Location, value: unknown, path: string): void {
  if (getAt(loc) === undefined) throw new PatchError(`Nothing to replace at "${path}": the aspect has no such element.`);
  const { parent, key } = loc;
  if (isKeyed(parent)) parent.map.set(key, value);
  else if (Array.isArray(parent)) parent[Number(key)] = value;
  else if (isObject(parent)) setOwn(parent, key, value);
}

/** The serialised size of a value in the patched document (a keyed array counts as its list). */
function serialise(value: unknown): string | undefined {
  // A keyed array serialises as its list; nothing is copied first.
  return value === undefined ? undefined : JSON.stringify(value, (_key, item: unknown) => (isKeyed(item) ? [...item.map.values()] : item));
}

function sizeOf(text: string | undefined): number {
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}

/** A deep copy of JSON data through its text (several times faster than structuredClone on large values). */
function copyOf(text: string | undefined): unknown {
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/** Applies the patch to a copy of `target` and returns the result. */
export function applyPatch(target: Record<string, unknown>, document: PatchDocument): Record<string, unknown> {
  const doc = copyOf(JSON.stringify(target)) as Record<string, unknown>;
  toKeyed(doc, document.arrayPrimaryKeys);
  // An upper bound of the growth: everything added so far, measured before each copy is made.
  let added = 0;
  const grow = (text: string | undefined, op: PatchOperation) => {
    added += sizeOf(text);
    if (added > MAX_PATCH_GROWTH_BYTES) {
      throw new PatchError(
        `The patch would add more than ${MAX_PATCH_GROWTH_BYTES} bytes to the aspect (reached at the ${op.op} to "${op.path}"); the catalog refuses it. Send fewer or smaller operations, or POST the aspect's new value.`,
      );
    }
  };
  for (const op of document.patch) {
    const tokens = pointer(op.path);
    if (tokens.length === 0) throw new PatchError('A patch operation cannot replace the whole aspect; address a field such as "/properties/<urn>".');
    const loc = locate(doc, tokens, op.path);
    switch (op.op) {
      case 'add': {
        const text = serialise(op.value);
        grow(text, op);
        addAt(loc, copyOf(text), op.path);
        break;
      }
      case 'remove':
        removeAt(loc, op.path);
        break;
      case 'replace': {
        const text = serialise(op.value);
        grow(text, op);
        replaceAt(loc, copyOf(text), op.path);
        break;
      }
      case 'test': {
        const held = fromKeyed(getAt(loc));
        if (JSON.stringify(held) === JSON.stringify(op.value)) break;
        throw new PatchError(`The patch test at "${op.path}" failed: ${held === undefined ? 'the aspect has nothing there' : `the aspect holds ${describe(held)}`}.`);
      }
      case 'move':
      case 'copy': {
        const fromTokens = pointer(op.from ?? '');
        const source = locate(doc, fromTokens, op.from ?? '');
        let value: unknown;
        if (op.op === 'move') value = removeAt(source, op.from ?? '');
        else {
          const text = serialise(getAt(source));
          grow(text, op);
          value = copyOf(text);
        }
        if (value === undefined) throw new PatchError(`The patch "from" path "${op.from}" does not exist in the aspect.`);
        addAt(locate(doc, tokens, op.path), value, op.path);
        break;
      }
    }
  }
  return fromKeyed(doc) as Record<string, unknown>;
}
