// What the parser does not read, rewritten before a second attempt when the first parse fails:
// clauses that change nothing about lineage (Snowflake's WITH TAG, Redshift's table attributes) are
// taken out; a SELECT item the parser refuses and whose columns cannot be named is replaced by a
// placeholder column that the answer leaves out, with a warning saying so:
// - `expr AS :name` (Snowflake): a bind variable where the column's name should be; DataHub
//   (sqlglot) reads it as a column without a name and leaves it out too;
// - `IF(…).*`, `fn(…).* EXCEPT (…) REPLACE (…)` (BigQuery): a star over an expression's struct
//   fields, which are not expanded (DataHub leaves them out too).

const LINEAGE_FREE: readonly RegExp[] = [
  /\bWITH\s+TAG\s*\([^)]*\)/gi,
  /\b(?:COMPOUND\s+|INTERLEAVED\s+)?SORTKEY\s*\([^)]*\)/gi,
  /\bDISTKEY\s*\([^)]*\)/gi,
  /\bDISTSTYLE\s+(?:AUTO|EVEN|KEY|ALL)\b/gi,
  /\bBACKUP\s+(?:YES|NO)\b/gi,
  /\bAUTO\s+REFRESH\s+(?:YES|NO)\b/gi,
];

/** The name given to a placeholder column; analyseSql leaves such columns out of the answer. */
export const UNREAD_COLUMN_PREFIX = '__catalog_code_unread_';

export interface ParserRewrite {
  sql: string;
  /** What was left out, one sentence each (warnings of the answer). */
  notes: string[];
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 70)}…` : flat;
}

/** The index of the `(` matching the `)` at `close`, or -1. */
function openingParen(sql: string, close: number): number {
  let depth = 0;
  for (let at = close; at >= 0; at--) {
    if (sql[at] === ')') depth++;
    else if (sql[at] === '(' && --depth === 0) return at;
  }
  return -1;
}

/** The index just past the `)` matching the `(` at `open`, or -1. */
function pastClosingParen(sql: string, open: number): number {
  let depth = 0;
  for (let at = open; at < sql.length; at++) {
    if (sql[at] === '(') depth++;
    else if (sql[at] === ')' && --depth === 0) return at + 1;
  }
  return -1;
}

/** `fn(…).*` with its optional `EXCEPT (…)` and `REPLACE (…)` → a placeholder column. */
function withoutExpressionStars(sql: string, notes: string[]): string {
  let out = sql;
  for (let guard = 0; guard < 50; guard++) {
    const match = /\)\s*\.\s*\*/.exec(out);
    if (!match) break;
    const open = openingParen(out, match.index);
    if (open < 0) break;
    const name = /[A-Za-z_][\w.]*\s*$/.exec(out.slice(0, open));
    const start = name ? open - name[0].length : open;
    let end = match.index + match[0].length;
    for (let clause = /^\s*(?:EXCEPT|REPLACE)\s*\(/i.exec(out.slice(end)); clause; clause = /^\s*(?:EXCEPT|REPLACE)\s*\(/i.exec(out.slice(end))) {
      const past = pastClosingParen(out, end + clause[0].length - 1);
      if (past < 0) break;
      end = past;
    }
    notes.push(`The star over an expression's fields "${excerpt(out.slice(start, end))}" is not expanded: its columns are left out of the lineage. Select the fields by name to have their lineage.`);
    out = `${out.slice(0, start)}NULL AS ${UNREAD_COLUMN_PREFIX}${notes.length}${out.slice(end)}`;
  }
  return out;
}

/** `expr AS :name` → a placeholder column. */
function withoutBindVariableAliases(sql: string, notes: string[]): string {
  return sql.replace(/\bAS\s+:([A-Za-z_][\w$]*)/gi, (_whole, name: string) => {
    notes.push(`The column named ":${name}" has a bind variable where its name should be: it is left out of the lineage. Give it a name (AS ${name}) to have its lineage.`);
    return `AS ${UNREAD_COLUMN_PREFIX}${notes.length}`;
  });
}

/** The SQL rewritten as above, or undefined when nothing applies. */
export function rewrittenForParser(sql: string): ParserRewrite | undefined {
  let out = sql;
  for (const pattern of LINEAGE_FREE) out = out.replace(pattern, ' ');
  const notes: string[] = [];
  out = withoutBindVariableAliases(withoutExpressionStars(out, notes), notes);
  return out === sql ? undefined : { sql: out, notes };
}
