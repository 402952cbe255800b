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

export type SqlParse = (sql: string, dialect: string) => SqlParseResult;

let loading: Promise<SqlParse> | undefined;

/** The parser, loaded and initialised once per process. */
export function loadSqlParser(): Promise<SqlParse> {
  loading ??= (async () => {
    const polyglot = await import('@polyglot-sql/sdk');
    await polyglot.init();
    return (sql: string, dialect: string) => polyglot.parse(sql, dialect as Parameters<typeof polyglot.parse>[1]) as SqlParseResult;
  })();
  return loading;
}
