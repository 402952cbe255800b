// Table names in SQL → the dotted names lineage speaks of: qualified with the default database and
// schema, cased the way DataHub names the platform's datasets, and looked up in the known schemas.
import { identifierText, objectField, type AstObject } from './sqlAst';
import type { SqlDialect } from './dialects';
import type { SqlTableSchemas } from './sqlLineageTypes';

export interface TableNaming {
  dialect: SqlDialect;
  defaultDatabase?: string;
  defaultSchema?: string;
}

/** The parts of a table node's name, outermost first (catalog, schema, name), as written. */
export function tableParts(table: AstObject): string[] {
  const parts = [identifierText(objectField(table, 'catalog')), identifierText(objectField(table, 'schema')), identifierText(objectField(table, 'name'))];
  return parts.filter((part): part is string => part !== undefined && part !== '');
}

/** A name a BigQuery shard or partition decorator hides: `t_20230101`, `t_2023*`, `t$__UNPARTITIONED__`. */
function normaliseBigQueryName(name: string): string {
  const base = name.replace(/\$.*$/, '');
  const shard = /^(.*?_)(\d{4,8}\*?|\*)$/.exec(base);
  return shard ? `${shard[1]}yyyymmdd` : base;
}

/** The dotted name of a table written as these parts, qualified by the defaults (as DataHub's SQL lineage qualifies them: each missing part its own default). */
export function qualifiedTableName(parts: readonly string[], naming: TableNaming): string {
  // BigQuery writes `project.dataset.table` as one quoted identifier.
  let split = naming.dialect.platform === 'bigquery' ? parts.flatMap((part) => part.split('.')) : [...parts];
  if (naming.dialect.platform === 'bigquery' && split.length > 0) {
    split[split.length - 1] = normaliseBigQueryName(split[split.length - 1] ?? '');
  }
  // Each missing part takes its own default, as DataHub's lineage names tables: a one-part name
  // with a default database and no default schema is `database.table`.
  const unqualified = split.length === 1;
  if (unqualified && naming.defaultSchema) split = [naming.defaultSchema, ...split];
  if ((split.length === 2 || unqualified) && naming.defaultDatabase) split = [naming.defaultDatabase, ...split];
  if (naming.dialect.dropsTempPrefix && split.length > 0) split[split.length - 1] = (split[split.length - 1] ?? '').replace(/^#+/, '');
  const name = split.join('.');
  return naming.dialect.lowerCaseTables ? name.toLowerCase() : name;
}

/** The known schemas, looked up case-insensitively by full name, then by a unique dotted suffix. */
export class SchemaLookup {
  private readonly byName = new Map<string, readonly string[]>();

  constructor(schemas: SqlTableSchemas | undefined) {
    for (const [name, columns] of Object.entries(schemas ?? {})) this.byName.set(name.toLowerCase(), columns);
  }

  get size(): number {
    return this.byName.size;
  }

  /** The columns of a table: by its qualified name, its name as written, or a unique known name ending with it. */
  columnsOf(qualified: string, written: string): readonly string[] | undefined {
    const exact = this.byName.get(qualified.toLowerCase()) ?? this.byName.get(written.toLowerCase());
    if (exact) return exact;
    const tail = `.${written.toLowerCase()}`;
    const matches = [...this.byName.entries()].filter(([name]) => name.endsWith(tail) || tail.endsWith(`.${name}`));
    return matches.length === 1 ? matches[0]?.[1] : undefined;
  }
}
