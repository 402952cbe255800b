import { countText } from '../common/countText';
import type { CoreDiagnostic } from '../model/diagnostic';
import { shellPath } from '../output/shellPath';
import { MAX_WORKSPACE_FILES, type ScanLimit } from './metadataFiles';

/** The environment variable that sets the language server's limit of workspace files. */
export const MAX_WORKSPACE_FILES_VARIABLE = 'CATALOG_MAX_WORKSPACE_FILES';

/**
 * The most files a language server reads of a workspace: `CATALOG_MAX_WORKSPACE_FILES` when it is
 * a whole number of at least 1, else MAX_WORKSPACE_FILES; `problem` says why a value set was not used.
 */
export function maxWorkspaceFilesFrom(env: NodeJS.ProcessEnv): { limit: number; problem?: string } {
  const raw = env[MAX_WORKSPACE_FILES_VARIABLE]?.trim();
  if (!raw) return { limit: MAX_WORKSPACE_FILES };
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (value >= 1) return { limit: value };
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return { limit: MAX_WORKSPACE_FILES, problem: `${MAX_WORKSPACE_FILES_VARIABLE}=${JSON.stringify(shown)} is not a whole number of files of at least 1 (for example 200000); the default of ${countText(MAX_WORKSPACE_FILES)} files applies.` };
}

/** One sentence for the status and the notification: what happened, what it means, what to do. */
export function scanLimitMessage(reached: ScanLimit): string {
  return (
    `The workspace has more than ${countText(reached.limit)} YAML/JSON files, the most the language server reads: it read the first ${countText(reached.limit)} and left out the rest, from ${shellPath(reached.firstLeftOut)} on. ` +
    `Definitions, entities and lineage in the files left out are not seen (open files are still checked). ` +
    `Open a smaller folder, or set ${MAX_WORKSPACE_FILES_VARIABLE} in the language server's environment to a higher limit (each file costs memory: see docs/performance.md).`
  );
}

/** The diagnostic on the first file left out, so the Problems panel shows the limit where the skipped files start. */
export function scanLimitDiagnostic(reached: ScanLimit): CoreDiagnostic {
  return { range: { start: 0, end: 0 }, severity: 'warning', code: 'workspace.fileLimit', message: scanLimitMessage(reached) };
}

