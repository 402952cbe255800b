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

/** Splits at `;` and at the control-flow keywords that begin a line. */
function chunks(body: string): string[] {
  const lines = body.split(/;|\n(?=\s*(?:BEGIN|END|IF|ELSE|WHILE|DECLARE|SET|EXEC|EXECUTE|RETURN|THROW|RAISERROR|PRINT|DROP|TRUNCATE|COMMIT|ROLLBACK|INSERT|UPDATE|DELETE|MERGE|WITH|CREATE)\b)/i);
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

/** The statements of an MSSQL procedure worth reading, or undefined when the SQL is not a procedure. */
export function procedureStatements(sql: string): string[] | undefined {
  if (!HEADER.test(sql)) return undefined;
  const statements: string[] = [];
  for (let chunk of chunks(bodyOf(stripComments(sql)))) {
    for (let control = CONTROL.exec(chunk); control && control[0] !== ''; control = CONTROL.exec(chunk)) chunk = chunk.slice(control[0].length);
    if (DML.test(chunk) && !/^SELECT\s+@/i.test(chunk)) statements.push(chunk);
  }
  return statements;
}
