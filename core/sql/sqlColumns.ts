// Column references → the physical columns they read: a qualified name is looked up in the source
// it names, an unqualified one in the only source that has it (by known schemas, or the only
// source at all), then in the enclosing query (correlated subqueries), then among the SELECT's
// earlier aliases. An ambiguous or unplaceable name gives no upstream and a low confidence.
import { bodyOf, childrenOf, identifierText, kindOf, objectField } from './sqlAst';
import { mergeOrigins, type ColumnOrigin, type Scope, type Source } from './sqlScopeTypes';

const QUERY_ROOTS = new Set(['select', 'union', 'intersect', 'except']);

/** The dotted parts of a column reference (`t.a`, `db.sch.t.a`, `s.struct.field`), or undefined for another node. */
export function referenceParts(node: unknown): string[] | undefined {
  const column = bodyOf(node, 'column');
  if (column) {
    const name = identifierText(objectField(column, 'name'));
    const table = identifierText(objectField(column, 'table'));
    if (name === undefined) return undefined;
    return table === undefined ? [name] : [table, name];
  }
  const dot = bodyOf(node, 'dot');
  if (!dot) return undefined;
  const inner = referenceParts(dot.this);
  const fieldName = identifierText(objectField(dot, 'field'));
  return inner && fieldName !== undefined ? [...inner, fieldName] : undefined;
}

/** What an expression reads: the union of its column references and the columns of the queries nested in it. */
export function originOfExpression(expression: unknown, scope: Scope): ColumnOrigin {
  const origins: ColumnOrigin[] = [];
  const visit = (node: unknown): void => {
    const kind = kindOf(node);
    const parts = referenceParts(node);
    if (parts) {
      // `@name` is a T-SQL variable or parameter, not a column.
      if (!parts[0]?.startsWith('@')) origins.push(resolveReference(parts, scope));
      return;
    }
    if (kind !== undefined && QUERY_ROOTS.has(kind)) {
      origins.push(...scope.ctx.resolveQuery(node, scope, scope.ctes).columns);
      return;
    }
    childrenOf(kind === undefined ? node : (node as Record<string, unknown>)[kind]).forEach(visit);
  };
  visit(expression);
  return mergeOrigins(origins);
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The source a qualifier names (`t`, `sch.t`, `db.sch.t`) in this scope or an enclosing one. */
function findSource(qualifier: string, scope: Scope | undefined): Source | undefined {
  for (let at = scope; at; at = at.outer) {
    const found = at.sources.find(
      (source) =>
        sameName(source.alias, qualifier) ||
        (source.written !== undefined && (sameName(source.written, qualifier) || source.written.toLowerCase().endsWith(`.${qualifier.toLowerCase()}`))) ||
        (source.table !== undefined && sameName(source.table, qualifier)),
    );
    if (found) return found;
  }
  return undefined;
}

/** Whether a source has a column: true, false, or 'unknown' (no schema, or a `*` over a table without one). */
function hasColumn(source: Source, name: string): boolean | 'unknown' {
  if (source.anyColumn || source.unnestOf) return 'unknown';
  if (source.shape) {
    if (source.shape.columns.some((column) => sameName(column.name, name))) return true;
    return source.shape.openStars.length > 0 ? 'unknown' : false;
  }
  if (source.known) return source.known.some((column) => sameName(column, name));
  return source.table === undefined ? false : 'unknown';
}

function withPath(column: string, path: readonly string[]): string {
  return [column, ...path].join('.');
}

/** The physical columns behind a source's column `name` (with struct `path` below it), or undefined when the source has no such column. */
export function columnOfSource(source: Source, name: string, path: readonly string[], scope: Scope): ColumnOrigin | undefined {
  if (source.shape) {
    const column = source.shape.columns.find((candidate) => sameName(candidate.name, name));
    if (column) {
      if (path.length === 0 || column.upstreams.length !== 1) return column;
      return { ...column, upstreams: column.upstreams.map((upstream) => ({ ...upstream, column: withPath(upstream.column, path) })) };
    }
    const open = source.shape.openStars;
    if (open.length === 1 && open[0]) return columnOfSource(open[0], name, path, scope);
    return open.length > 1 ? { upstreams: [], confidence: 'low' } : undefined;
  }
  if (source.unnestOf) return { upstreams: [{ table: source.unnestOf.table, column: withPath(`${source.unnestOf.column}.${name}`, path) }], confidence: 'medium' };
  if (source.table === undefined) return { upstreams: [], confidence: 'high' };
  if (source.known) {
    const known = source.known.find((column) => sameName(column, name));
    if (known !== undefined) return { upstreams: [{ table: source.table, column: withPath(known, path) }], confidence: 'high' };
    return undefined;
  }
  const cased = scope.ctx.naming.dialect.lowerCaseColumns ? name.toLowerCase() : name;
  return { upstreams: [{ table: source.table, column: withPath(cased, path) }], confidence: 'medium' };
}

/** Resolves a column reference written as dotted parts. */
export function resolveReference(parts: readonly string[], scope: Scope): ColumnOrigin {
  for (let split = parts.length - 1; split >= 1; split--) {
    const source = findSource(parts.slice(0, split).join('.'), scope);
    if (!source) continue;
    const [name = '', ...path] = parts.slice(split);
    const origin = columnOfSource(source, name, path, scope);
    if (origin) return origin;
    // Named with its table but missing from the table's known schema: still read from that table, and flagged.
    if (source.table === undefined) return { upstreams: [], confidence: 'low' };
    const cased = scope.ctx.naming.dialect.lowerCaseColumns ? name.toLowerCase() : name;
    return { upstreams: [{ table: source.table, column: withPath(cased, path) }], confidence: 'low' };
  }
  const [name = '', ...path] = parts;
  return resolveUnqualified(name, path, scope);
}

/** The one source of this scope (not the enclosing ones) an unqualified column name can be read from, or undefined. */
export function sourceOfUnqualified(name: string, scope: Scope): Source | undefined {
  const verdicts = scope.sources.map((source) => ({ source, has: hasColumn(source, name) }));
  const definite = verdicts.filter((verdict) => verdict.has === true);
  const chosen = definite.length > 0 ? definite : verdicts.filter((verdict) => verdict.has === 'unknown');
  return chosen.length === 1 ? chosen[0]?.source : undefined;
}

function resolveUnqualified(name: string, path: readonly string[], scope: Scope): ColumnOrigin {
  for (let at: Scope | undefined = scope; at; at = at.outer) {
    const verdicts = at.sources.map((source) => ({ source, has: hasColumn(source, name) }));
    const definite = verdicts.filter((verdict) => verdict.has === true);
    const unknown = verdicts.filter((verdict) => verdict.has === 'unknown');
    const chosen = definite.length > 0 ? definite : unknown;
    if (chosen.length === 1 && chosen[0]) {
      const origin = columnOfSource(chosen[0].source, name, path, at);
      if (origin) return definite.length === 1 ? origin : mergeOrigins([origin, { upstreams: [], confidence: 'medium' }]);
    }
    if (chosen.length > 1) {
      // USING/NATURAL joins make one column of several equal ones: every source that has it is read.
      if (definite.length > 1) return mergeOrigins(definite.map((verdict) => columnOfSource(verdict.source, name, path, at) ?? { upstreams: [], confidence: 'low' }));
      return { upstreams: [], confidence: 'low' };
    }
    const alias = at.outputs.find((output) => sameName(output.name, name));
    if (alias) return alias;
  }
  return { upstreams: [], confidence: 'low' };
}
