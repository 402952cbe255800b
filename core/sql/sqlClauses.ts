// Clauses that change nothing about lineage but that the parser does not read: taken out before a
// second attempt when the first parse fails (Snowflake's WITH TAG, Redshift's table attributes).

const LINEAGE_FREE: readonly RegExp[] = [
  /\bWITH\s+TAG\s*\([^)]*\)/gi,
  /\b(?:COMPOUND\s+|INTERLEAVED\s+)?SORTKEY\s*\([^)]*\)/gi,
  /\bDISTKEY\s*\([^)]*\)/gi,
  /\bDISTSTYLE\s+(?:AUTO|EVEN|KEY|ALL)\b/gi,
  /\bBACKUP\s+(?:YES|NO)\b/gi,
  /\bAUTO\s+REFRESH\s+(?:YES|NO)\b/gi,
];

/** The SQL without the clauses above, or undefined when it has none. */
export function withoutLineageFreeClauses(sql: string): string | undefined {
  let out = sql;
  for (const pattern of LINEAGE_FREE) out = out.replace(pattern, ' ');
  return out === sql ? undefined : out;
}
