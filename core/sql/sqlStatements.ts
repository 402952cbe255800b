// One parsed statement → the table it writes, and each written column with what it reads:
// SELECT (and SELECT … INTO), INSERT … SELECT (column list, or the target's known columns by
// position), CREATE TABLE … AS, CREATE VIEW (column list; ClickHouse's TO table), UPDATE … SET
// (with FROM), MERGE, DELETE and DDL (tables only).
import { arrayField, bodyOf, identifierText, kindOf, objectField, type AstObject } from './sqlAst';
import { originOfExpression } from './sqlColumns';
import { fromSources, renameColumns, withCtes } from './sqlQuery';
import { qualifiedTableName, tableParts } from './sqlTables';
import type { ColumnOrigin, QueryShape, ResolveContext, Scope, Source } from './sqlScopeTypes';

export interface WrittenColumn extends ColumnOrigin {
  table: string | null;
  column: string;
}

export interface StatementLineage {
  type: string;
  outTables: string[];
  columns: WrittenColumn[];
}

const NO_CTES: ReadonlyMap<string, QueryShape> = new Map();

function tableName(node: AstObject | undefined, ctx: ResolveContext): { name: string; written: string } | undefined {
  const body = bodyOf(node, 'table') ?? node;
  if (!body) return undefined;
  const parts = tableParts(body);
  return parts.length === 0 ? undefined : { name: qualifiedTableName(parts, ctx.naming), written: parts.join('.') };
}

function identifiers(values: readonly unknown[]): string[] {
  return values.map((value) => identifierText(value)).filter((name): name is string => name !== undefined);
}

function caseColumn(name: string, ctx: ResolveContext): string {
  return ctx.naming.dialect.lowerCaseColumns ? name.toLowerCase() : name;
}

/**
 * The target's columns: the statement's column list by position; else, for an INSERT (`positional`),
 * the target's known columns by position; else the query's own names (cased as the target's known
 * columns spell them, if known).
 */
function written(target: { name: string; written: string } | null, shape: QueryShape, listed: readonly string[], ctx: ResolveContext, positional = false): WrittenColumn[] {
  const known = target ? ctx.schemas.columnsOf(target.name, target.written) : undefined;
  const names = listed.length > 0 ? listed : positional ? (known ?? []) : [];
  const spelled = (name: string): string => known?.find((column) => column.toLowerCase() === name.toLowerCase()) ?? caseColumn(name, ctx);
  return renameColumns(shape, names).columns.map((column) => ({
    table: target?.name ?? null,
    column: listed.length > 0 ? caseColumn(column.name, ctx) : names.length > 0 ? column.name : spelled(column.name),
    upstreams: column.upstreams,
    confidence: column.confidence,
  }));
}

function selectStatement(node: unknown, ctx: ResolveContext): StatementLineage {
  const into = tableName(objectField(objectField(bodyOf(node, 'select'), 'into'), 'this'), ctx);
  const shape = ctx.resolveQuery(node, undefined, NO_CTES);
  return { type: into ? 'SELECT_INTO' : 'SELECT', outTables: into ? [into.name] : [], columns: written(into ?? null, shape, [], ctx) };
}

function insertStatement(body: AstObject, ctx: ResolveContext): StatementLineage {
  const target = tableName(objectField(body, 'table'), ctx);
  const ctes = withCtes(objectField(body, 'with'), ctx, undefined, NO_CTES);
  const query = body.query;
  const outTables = target ? [target.name] : [];
  if (query === undefined || query === null) return { type: 'INSERT', outTables, columns: [] };
  const shape = ctx.resolveQuery(query, undefined, ctes);
  return { type: 'INSERT', outTables, columns: target ? written(target, shape, identifiers(arrayField(body, 'columns')), ctx, true) : [] };
}

function createStatement(kind: string, body: AstObject, ctx: ResolveContext): StatementLineage {
  const view = kind === 'create_view';
  const named = tableName(objectField(body, 'name'), ctx);
  const to = view ? tableName(objectField(body, 'to_table'), ctx) : undefined;
  const target = to ?? named;
  const query = view ? body.query : body.as_select;
  const listed = arrayField(body, 'columns').map((column) => identifierText(objectField(column as AstObject, 'name')) ?? identifierText(column));
  const names = listed.filter((name): name is string => name !== undefined);
  const outTables = target ? [target.name] : [];
  if (query === undefined || query === null) {
    // DDL: the columns it declares, read from nothing.
    const columns = names.map((column) => ({ table: target?.name ?? null, column: caseColumn(column, ctx), upstreams: [], confidence: 'high' as const }));
    return { type: view ? 'CREATE_VIEW' : 'CREATE_DDL', outTables, columns };
  }
  const shape = ctx.resolveQuery(query, undefined, NO_CTES);
  return { type: view ? 'CREATE_VIEW' : 'CREATE_TABLE_AS_SELECT', outTables, columns: written(target ?? null, shape, names, ctx) };
}

function targetSource(target: { name: string; written: string }, alias: string | undefined, ctx: ResolveContext): Source {
  ctx.inTables.add(target.name);
  const known = ctx.schemas.columnsOf(target.name, target.written);
  const parts = target.written.split('.');
  return { alias: alias ?? parts[parts.length - 1] ?? target.written, table: target.name, written: target.written, known };
}

function updateStatement(body: AstObject, ctx: ResolveContext): StatementLineage {
  const tableBody = objectField(body, 'table');
  const named = tableName(tableBody, ctx);
  if (!named) return { type: 'UPDATE', outTables: [], columns: [] };
  const ctes = withCtes(objectField(body, 'with'), ctx, undefined, NO_CTES);
  const alias = identifierText(objectField(bodyOf(tableBody, 'table') ?? tableBody, 'alias'));
  const scope: Scope = { ctx, sources: [], ctes, outputs: [] };
  const fromItems = [...arrayField(objectField(body, 'from_clause'), 'expressions'), ...arrayField(body, 'from_joins').map((join) => (join as AstObject).this)];
  const from = fromSources(fromItems, scope);
  // `UPDATE o … FROM orders o`: the target is the FROM table its name is an alias of; `UPDATE t … FROM t JOIN s`: t in FROM is the target itself.
  const written = named.written.toLowerCase();
  const aliased = named.written.includes('.') ? undefined : from.find((source) => source.table !== undefined && source.alias.toLowerCase() === written);
  const target = aliased?.table !== undefined ? { name: aliased.table, written: aliased.written ?? aliased.table } : named;
  scope.sources.push(aliased ?? targetSource(target, alias, ctx));
  for (const source of from) if (source !== aliased && !(source.table === target.name && source.alias.toLowerCase() === scope.sources[0]?.alias.toLowerCase())) scope.sources.push(source);
  const columns = arrayField(body, 'set').map((pair) => {
    const [column, value] = Array.isArray(pair) ? pair : [];
    const name = identifierText(column) ?? identifierText(bodyOf(column, 'column')?.name) ?? '?';
    return { table: target.name, column: caseColumn(name.split('.').pop() ?? name, ctx), ...originOfExpression(value, scope) };
  });
  originOfExpression(body.where_clause, scope);
  // The target stays among the tables read, as DataHub lists it: an UPDATE reads the rows it changes (a lineage file leaves a table out of its own upstreams).
  return { type: 'UPDATE', outTables: [target.name], columns };
}

function tablesOnly(type: string, node: unknown, ctx: ResolveContext, targetKey: string): StatementLineage {
  const body = bodyOf(node, kindOf(node) ?? '');
  // `MERGE INTO customers AS t`: the target comes wrapped in its alias.
  const named = objectField(body, targetKey);
  const target = tableName(objectField(bodyOf(named, 'alias'), 'this') ?? named, ctx);
  const scope: Scope = { ctx, sources: [], ctes: NO_CTES, outputs: [] };
  for (const [key, value] of Object.entries(body ?? {})) if (key !== targetKey) originOfExpression(value, scope);
  collectTables(body, targetKey, ctx);
  if (target) ctx.inTables.delete(target.name);
  return { type, outTables: target ? [target.name] : [], columns: [] };
}

/** Every table a statement names outside its target (MERGE's USING, DELETE's subqueries), as read. */
function collectTables(body: AstObject | undefined, targetKey: string, ctx: ResolveContext): void {
  const visit = (node: unknown): void => {
    const table = bodyOf(node, 'table');
    if (table) {
      const name = tableName(table, ctx);
      if (name) ctx.inTables.add(name.name);
      return;
    }
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  for (const [key, value] of Object.entries(body ?? {})) if (key !== targetKey) visit(value);
}

/** The lineage of one statement, or undefined for a statement that reads and writes no table (DROP, SET, …). */
export function statementLineage(node: unknown, ctx: ResolveContext): StatementLineage | undefined {
  const kind = kindOf(node);
  const body = kind === undefined ? undefined : bodyOf(node, kind);
  if (!body || kind === undefined) return undefined;
  if (['select', 'union', 'intersect', 'except', 'subquery', 'paren'].includes(kind)) return selectStatement(node, ctx);
  if (kind === 'insert') return insertStatement(body, ctx);
  if (kind === 'create_table' || kind === 'create_view') return createStatement(kind, body, ctx);
  if (kind === 'update') return updateStatement(body, ctx);
  if (kind === 'merge') return tablesOnly('MERGE', node, ctx, 'this');
  if (kind === 'delete') return tablesOnly('DELETE', node, ctx, 'table');
  return undefined;
}
