import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import { lookupProperty } from '../definitions/lookup';
import { DIAGNOSTIC_SOURCE } from '../model/diagnostic';
import { factsOfKind, type PropertyAssignmentFact } from '../model/facts';
import type { SourceRange } from '../model/range';
import { addUpstreamEdit } from './addUpstream';
import { addSqlEdges } from './addSqlEdges';
import { formatScalar } from './scalarText';
import { isJsonDocument, type FeatureInput, type WorkspaceDocument } from '../workspace/workspaceDocument';

const MAX_REPLACEMENTS = 5;

/**
 * Quick fixes from the candidates the rules put in `diagnostic.data` (closest first), plus the
 * fixes that need the document: keep one value of a SINGLE property, add the missing upstream of
 * a column edge, and a suppression comment (YAML).
 *
 * The fixes are built from the server's own diagnostics of the document (`own`, in the positions
 * of `input.document`), never from what the client echoed in the request's context: a client may
 * send no `source` or `data` (ALE), or ranges counted otherwise (Neovim 0.7 sends byte columns), so
 * an edit derived from them could write outside the problem. The echoed ones only say which of
 * the server's diagnostics the user means, besides those at the requested range. A caller that
 * computed the diagnostics itself (a test, the fuzzer) passes them once, as `echoed`.
 */
export function codeActions(input: FeatureInput, range: SourceRange, echoed: readonly Diagnostic[], own: readonly Diagnostic[] = echoed): CodeAction[] {
  const document = input.document;
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnosticsAt(document, range, echoed, own)) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || typeof diagnostic.code !== 'string') continue;
    const code = diagnostic.code;
    const candidates = candidatesOf(diagnostic);
    const target = offsetsOf(document, diagnostic);
    if (code === 'property.cardinality') actions.push(...keepOneValue(document, diagnostic, target, candidates));
    else if (code === 'lineage.sqlDisagrees') actions.push(...addSqlEdges(document, diagnostic));
    else {
      const replaced = replacements(document, diagnostic, target, candidates);
      actions.push(...replaced);
      if (code === 'lineage.columnOutsideEdge') actions.push(...addMissingUpstream(document, diagnostic, target, replaced.length === 0));
    }
    const suppress = suppressionAction(document, diagnostic, code, target.start);
    if (suppress) actions.push(suppress);
  }
  const single = singleValueRefactor(input, range);
  if (single) actions.push(single);
  return actions;
}

/**
 * The server's diagnostics the request is about: those touching the requested range, and those
 * with the code and start line of a diagnostic the client echoed (its columns may be counted
 * otherwise, its line is the same).
 */
export function diagnosticsAt(document: WorkspaceDocument, range: SourceRange, echoed: readonly Diagnostic[], own: readonly Diagnostic[]): Diagnostic[] {
  const echoedAt = new Set(echoed.map((diagnostic) => `${String(diagnostic.code)}@${diagnostic.range.start.line}`));
  return own.filter((diagnostic) => {
    if (echoedAt.has(`${String(diagnostic.code)}@${diagnostic.range.start.line}`)) return true;
    const at = offsetsOf(document, diagnostic);
    return at.start <= range.end && range.start <= at.end;
  });
}

function candidatesOf(diagnostic: Diagnostic): string[] {
  const data = diagnostic.data as { candidates?: unknown } | undefined;
  return Array.isArray(data?.candidates) ? data.candidates.filter((c): c is string => typeof c === 'string') : [];
}

function offsetsOf(document: WorkspaceDocument, diagnostic: Diagnostic): SourceRange {
  return { start: document.lineIndex.offsetAt(diagnostic.range.start), end: document.lineIndex.offsetAt(diagnostic.range.end) };
}

function edit(document: WorkspaceDocument, range: SourceRange, newText: string): TextEdit {
  return { range: { start: document.lineIndex.positionAt(range.start), end: document.lineIndex.positionAt(range.end) }, newText };
}

function fix(document: WorkspaceDocument, title: string, diagnostic: Diagnostic, edits: TextEdit[], preferred: boolean): CodeAction {
  const action: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [document.uri]: edits } } };
  if (preferred) action.isPreferred = true;
  return action;
}

/** "Replace with 'PROD'": the diagnostic's range is the text to replace (inside quotes for strings). */
function replacements(document: WorkspaceDocument, diagnostic: Diagnostic, target: SourceRange, candidates: string[]): CodeAction[] {
  const written = document.text.slice(target.start, target.end);
  return candidates
    .filter((candidate) => candidate !== written)
    .slice(0, MAX_REPLACEMENTS)
    .map((candidate, i) => {
      const text = formatScalar(document, target, candidate);
      return fix(document, titleFor(diagnostic, written, candidate), diagnostic, [edit(document, target, text)], i === 0);
    });
}

function titleFor(diagnostic: Diagnostic, written: string, candidate: string): string {
  const code = String(diagnostic.code);
  const urnProblem = (diagnostic.data as { urnErrorCode?: unknown } | undefined)?.urnErrorCode;
  const shown = `'${candidate}'`;
  if (candidate === '') return `Remove '${written}'`;
  if (code === 'property.notAllowedValue') return `Use the allowed value ${shown}`;
  if (written.toLowerCase() === candidate.toLowerCase()) return `Fix the case: ${shown}`;
  if (code === 'urn.environment' || urnProblem === 'urn.environment' || (code === 'format.enumValue' && /^[A-Z_]+$/.test(candidate) && /env/i.test(typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value))) return `Fix the environment: ${shown}`;
  // Only the quotes change: say so, rather than "Replace with '365'" for a 365 written as "365".
  if (unquoted(written) === candidate && written !== candidate) return `Remove the quotes: ${candidate}`;
  if (unquoted(candidate) === written && written !== candidate) return `Quote it: ${candidate}`;
  return `Replace with ${shown}`;
}

/** The text inside one pair of surrounding quotes (YAML or JSON), or the text itself. */
function unquoted(text: string): string {
  return text.length >= 2 && (text[0] === '"' || text[0] === "'") && text[text.length - 1] === text[0] ? text.slice(1, -1) : text;
}

function assignmentAt(document: WorkspaceDocument, range: SourceRange): PropertyAssignmentFact | undefined {
  return factsOfKind(document.model, 'propertyAssignment').find(
    (fact) => (fact.valuesRange.start <= range.start && range.end <= fact.valuesRange.end) || (fact.range.start <= range.start && range.end <= fact.range.end && range.start === range.end),
  );
}

/** For SINGLE: replace the list with one of its values, written as a scalar (YAML). */
function keepOneValue(document: WorkspaceDocument, diagnostic: Diagnostic, target: SourceRange, candidates: string[]): CodeAction[] {
  const assignment = assignmentAt(document, target);
  if (!assignment || isJsonDocument(document)) return [];
  return assignment.values.slice(0, MAX_REPLACEMENTS).map((value, i) => {
    const scalar = formatScalar(document, undefined, String(value.value));
    const label = candidates[i] ?? String(value.value);
    return fix(document, `Keep only '${label}' (the property takes a single value)`, diagnostic, [scalarEdit(document, assignment, scalar)], i === 0);
  });
}

/** Rewrites `key:\n  - a` / `key: [a]` as `key: a`. */
function scalarEdit(document: WorkspaceDocument, assignment: PropertyAssignmentFact, scalar: string): TextEdit {
  const colon = document.text.indexOf(':', assignment.property.range.end);
  const start = colon >= 0 && colon < assignment.valuesRange.start ? colon + 1 : assignment.valuesRange.start;
  // A block list's range runs through its last line break, which must stay.
  let end = assignment.valuesRange.end;
  while (end > start && /\s/.test(document.text[end - 1])) end--;
  return edit(document, { start, end }, start === assignment.valuesRange.start ? scalar : ` ${scalar}`);
}

/** A refactoring offered on a one-element list of a SINGLE property: write it as a plain value. */
function singleValueRefactor(input: FeatureInput, range: SourceRange): CodeAction | undefined {
  const document = input.document;
  if (isJsonDocument(document)) return undefined;
  const assignment = assignmentAt(document, range);
  if (!assignment || !assignment.writtenAsList || assignment.values.length !== 1) return undefined;
  if (lookupProperty(input.definitions, assignment.propertyUrn).effective?.cardinality !== 'SINGLE') return undefined;
  const scalar = formatScalar(document, undefined, String(assignment.values[0].value ?? ''));
  return {
    title: 'Write the single value without a list',
    kind: CodeActionKind.RefactorRewrite,
    edit: { changes: { [document.uri]: [scalarEdit(document, assignment, scalar)] } },
  };
}

/** For a column edge outside the entity-level edges: add the column's dataset as an upstream. */
function addMissingUpstream(document: WorkspaceDocument, diagnostic: Diagnostic, target: SourceRange, preferred: boolean): CodeAction[] {
  const data = diagnostic.data as { missingUpstream?: unknown; owner?: unknown } | undefined;
  if (typeof data?.missingUpstream !== 'string') return [];
  const edits = addUpstreamEdit(document, target, data.missingUpstream);
  const owner = typeof data.owner === 'string' ? data.owner : 'this entity';
  return edits ? [fix(document, `Add ${data.missingUpstream} as an upstream of ${owner}`, diagnostic, edits, preferred)] : [];
}

/** `# catalog-code-disable-next-line <code>` above the diagnostic's line, at its indentation (YAML only). */
function suppressionAction(document: WorkspaceDocument, diagnostic: Diagnostic, code: string, offset: number): CodeAction | undefined {
  if (isJsonDocument(document)) return undefined;
  const lineStart = document.text.lastIndexOf('\n', offset - 1) + 1;
  const indent = /^[ \t]*/.exec(document.text.slice(lineStart))?.[0] ?? '';
  const newline = document.text.includes('\r\n') ? '\r\n' : '\n';
  const text = `${indent}# catalog-code-disable-next-line ${code}${newline}`;
  return {
    title: `Ignore ${code} on this line`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes: { [document.uri]: [edit(document, { start: lineStart, end: lineStart }, text)] } },
  };
}
