// A query → its output columns, each with the physical columns it reads: CTEs, the sources of
// FROM and JOIN (tables, derived tables, table functions), `*` expanded where the columns are
// known, set operations matched by position.
import { arrayField, bodyOf, identifierText, kindOf, objectField, type AstObject } from './sqlAst';
import { originOfExpression, referenceParts } from './sqlColumns';
import { qualifiedTableName, tableParts } from './sqlTables';
import { mergeOrigins, type OutColumn, type QueryShape, type ResolveContext, type Scope, type Source } from './sqlScopeTypes';
import { expandStar } from './sqlStar';
import { unnamedOutputName } from './sqlOutputNames';

const EMPTY: QueryShape = { columns: [], openStars: [] };

/** Renames a shape's columns by position (`AS t(a, b)`, `WITH c(a, b)`, a view's column list). */
export function renameColumns(shape: QueryShape, names: readonly string[]): QueryShape {
  if (names.length === 0) return shape;
  const columns = shape.columns.map((column, index) => ({ ...column, name: names[index] ?? column.name }));
  return { columns, openStars: shape.openStars };
}

function columnAliases(body: AstObject | undefined, key = 'column_aliases'): string[] {
  return arrayField(body, key)
    .map((alias) => identifierText(alias))
    .filter((name): name is string => name !== undefined);
}

/** The CTEs of a WITH clause, each resolved with the ones before it in view. */
export function withCtes(withBody: AstObject | undefined, ctx: ResolveContext, outer: Scope | undefined, ctes: ReadonlyMap<string, QueryShape>): ReadonlyMap<string, QueryShape> {
  const entries = arrayField(withBody, 'ctes');
  if (entries.length === 0) return ctes;
  const out = new Map(ctes);
  for (const entry of entries) {
    const cte = entry as AstObject;
    const name = identifierText(objectField(cte, 'alias'));
    if (name === undefined) continue;
    out.set(name.toLowerCase(), renameColumns(ctx.resolveQuery(cte.this, outer, out), columnAliases(cte, 'columns')));
  }
  return out;
}

function tableSource(body: AstObject, scope: Scope): Source {
  const parts = tableParts(body);
  const alias = identifierText(objectField(body, 'alias'));
  const written = parts.join('.');
  const cte = parts.length === 1 ? scope.ctes.get(written.toLowerCase()) : undefined;
  if (cte) return { alias: alias ?? written, shape: renameColumns(cte, columnAliases(body)) };
  const table = qualifiedTableName(parts, scope.ctx.naming);
  scope.ctx.inTables.add(table);
  const known = scope.ctx.schemas.columnsOf(table, written);
  const renamed = columnAliases(body);
  if (renamed.length > 0 && known) {
    const columns = known.map((column) => ({ name: column, upstreams: [{ table, column }], confidence: 'high' as const }));
    return { alias: alias ?? written, written, shape: renameColumns({ columns, openStars: [] }, renamed) };
  }
  return { alias: alias ?? parts[parts.length - 1] ?? written, table, written, known };
}

/** A table function's columns: named by its alias's column list, read from nothing the lineage can follow. */
function opaqueSource(alias: string | undefined, names: readonly string[]): Source {
  const shape: QueryShape = { columns: names.map((name) => ({ name, upstreams: [], confidence: 'high' })), openStars: [] };
  return names.length > 0 ? { alias: alias ?? '', shape } : { alias: alias ?? '', shape, anyColumn: true };
}

/** The source a FROM or JOIN item reads. */
function sourceOf(node: unknown, scope: Scope): Source {
  const table = bodyOf(node, 'table');
  if (table) return tableSource(table, scope);
  const subquery = bodyOf(node, 'subquery');
  if (subquery) {
    const outer = subquery.lateral === true ? scope : scope.outer;
    const shape = scope.ctx.resolveQuery(subquery.this, outer, scope.ctes);
    return { alias: identifierText(objectField(subquery, 'alias')) ?? '', shape: renameColumns(shape, columnAliases(subquery)) };
  }
  const paren = bodyOf(node, 'paren');
  if (paren) return sourceOf(paren.this, scope);
  const alias = bodyOf(node, 'alias');
  if (alias) {
    const name = identifierText(objectField(alias, 'alias'));
    const unnest = bodyOf(alias.this, 'unnest');
    const element = unnest ? originOfExpression(unnest.this, scope).upstreams : [];
    if (element.length === 1 && element[0] && columnAliases(alias).length === 0) return { alias: name ?? '', unnestOf: element[0] };
    const inner = sourceOf(alias.this, scope);
    if (inner.shape && inner.shape.columns.length === 0 && inner.shape.openStars.length === 0 && inner.table === undefined) return opaqueSource(name, columnAliases(alias));
    return inner.shape ? { alias: name ?? inner.alias, shape: renameColumns(inner.shape, columnAliases(alias)) } : { ...inner, alias: name ?? inner.alias };
  }
  const semantic = bodyOf(node, 'semantic_view');
  if (semantic) return semanticViewSource(semantic, scope);
  return opaqueSource(undefined, []);
}

/** Snowflake's SEMANTIC_VIEW(view …): the view is read; its output columns come from it under their own names. */
function semanticViewSource(body: AstObject, scope: Scope): Source {
  const parts = referenceParts(body.this) ?? [];
  if (parts.length === 0) return opaqueSource(undefined, []);
  const table = qualifiedTableName(parts, scope.ctx.naming);
  scope.ctx.inTables.add(table);
  return { alias: parts[parts.length - 1] ?? '', table, written: parts.join('.') };
}

/** The sources of FROM and JOIN items, each added to the scope as it is read (a LATERAL item sees the ones before it). */
export function fromSources(items: readonly unknown[], scope: Scope): Source[] {
  const added: Source[] = [];
  const lateral: Scope = { ...scope, sources: [...scope.sources] };
  for (const item of items) {
    const source = sourceOf(item, lateral);
    lateral.sources.push(source);
    added.push(source);
  }
  return added;
}

const OUTPUT_CLAUSES = new Set(['expressions', 'from', 'joins', 'with', 'into']);

/** Resolves the nested queries of a SELECT's other clauses (WHERE, HAVING, ON, …) so their tables count as read. */
function readOtherClauses(body: AstObject, scope: Scope): void {
  for (const [key, value] of Object.entries(body)) {
    if (!OUTPUT_CLAUSES.has(key)) originOfExpression(value, scope);
  }
  for (const join of arrayField(body, 'joins')) {
    const joinBody = join as AstObject;
    originOfExpression(joinBody.on, scope);
  }
}

export function resolveSelect(body: AstObject, ctx: ResolveContext, outer: Scope | undefined, outerCtes: ReadonlyMap<string, QueryShape>): QueryShape {
  const ctes = withCtes(objectField(body, 'with'), ctx, outer, outerCtes);
  const scope: Scope = { ctx, sources: [], ctes, outer, outputs: [] };
  const fromItems = [...arrayField(objectField(body, 'from'), 'expressions'), ...arrayField(body, 'joins').map((join) => (join as AstObject).this)];
  scope.sources.push(...fromSources(fromItems, scope));
  const openStars: Source[] = [];
  arrayField(body, 'expressions').forEach((expression, index) => {
    const star = bodyOf(expression, 'star');
    if (star) {
      const expanded = expandStar(star, scope);
      scope.outputs.push(...expanded.columns);
      openStars.push(...expanded.openStars);
      return;
    }
    const alias = bodyOf(expression, 'alias');
    const name = alias ? (identifierText(objectField(alias, 'alias')) ?? `_col_${index}`) : unnamedOutputName(expression, index, scope);
    const column: OutColumn = { name, ...originOfExpression(alias ? alias.this : expression, scope) };
    scope.outputs.push(column);
  });
  readOtherClauses(body, scope);
  return { columns: scope.outputs, openStars };
}

function resolveSetOperation(body: AstObject, ctx: ResolveContext, outer: Scope | undefined, outerCtes: ReadonlyMap<string, QueryShape>): QueryShape {
  const ctes = withCtes(objectField(body, 'with'), ctx, outer, outerCtes);
  const left = ctx.resolveQuery(body.left, outer, ctes);
  const right = ctx.resolveQuery(body.right, outer, ctes);
  // A branch whose `*` covers a table of unknown columns: no column's position is known.
  if (left.openStars.length > 0 || right.openStars.length > 0) return { columns: [], openStars: [...left.openStars, ...right.openStars] };
  const columns = left.columns.map((column, index) => {
    const other = right.columns[index];
    return { name: column.name, ...(other ? mergeOrigins([column, other]) : column) };
  });
  return { columns, openStars: [...left.openStars, ...right.openStars] };
}

/** Makes the context's resolveQuery: a query node of any kind → its shape. */
export function queryResolver(ctx: Omit<ResolveContext, 'resolveQuery'>): ResolveContext {
  const full: ResolveContext = {
    ...ctx,
    resolveQuery(node, outer, ctes) {
      const kind = kindOf(node);
      const body = kind === undefined ? undefined : bodyOf(node, kind);
      if (!body) return EMPTY;
      if (kind === 'select') return resolveSelect(body, full, outer, ctes);
      if (kind === 'union' || kind === 'intersect' || kind === 'except') return resolveSetOperation(body, full, outer, ctes);
      if (kind === 'subquery' || kind === 'paren') return full.resolveQuery(body.this, outer, ctes);
      return EMPTY;
    },
  };
  return full;
}
