// The parser's syntax tree as plain JSON (@polyglot-sql/sdk `parse`): each node is an object with
// one key, its kind ({"select": {...}}, {"column": {...}}). Only the reading helpers live here.

/** A node's body, or any object in the tree. */
export type AstObject = Record<string, unknown>;

export function isObject(value: unknown): value is AstObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The kind of a node: its single key ({"select": …} → "select"), or undefined for another shape. */
export function kindOf(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 ? keys[0] : undefined;
}

/** The body of a node of one of these kinds, or undefined. */
export function bodyOf(node: unknown, ...kinds: string[]): AstObject | undefined {
  const kind = kindOf(node);
  if (kind === undefined || !kinds.includes(kind)) return undefined;
  const body = (node as AstObject)[kind];
  return isObject(body) ? body : undefined;
}

export function field(body: AstObject | undefined, name: string): unknown {
  return body === undefined ? undefined : body[name];
}

export function objectField(body: AstObject | undefined, name: string): AstObject | undefined {
  const value = field(body, name);
  return isObject(value) ? value : undefined;
}

export function arrayField(body: AstObject | undefined, name: string): unknown[] {
  const value = field(body, name);
  return Array.isArray(value) ? value : [];
}

/** An identifier ({name, quoted}) as text, or undefined. */
export function identifierText(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const name = value.name;
  if (typeof name === 'string') return name;
  return identifierText(name);
}

export function isQuoted(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value.quoted === true) return true;
  return isObject(value.name) ? isQuoted(value.name) : false;
}

/** The kinds of node that are a query (their result has columns). */
export const QUERY_KINDS = ['select', 'union', 'intersect', 'except', 'subquery', 'paren'];

/** Every direct child node of a body (objects and the objects in arrays, arrays of arrays flattened). */
export function childrenOf(value: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (item: unknown): void => {
    if (Array.isArray(item)) item.forEach(visit);
    else if (isObject(item)) out.push(item);
  };
  if (isObject(value)) Object.values(value).forEach(visit);
  else visit(value);
  return out;
}
