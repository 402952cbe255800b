// MSSQL procedures: the parser reads a procedure's header but not every statement of its body, so
// the body is split into statements and the ones that read or write tables are read one by one
// (as DataHub's stored-procedure fallback does). Control flow (BEGIN/END, TRY/CATCH, IF, WHILE)
// is dropped; dynamic SQL (EXEC of a string) cannot be followed.

const HEADER = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(?:CREATE|ALTER)\s+(?:OR\s+ALTER\s+)?(?:PROC|PROCEDURE)\b/i;

/** Keywords that start a statement worth reading. */
const DML = /^(?:INSERT|UPDATE|DELETE|MERGE|SELECT|WITH|CREATE\s+TABLE)\b/i;

/** Control-flow words a statement may be prefixed with on the same chunk. */
const CONTROL = /^(?:BEGIN\s+TRY|END\s+TRY|BEGIN\s+CATCH|END\s+CATCH|BEGIN\s+TRANSACTION|BEGIN\s+TRAN|BEGIN|END|ELSE)\b\s*/i;

function stripComments(sql: string): string {
  return sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
}

/** The body after the header's `AS` (the first one outside parentheses). */
function bodyOf(sql: string): string {
  let depth = 0;
  const pattern = /[()]|\bAS\b/gi;
  for (let match = pattern.exec(sql); match; match = pattern.exec(sql)) {
    if (match[0] === '(') depth++;
    else if (match[0] === ')') depth--;
    else if (depth === 0) return sql.slice(match.index + 2);
  }
  return sql;
}

/**
 * Where a new statement begins on a new line: a keyword that cannot continue the statement before
 * it (SET only as a session or variable SET, INSERT not as MERGE's `INSERT (…)`, END and ELSE not as CASE's).
 */
const STATEMENT_START = new RegExp(
  '\\n(?=\\s*(?:' +
    [
      'BEGIN\\b', 'END\\s*(?:TRY|CATCH|TRANSACTION|TRAN)?\\s*(?:\\n|$)', 'IF\\b', 'ELSE\\s*(?:\\n|BEGIN\\b|IF\\b)', 'WHILE\\b', 'DECLARE\\b',
      'SET\\s+(?:@|NOCOUNT|ROWCOUNT|XACT_ABORT|ANSI_|TRANSACTION|QUOTED_IDENTIFIER)', 'EXEC(?:UTE)?\\b', 'RETURN\\b', 'THROW\\b',
      'RAISERROR\\b', 'PRINT\\b', 'DROP\\b', 'TRUNCATE\\b', 'COMMIT\\b', 'ROLLBACK\\b', 'INSERT\\s+(?:INTO\\b|[\\w#@\\[])',
      'UPDATE\\s+(?!SET\\b)', 'DELETE\\s+(?:FROM\\b|[\\w#@\\[])', 'MERGE\\b', 'CREATE\\b',
    ].join('|') +
    '))',
  'i',
);

/** A chunk without the control-flow words in front of its statement. */
function withoutControlFlow(chunk: string): string {
  let out = chunk;
  for (let control = CONTROL.exec(out); control && control[0] !== ''; control = CONTROL.exec(out)) out = out.slice(control[0].length);
  return out;
}

/** Splits at `;` and where a line begins a new statement. */
function chunks(body: string): string[] {
  return body
    .split(';')
    .flatMap((part) => part.split(new RegExp(STATEMENT_START.source, 'gi')))
    .map((chunk) => withoutControlFlow(chunk.trim()))
    .filter((chunk) => chunk !== '')
    .reduce<string[]>((out, chunk) => {
      // `WITH … AS (…)` then `UPDATE`/`INSERT`/`DELETE`/`MERGE` on the next line is one statement.
      const previous = out[out.length - 1];
      if (previous !== undefined && /^WITH\b/i.test(previous) && /^(?:INSERT|UPDATE|DELETE|MERGE)\b/i.test(chunk)) out[out.length - 1] = `${previous}\n${chunk}`;
      else out.push(chunk);
      return out;
    }, []);
}

/** The items of a `SELECT @a = x, @b = y [FROM …]` list, split at top-level commas, as written (spaces collapsed). */
export function variableAssignments(statement: string): string[] {
  const list = statement.replace(/^SELECT\s+/i, '');
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at <= list.length; at++) {
    const char = list[at];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    const atEnd = at === list.length || (depth === 0 && /^\s(?:FROM|WHERE|ORDER|GROUP)\b/i.test(list.slice(at, at + 7)));
    if (atEnd || (depth === 0 && char === ',')) {
      items.push(list.slice(start, at).trim().replace(/\s+/g, ' '));
      start = at + 1;
      if (atEnd) break;
    }
  }
  return items.filter((item) => item !== '');
}

export interface ProcedureBody {
  /** The statements that read or write tables, each to be parsed on its own. */
  statements: string[];
  /** `SELECT @variable = …` items: no lineage, listed as DataHub lists them (an output column of a bare SELECT, read from nothing). */
  assignments: string[];
}

/** The statements of an MSSQL procedure worth reading, or undefined when the SQL is not a procedure. */
export function procedureStatements(sql: string): ProcedureBody | undefined {
  if (!HEADER.test(sql)) return undefined;
  const body: ProcedureBody = { statements: [], assignments: [] };
  for (const chunk of chunks(bodyOf(stripComments(sql)))) {
    if (/^SELECT\s+@/i.test(chunk)) body.assignments.push(...variableAssignments(chunk));
    else if (DML.test(chunk)) body.statements.push(chunk);
  }
  return body;
}
