// The SQL parser (@polyglot-sql/sdk, WebAssembly), loaded on first use only: never at activation,
// never in `validate`'s bundle. Its start-up (~0.2 s) and memory land on whoever calls first, so
// the language server calls it from a worker (server/sqlLineageWorker.ts).

/** What the analysis needs of the parser: statements as a JSON tree, or where it stopped. */
export interface SqlParseResult {
  success: boolean;
  ast?: unknown[];
  error?: string;
  errorLine?: number;
  errorColumn?: number;
}

/** Parses SQL; `generate` writes one expression node back as SQL of a dialect (undefined when it cannot). */
export type SqlParse = ((sql: string, dialect: string) => SqlParseResult) & { generate?: (node: unknown, dialect: string) => string | undefined };

let loading: Promise<SqlParse> | undefined;

/** The parser, loaded and initialised once per process. */
export function loadSqlParser(): Promise<SqlParse> {
  loading ??= (async () => {
    const polyglot = await import('@polyglot-sql/sdk');
    await polyglot.init();
    type Dialect = Parameters<typeof polyglot.parse>[1];
    const parse: SqlParse = (sql: string, dialect: string) => polyglot.parse(sql, dialect as Dialect) as SqlParseResult;
    parse.generate = (node: unknown, dialect: string) => {
      const written = polyglot.generate([node], dialect as Dialect);
      const sql = written.success ? written.sql?.[0] : undefined;
      return typeof sql === 'string' && sql !== '' ? sql : undefined;
    };
    return parse;
  })();
  return loading;
}
