import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import type { LineageFileEntry } from '../sql/lineageFragment';
import { mergeIntoLineageFile } from '../sql/mergeLineageFile';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/** The lineage entry a `lineage.sqlDisagrees` diagnostic carries (core/rules/sqlDisagrees.ts), when it has one. */
function entryOf(diagnostic: Diagnostic): LineageFileEntry | undefined {
  const entry = (diagnostic.data as { entry?: unknown } | undefined)?.entry as Partial<LineageFileEntry> | undefined;
  if (!entry || typeof entry.entity?.name !== 'string' || !Array.isArray(entry.fineGrainedLineages) || !Array.isArray(entry.upstream)) return undefined;
  return entry as LineageFileEntry;
}

/**
 * "Add the column edges the SQL of mart.orders_v implies": the SQL's entry merged into the lineage
 * file (core/sql/mergeLineageFile.ts), so output columns written by hand keep their edges, comments
 * and order stay, and only the missing edges (and upstream datasets) are added.
 */
export function addSqlEdges(document: WorkspaceDocument, diagnostic: Diagnostic): CodeAction[] {
  const entry = entryOf(diagnostic);
  if (!entry || document.model.format !== 'lineageFile') return [];
  let merged;
  try {
    merged = mergeIntoLineageFile(document.text, [entry]);
  } catch {
    // Not a lineage file this fix can write into (invalid YAML): its own diagnostics say why.
    return [];
  }
  if (merged.addedEdges === 0 || merged.text === document.text) return [];
  const end = document.lineIndex.positionAt(document.text.length);
  return [
    {
      title: `Add the column edges the SQL of ${entry.entity.name} implies (${merged.addedEdges})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [document.uri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: merged.text }] } },
    },
  ];
}
