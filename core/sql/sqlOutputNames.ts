// The name of an output column written without an alias. A column reference is named by its column
// (`t.a` → `a`), a literal by its value; any other expression as DataHub names it: the SQL of the
// expression with its columns qualified by their source and quoted, as the dialect writes it
// (`COUNT(etl_data_dt_id)` over `fact_complaint_snapshot` → ``COUNT(`fact_complaint_snapshot`.`etl_data_dt_id`)``).
// sqlglot itself names such a column `_col_N` and DataHub renames it so; engines differ (MySQL uses
// the expression's text, Postgres the function's name): the convention followed is DataHub's.
import { bodyOf, childrenOf, isObject, kindOf, type AstObject } from './sqlAst';
import { referenceParts, sourceOfUnqualified } from './sqlColumns';
import type { Scope } from './sqlScopeTypes';

const QUERY_ROOTS = new Set(['select', 'union', 'intersect', 'except', 'subquery']);

function quotedIdentifier(value: unknown): unknown {
  return isObject(value) ? { ...value, quoted: true } : value;
}

/** A copy of an expression whose column references are quoted and qualified by their source's alias (nested queries left as they are). */
function qualified(node: unknown, scope: Scope): unknown {
  if (Array.isArray(node)) return node.map((item) => qualified(item, scope));
  if (!isObject(node)) return node;
  const kind = kindOf(node);
  const column = bodyOf(node, 'column');
  if (column) {
    const parts = referenceParts(node) ?? [];
    const alias = parts.length === 1 && parts[0] !== undefined ? sourceOfUnqualified(parts[0], scope)?.alias : undefined;
    const table = column.table ?? (alias ? { name: alias, quoted: true, trailing_comments: [] } : null);
    return { column: { ...column, name: quotedIdentifier(column.name), table: quotedIdentifier(table) } };
  }
  if (kind !== undefined && QUERY_ROOTS.has(kind)) return node;
  const out: AstObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = qualified(value, scope);
  return out;
}

function hasNestedNodes(node: unknown): boolean {
  return childrenOf(node).length > 0;
}

/** The output name of an unaliased SELECT item at `index`. */
export function unnamedOutputName(expression: unknown, index: number, scope: Scope): string {
  const parts = referenceParts(expression);
  const last = parts?.[parts.length - 1];
  if (last !== undefined) return last;
  const value = bodyOf(expression, 'literal')?.value;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const written = hasNestedNodes(expression) ? scope.ctx.expressionSql?.(qualified(expression, scope)) : undefined;
  return written ?? `_col_${index}`;
}
