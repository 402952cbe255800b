// `*` and `t.*` in a SELECT: every column of the sources it covers, where those columns are known
// (a schema, or a derived table's own output); a source whose columns are unknown is kept open, so
// a later reference to one of its columns still reaches it. EXCEPT and REPLACE (BigQuery) apply.
import { arrayField, bodyOf, identifierText, objectField, type AstObject } from './sqlAst';
import { originOfExpression } from './sqlColumns';
import type { OutColumn, QueryShape, Scope, Source } from './sqlScopeTypes';

function sourceColumns(source: Source): { columns: OutColumn[]; open: Source[] } {
  if (source.shape) return { columns: source.shape.columns, open: source.shape.openStars };
  if (source.table !== undefined && source.known) {
    const table = source.table;
    return { columns: source.known.map((column) => ({ name: column, upstreams: [{ table, column }], confidence: 'high' })), open: [] };
  }
  return { columns: [], open: source.table === undefined ? [] : [source] };
}

export function expandStar(star: AstObject, scope: Scope): QueryShape {
  const qualifier = identifierText(objectField(star, 'table'));
  const sources =
    qualifier === undefined ? scope.sources : scope.sources.filter((source) => source.alias.toLowerCase() === qualifier.toLowerCase() || source.written?.toLowerCase() === qualifier.toLowerCase());
  const except = new Set(arrayField(star, 'except').map((item) => identifierText(item)?.toLowerCase()));
  const replace = new Map<string, unknown>();
  for (const item of arrayField(star, 'replace')) {
    const body = bodyOf(item, 'alias') ?? (item as AstObject);
    const name = identifierText(objectField(body, 'alias'));
    if (name !== undefined) replace.set(name.toLowerCase(), body.this);
  }
  const columns: OutColumn[] = [];
  const openStars: Source[] = [];
  for (const source of sources) {
    const expanded = sourceColumns(source);
    openStars.push(...expanded.open);
    for (const column of expanded.columns) {
      const key = column.name.toLowerCase();
      // A name two sources share (a join's key) is output once, from the first (the result's columns are looked up by name).
      if (except.has(key) || columns.some((other) => other.name.toLowerCase() === key)) continue;
      const replaced = replace.get(key);
      columns.push(replaced === undefined ? column : { name: column.name, ...originOfExpression(replaced, scope) });
    }
  }
  return { columns, openStars };
}
