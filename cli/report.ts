import type { CoreDiagnostic } from '../core/model/diagnostic';
import { LineIndex, type Position } from '../core/model/range';
import { logValue } from '../core/output/logText';
import { codeDoc, DEFAULT_DIAGNOSTICS_DOC_URL } from '../core/diagnostics/codeDocs';

export interface FileDiagnostic {
  file: string;
  range: { start: Position; end: Position };
  severity: CoreDiagnostic['severity'];
  code: string;
  message: string;
}

/** `lines`: the text's line index when the caller already has one (the session keeps one per file). */
export function toFileDiagnostics(file: string, text: string, diagnostics: readonly CoreDiagnostic[], lines?: LineIndex): FileDiagnostic[] {
  if (diagnostics.length === 0) return [];
  lines ??= new LineIndex(text);
  return diagnostics.map((d) => ({
    file,
    range: { start: lines.positionAt(d.range.start), end: lines.positionAt(d.range.end) },
    severity: d.severity,
    code: d.code,
    message: d.message,
  }));
}

export type ReportFormat = 'text' | 'json' | 'github' | 'sarif';

export function formatText(diagnostics: readonly FileDiagnostic[], filesChecked: number, filesNotChecked = 0, filesUnreadable = 0): string {
  const lines = diagnostics.map(
    (d) => `${logValue(d.file)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${logValue(d.code)}: ${logValue(d.message)}`,
  );
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const notChecked = filesNotChecked > 0 ? ` ${filesNotChecked} DataHub file(s) of formats Catalog Code does not check were named (format.notChecked), not checked.` : '';
  const unreadable = filesUnreadable > 0 ? ` ${filesUnreadable} DataHub file(s) could not be read (parse.syntax).` : '';
  lines.push(`${filesChecked} metadata file(s) checked: ${errors} error(s), ${warnings} warning(s).${notChecked}${unreadable}`);
  return lines.join('\n');
}

/**
 * GitHub shows at most 10 error and 10 warning annotations of one step (and 10 notices); the rest
 * are dropped without a word. So `--format github` writes at most this many of each kind, and says
 * how many more there are and where the whole list is.
 */
export const GITHUB_ANNOTATIONS_PER_KIND = 10;

type AnnotationKind = 'error' | 'warning' | 'notice';

function annotationKind(severity: FileDiagnostic['severity']): AnnotationKind {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

export interface GithubReport {
  /** workflow commands (`::error file=…::…`), at most GITHUB_ANNOTATIONS_PER_KIND of each kind; escaped by GitHub's rules */
  annotations: string;
  /** plain text (never a workflow command) saying what was left out and where it is; empty when nothing was */
  summary: string;
}

/**
 * GitHub Actions workflow commands, so problems show as annotations on the pull request; errors
 * first, within GitHub's limits. `fullListAt` says where a reader finds every problem.
 */
export function formatGithub(diagnostics: readonly FileDiagnostic[], fullListAt = 'run catalog-code validate (text format) to list them all'): GithubReport {
  const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const shown: Record<AnnotationKind, number> = { error: 0, warning: 0, notice: 0 };
  const left: Record<AnnotationKind, number> = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  for (const d of diagnostics) {
    const command = annotationKind(d.severity);
    if (shown[command] >= GITHUB_ANNOTATIONS_PER_KIND) {
      left[command]++;
      continue;
    }
    shown[command]++;
    const props = [
      // A name's controls (ESC, BEL, bidi overrides) are shown as escapes here too, not written raw into the log.
      `file=${escapeProperty(logValue(d.file))}`,
      `line=${d.range.start.line + 1}`,
      `col=${d.range.start.character + 1}`,
      `endLine=${d.range.end.line + 1}`,
      `endColumn=${d.range.end.character + 1}`,
      `title=${escapeProperty(logValue(d.code))}`,
    ].join(',');
    lines.push(`::${command} ${props}::${escapeData(logValue(d.message))}`);
  }
  const more = (['error', 'warning', 'notice'] as const).filter((kind) => left[kind] > 0).map((kind) => `${left[kind]} more ${kind}${left[kind] === 1 ? '' : 's'}`);
  const summary =
    more.length === 0
      ? ''
      : `Catalog Code: ${more.join(', ')} not annotated (GitHub shows ${GITHUB_ANNOTATIONS_PER_KIND} of each kind per step; ${diagnostics.length} problem(s) in all). The full list: ${fullListAt}.`;
  return { annotations: lines.join('\n'), summary };
}

/** SARIF 2.1.0, for code-scanning uploads. */
export function formatSarif(diagnostics: readonly FileDiagnostic[], version: string, docsUrl = DEFAULT_DIAGNOSTICS_DOC_URL): string {
  const level = (s: FileDiagnostic['severity']): string => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');
  const ruleIds = [...new Set(diagnostics.map((d) => d.code))].sort();
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'Catalog Code', version, informationUri: docsUrl, rules: ruleIds.map((id) => sarifRule(id, docsUrl)) } },
          results: diagnostics.map((d) => ({
            ruleId: d.code,
            level: level(d.severity),
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: d.file.replace(/\\/g, '/') },
                  region: {
                    startLine: d.range.start.line + 1,
                    startColumn: d.range.start.character + 1,
                    endLine: d.range.end.line + 1,
                    endColumn: d.range.end.character + 1,
                  },
                },
              },
            ],
          })),
        },
      ],
    },
    null,
    2,
  );
}

/** A SARIF rule as code scanning shows it: the one-line meaning first, then who refuses it, and the docs. */
function sarifRule(id: string, docsUrl: string) {
  const doc = codeDoc(id, docsUrl);
  return { id, name: id, shortDescription: { text: doc.short }, fullDescription: { text: doc.full }, helpUri: doc.helpUri, help: { text: `${doc.full} See ${doc.helpUri}` } };
}
