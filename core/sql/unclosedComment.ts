// The parser reads a `/*` that is never closed as a comment to the end of the text, so the rest of
// a statement vanishes without a word; the analysis refuses such a text instead of guessing.

// Where a block comment opens that nothing closes (1-based line and column), outside strings,
// quoted names and line comments; undefined when every one is closed.
export function unclosedBlockComment(sql: string): { line: number; column: number } | undefined {
  for (let at = 0; at < sql.length; at++) {
    const char = sql[at];
    if (char === "'" || char === '"' || char === '`') at = closing(sql, at + 1, char);
    else if (char === '-' && sql[at + 1] === '-') at = lineEnd(sql, at);
    else if (char === '$') at = dollarQuoted(sql, at);
    else if (char === '/' && sql[at + 1] === '*') {
      const end = sql.indexOf('*/', at + 2);
      if (end < 0) return positionOf(sql, at);
      at = end + 1;
    }
  }
  return undefined;
}

/** The index of the quote that closes a string or quoted name opened before `from` (a doubled quote is one character of it); the text's end when none does. */
function closing(sql: string, from: number, quote: string): number {
  for (let at = sql.indexOf(quote, from); at >= 0; at = sql.indexOf(quote, at + 2)) {
    if (sql[at + 1] !== quote) return at;
  }
  return sql.length;
}

function lineEnd(sql: string, from: number): number {
  const end = sql.indexOf('\n', from);
  return end < 0 ? sql.length : end;
}

/** Past a dollar-quoted string (`$$…$$`, `$tag$…$tag$`: PostgreSQL, Snowflake); at `from` itself when `$` opens none. */
function dollarQuoted(sql: string, from: number): number {
  const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(from, from + 64))?.[0];
  if (!tag) return from;
  const end = sql.indexOf(tag, from + tag.length);
  return end < 0 ? sql.length : end + tag.length - 1;
}

function positionOf(sql: string, index: number): { line: number; column: number } {
  const before = sql.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: index - lineStart + 1 };
}
