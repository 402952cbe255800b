import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeError } from '../../core/errors/describeError';
import { mdCode } from '../../core/output/markdown';
import { planMarkdown } from '../../core/plan/planMarkdown';
import { failed, succeeded, type Result } from '../../core/common/result';
import type { PlanPreview } from '../push/planPreview';
import type { ServerQueries } from '../serverQueries';

/** What a plan covers, as the user chose it: files, a folder's metadata files, or the whole workspace. */
interface PlanTarget {
  uris: vscode.Uri[];
  /** "revenue-lineage.yml", "folder lineage", "the workspace" */
  where: string;
}

/**
 * Catalog Code: Plan — what a push of a file, a folder or the workspace would change in the
 * catalog, shown as `catalog-code plan --format markdown` shows it (removals first and red, each
 * entity folded, the impact). The language server plans (catalogCode/pushPlan, the same
 * core/push/sessionPush.ts as the CLI and the push); this command only asks and shows.
 */
export function planCommand(server: ServerQueries, preview: PlanPreview, log: vscode.LogOutputChannel) {
  return async (arg?: unknown, selected?: unknown): Promise<void> => {
    const target = await planTarget(server, arg, selected);
    if (!target.ok) {
      void vscode.window.showWarningMessage(`Catalog Code: Plan: ${target.problem}`);
      return;
    }
    const { uris, where } = target.value;
    try {
      const markdown = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Catalog Code: planning ${where}…`, cancellable: true },
        async (_progress, token) => {
          const [verdicts, answer] = [await server.pushVerdicts(uris, token), await server.pushPlan(uris, token, { impact: true })];
          const blocked = verdicts.files.filter((file) => file.errors.length > 0).map((file) => path.basename(vscode.Uri.parse(file.uri).fsPath));
          const warning = blocked.length > 0 ? ['', `> **A push would stop first:** ${blocked.map((name) => mdCode(name)).join(', ')} ${blocked.length === 1 ? 'has' : 'have'} errors (see the Problems panel). Fix them, then plan again.`] : [];
          return [planMarkdown({ plan: answer.plan, serviceUrl: answer.serviceUrl, impacts: answer.impacts, impactError: answer.impactError }), ...warning].join('\n');
        },
      );
      log.info(`Plan of ${where}:\n${markdown}`);
      await preview.show(`Plan of ${where}`, markdown);
    } catch (error) {
      const message = describeError(error);
      log.error(`Planning ${where} failed: ${message}`);
      void vscode.window.showErrorMessage(`Catalog Code could not plan ${where}: ${message}`, 'Open Log').then((choice) => choice && log.show());
    }
  };
}

/**
 * The explorer passes the clicked resource and the selection; the palette passes nothing: then
 * the active metadata file or the workspace, as the user picks.
 */
async function planTarget(server: ServerQueries, arg: unknown, selected: unknown): Promise<Result<PlanTarget>> {
  const chosen = Array.isArray(selected) && selected.every((s) => s instanceof vscode.Uri) && selected.length > 0 ? (selected as vscode.Uri[]) : arg instanceof vscode.Uri ? [arg] : [];
  if (chosen.length > 0) return resolveResources(server, chosen);
  if (!vscode.workspace.workspaceFolders?.length && !vscode.window.activeTextEditor) return failed('open a metadata file or a folder first, then run Plan again.');
  const active = vscode.window.activeTextEditor?.document;
  if (active && active.uri.scheme === 'file' && ['yaml', 'json', 'jsonc'].includes(active.languageId)) {
    const file = `This file: ${path.basename(active.uri.fsPath)}`;
    const pick = await vscode.window.showQuickPick([file, 'The whole workspace'], { title: 'Catalog Code: Plan', placeHolder: 'What should the plan cover?' });
    if (!pick) return failed('nothing chosen, so nothing was planned.');
    if (pick === file) return succeeded({ uris: [active.uri], where: path.basename(active.uri.fsPath) });
  }
  const files = await server.workspaceProblems();
  if (!files) return failed(`cannot list the workspace's metadata files: ${server.unavailable() ?? 'no answer from the language server'}.`);
  return succeeded({ uris: files.map((file) => vscode.Uri.parse(file.uri)), where: 'the workspace' });
}

/** Files stay themselves; a folder becomes the metadata files under it, as the language server lists them. */
async function resolveResources(server: ServerQueries, resources: readonly vscode.Uri[]): Promise<Result<PlanTarget>> {
  const folders: vscode.Uri[] = [];
  const uris: vscode.Uri[] = [];
  for (const resource of resources) {
    const stat = await vscode.workspace.fs.stat(resource).then(undefined, () => undefined);
    if (stat && stat.type & vscode.FileType.Directory) folders.push(resource);
    else uris.push(resource);
  }
  if (folders.length > 0) {
    const files = await server.workspaceProblems();
    if (!files) return failed(`cannot list the metadata files of ${folders.map((f) => path.basename(f.fsPath)).join(', ')}: ${server.unavailable() ?? 'no answer from the language server'}.`);
    const prefixes = folders.map((folder) => `${folder.toString().replace(/\/$/, '')}/`);
    uris.push(...files.map((file) => vscode.Uri.parse(file.uri)).filter((uri) => prefixes.some((prefix) => uri.toString().startsWith(prefix))));
    if (uris.length === 0) return failed(`no metadata file (lineage, dataset, property definitions, MCP JSON) is in ${folders.map((f) => path.basename(f.fsPath)).join(', ')}.`);
  }
  const names = resources.map((r) => path.basename(r.fsPath));
  const where = names.length === 1 ? (folders.length === 1 ? `folder ${names[0]}` : names[0]) : `${names.length} selected items`;
  return succeeded({ uris, where });
}
