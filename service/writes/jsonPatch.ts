import { describe, isObject } from '../validation/urns';

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

/** Reads `[ops...]` or `{patch: [...], arrayPrimaryKeys: {...}}`. */
export function readPatchDocument(body: unknown): PatchDocument {
  const ops = Array.isArray(body) ? body : isObject(body) ? body.patch : undefined;
  if (!Array.isArray(ops)) {
    throw new PatchError(`A patch must be a list of operations or {"patch": [...], "arrayPrimaryKeys": {...}}; found ${describe(body)}.`);
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
    return op as unknown as PatchOperation;
  });
  const keys: Record<string, string[]> = {};
  const rawKeys = isObject(body) ? body.arrayPrimaryKeys : undefined;
  if (rawKeys !== undefined) {
    if (!isObject(rawKeys)) throw new PatchError(`arrayPrimaryKeys must be an object like {"properties": ["propertyUrn"]}; found ${describe(rawKeys)}.`);
    for (const [field, list] of Object.entries(rawKeys)) {
      if (!Array.isArray(list) || list.length === 0 || !list.every((k) => typeof k === 'string')) {
        throw new PatchError(`arrayPrimaryKeys.${field} must be a non-empty list of field names; found ${describe(list)}.`);
      }
      keys[field.replace(/^\//, '')] = list as string[];
    }
  }
  return { patch, arrayPrimaryKeys: keys };
}

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchError(`The patch path "${path}" must start with "/".`);
  return path
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Keyed = { __keyedArray: true; keyFields: string[]; map: Map<string, unknown> };

function isKeyed(value: unknown): value is Keyed {
  return isObject(value) && value.__keyedArray === true;
}

/** Turns each array named in arrayPrimaryKeys into an ordered map keyed by its elements' key fields. */
function toKeyed(doc: Record<string, unknown>, keys: Record<string, string[]>): void {
  for (const [field, keyFields] of Object.entries(keys)) {
    const path = field.split('/');
    let parent: unknown = doc;
    for (const step of path.slice(0, -1)) parent = isObject(parent) ? parent[step] : undefined;
    const last = path[path.length - 1];
    if (!isObject(parent)) continue;
    const list = parent[last] ?? [];
    if (!Array.isArray(list)) continue;
    const map = new Map<string, unknown>();
    for (const element of list) map.set(keyOf(element, keyFields), element);
    parent[last] = { __keyedArray: true, keyFields, map } satisfies Keyed;
  }
}

function keyOf(element: unknown, keyFields: string[]): string {
  if (!isObject(element)) return JSON.stringify(element);
  return keyFields.map((k) => String(element[k])).join('/');
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
  if (Array.isArray(node)) return node[Number(token)];
  if (isObject(node)) return node[token];
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
  } else if (isObject(parent)) parent[key] = value;
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
  else if (isObject(parent)) parent[key] = value;
}

/** Applies the patch to a copy of `target` and returns the result. */
export function applyPatch(target: Record<string, unknown>, document: PatchDocument): Record<string, unknown> {
  const doc = structuredClone(target);
  toKeyed(doc, document.arrayPrimaryKeys);
  for (const op of document.patch) {
    const tokens = pointer(op.path);
    if (tokens.length === 0) throw new PatchError('A patch operation cannot replace the whole aspect; address a field such as "/properties/<urn>".');
    const loc = locate(doc, tokens, op.path);
    switch (op.op) {
      case 'add':
        addAt(loc, structuredClone(op.value), op.path);
        break;
      case 'remove':
        removeAt(loc, op.path);
        break;
      case 'replace':
        replaceAt(loc, structuredClone(op.value), op.path);
        break;
      case 'test':
        if (JSON.stringify(fromKeyed(getAt(loc))) !== JSON.stringify(op.value)) throw new PatchError(`The patch test at "${op.path}" failed: the aspect holds ${describe(fromKeyed(getAt(loc)))}.`);
        break;
      case 'move':
      case 'copy': {
        const fromTokens = pointer(op.from ?? '');
        const source = locate(doc, fromTokens, op.from ?? '');
        const value = op.op === 'move' ? removeAt(source, op.from ?? '') : structuredClone(getAt(source));
        if (value === undefined) throw new PatchError(`The patch "from" path "${op.from}" does not exist in the aspect.`);
        addAt(locate(doc, tokens, op.path), value, op.path);
        break;
      }
    }
  }
  return fromKeyed(doc) as Record<string, unknown>;
}
