/**
 * The limits of every tool's answer, written once (docs/agents.md lists them): an agent's context
 * is small and a workspace may be large, so each list is cut and says how many more there are.
 */
export const AGENT_LIMITS = {
  /** diagnostics of validate_files: `limit`, at most this many */
  diagnostics: 200,
  /** diagnostics of validate_files when no `limit` is given */
  diagnosticsDefault: 50,
  /** plan items of plan_changes (each with at most `changesPerItem` lines) */
  planItems: 100,
  changesPerItem: 20,
  /** nodes and edges of get_lineage */
  lineageNodes: 200,
  lineageHops: 10,
  /** files where describe_property finds a property used */
  propertyUses: 100,
  /** paths or globs one call may name */
  paths: 100,
  /** the SQL propose_lineage_from_sql reads */
  sqlChars: 100_000,
  /** every string the tools put in an answer, cut with … */
  textChars: 2_000,
} as const;

/** The first `limit` items, and how many were left out. */
export function capped<T>(items: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** A string from a file or the catalog, cut to the answer's limit. */
export function bounded(text: string, limit: number = AGENT_LIMITS.textChars): string {
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
}

/** ", and N more" for a summary; empty when nothing was left out. */
export function moreClause(more: number, what: string): string {
  return more > 0 ? `; ${more} more ${what} not listed` : '';
}
