/**
 * The one rule every verb that talks to a catalog (validate, plan, push, pull, lineage) follows
 * for which catalog: `--service URL`, else `$CATALOG_SERVICE_URL` (what the editor sets for its
 * integrated terminals), else none. The token is then found the same way for all of them
 * (connection.ts: CATALOG_TOKEN, else the local catalog's connection file for a URL on this
 * machine). No imports, so validate's own small bundle decides with it too.
 */
export function serviceUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (flag !== undefined) return flag;
  const fromEnv = env.CATALOG_SERVICE_URL?.trim();
  return fromEnv ? fromEnv : undefined;
}
