import type { Diagnostic } from 'vscode-languageserver-types';
import { codeActions } from '../features/codeActions';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic } from '../model/diagnostic';
import type { SessionDocument, WorkspaceSession } from '../workspace/session';
import { AGENT_LIMITS, bounded, capped, moreClause } from './bounds';
import { toolError, type AgentTool } from './toolTypes';
import { fileLabel, selectFiles, uriPath } from './workspacePaths';

export interface AgentDiagnostic {
  file: string;
  /** 1-based, as editors and compilers print them */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
  severity: CoreDiagnostic['severity'];
  message: string;
  /** the titles of the quick fixes the editor offers for it */
  quickFixes: string[];
}

const SEVERITY_ORDER: Record<CoreDiagnostic['severity'], number> = { error: 0, warning: 1, information: 2, hint: 3 };

export const validateFilesTool: AgentTool = {
  name: 'validate_files',
  title: 'Validate metadata files',
  description:
    'Check DataHub metadata files of the workspace (structured property definitions, dataset YAML, lineage files, MCP JSON, updateLineage documents) exactly as the Catalog Code editor and `catalog-code validate` do. ' +
    'Give workspace-relative paths or globs (default: the whole workspace). Returns each problem with file, 1-based line and column, code (e.g. property.notAllowedValue), severity, message and the quick fixes the editor offers; errors first. ' +
    'Use it after writing or editing metadata YAML/JSON, and call explain_diagnostic for a code you do not know.',
  inputSchema: {
    type: 'object',
    properties: {
      paths: { type: 'array', maxItems: AGENT_LIMITS.paths, items: { type: 'string', minLength: 1, maxLength: 1000 }, description: 'Files, folders or globs relative to the workspace folder (e.g. "metadata/**/*.yaml"); default: every metadata file of the workspace.' },
      limit: { type: 'integer', minimum: 1, maximum: AGENT_LIMITS.diagnostics, description: `How many problems to list, errors first (default ${AGENT_LIMITS.diagnosticsDefault}); the counts are always of all of them.` },
    },
    additionalProperties: false,
  },
  readOnly: true,
  async run(input, context) {
    const selected = selectFiles(input.paths as string[] | undefined, context.folders);
    if (!selected.ok) return toolError(selected.problem);
    const { session } = await context.snapshot();
    await context.judgeAgainstCatalog?.();
    const documents = [...session.metadataDocuments(), ...session.uncheckedDocuments()].filter((document) => selected.value(uriPath(document.uri)));
    const found = documents.flatMap((document) => agentDiagnostics(session, document, context.folders));
    found.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.file.localeCompare(b.file) || a.line - b.line);
    const { shown, more } = capped(found, (input.limit as number | undefined) ?? AGENT_LIMITS.diagnosticsDefault);
    const errors = found.filter((d) => d.severity === 'error').length;
    const warnings = found.filter((d) => d.severity === 'warning').length;
    const summary = `${documents.length} metadata file(s) checked: ${errors} error(s), ${warnings} warning(s)${moreClause(more, 'problem(s)')}.${shown.slice(0, 5).map((d) => `\n${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`).join('')}`;
    return { summary, structured: { filesChecked: documents.length, errors, warnings, diagnostics: shown, more } };
  },
};

function agentDiagnostics(session: WorkspaceSession, document: SessionDocument, folders: readonly string[]): AgentDiagnostic[] {
  const file = fileLabel(uriPath(document.uri), folders);
  return session.diagnosticsOf(document.uri).map((diagnostic) => {
    const start = document.lineIndex.positionAt(diagnostic.range.start);
    const end = document.lineIndex.positionAt(diagnostic.range.end);
    return {
      file,
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      code: diagnostic.code,
      severity: diagnostic.severity,
      message: bounded(diagnostic.message),
      quickFixes: quickFixTitles(session, document, diagnostic, { start, end }),
    };
  });
}

const LSP_SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

/** The titles of the editor's quick fixes for one diagnostic (core/features/codeActions.ts), at most 5. */
function quickFixTitles(session: WorkspaceSession, document: SessionDocument, diagnostic: CoreDiagnostic, range: Diagnostic['range']): string[] {
  const lsp: Diagnostic = { range, severity: LSP_SEVERITY[diagnostic.severity], code: diagnostic.code, source: DIAGNOSTIC_SOURCE, message: diagnostic.message, ...(diagnostic.data ? { data: diagnostic.data } : {}) };
  try {
    const actions = codeActions({ document, definitions: session.definitionsView() }, diagnostic.range, [lsp]);
    return actions.filter((action) => action.kind?.startsWith('quickfix')).map((action) => bounded(action.title, 200)).slice(0, 5);
  } catch {
    return [];
  }
}
