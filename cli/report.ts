import type { CoreDiagnostic } from '../core/model/diagnostic';
import { LineIndex, type Position } from '../core/model/range';
import { logValue } from '../core/output/logText';

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

export function formatText(diagnostics: readonly FileDiagnostic[], filesChecked: number): string {
  const lines = diagnostics.map(
    (d) => `${logValue(d.file)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${logValue(d.code)}: ${logValue(d.message)}`,
  );
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  lines.push(`${filesChecked} metadata file(s) checked: ${errors} error(s), ${warnings} warning(s).`);
  return lines.join('\n');
}

/** GitHub Actions workflow commands, so problems show as annotations on the pull request. */
export function formatGithub(diagnostics: readonly FileDiagnostic[]): string {
  const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return diagnostics
    .map((d) => {
      const command = d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
      const props = [
        `file=${escapeProperty(d.file)}`,
        `line=${d.range.start.line + 1}`,
        `col=${d.range.start.character + 1}`,
        `endLine=${d.range.end.line + 1}`,
        `endColumn=${d.range.end.character + 1}`,
        `title=${escapeProperty(d.code)}`,
      ].join(',');
      return `::${command} ${props}::${escapeData(logValue(d.message))}`;
    })
    .join('\n');
}

/** SARIF 2.1.0, for code-scanning uploads. */
export function formatSarif(diagnostics: readonly FileDiagnostic[], version: string): string {
  const level = (s: FileDiagnostic['severity']): string => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');
  const ruleIds = [...new Set(diagnostics.map((d) => d.code))].sort();
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'Catalog Code', version, rules: ruleIds.map((id) => ({ id })) } },
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
