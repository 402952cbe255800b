import * as path from 'node:path';
import * as vscode from 'vscode';
import { readDocument } from '../../core/formats';
import { FORMAT_IDS, type DocumentModel, type FormatId } from '../../core/model/facts';
import { applyPlan, buildPushPlan, formatPlan, formatPushResult, type PushPlan } from '../../core/plan/push';
import type { ConnectionManager } from '../connection/connectionManager';
import type { FileProblems } from '../../core/protocol';
import type { ServerQueries } from '../serverQueries';
import { PlanPreview } from './planPreview';
import { SCOPE_WORDS, narrowPlan, type PushScope } from './pushScope';
import { readMetadataFileSync } from '../../core/files/readFile';
import { MAX_FILE_BYTES } from '../../core/workspace/metadataFiles';

type Register = (command: string, run: (...args: unknown[]) => unknown) => void;

interface PushSource {
  uri: vscode.Uri;
  text: string;
  model: DocumentModel;
}

/**
 * The push commands: plan against the service, show the plan, confirm in a modal, send under
 * cancellable progress, report each item; a partial failure offers to retry what is missing.
 */
export class PushCommands implements vscode.Disposable {
  private readonly preview = new PlanPreview();

  constructor(
    private readonly connection: ConnectionManager,
    private readonly log: vscode.LogOutputChannel,
    private readonly server: ServerQueries,
  ) {}

  register(register: Register): void {
    // A code lens from the language server passes the file as a URI string.
    const fileOrActive = (arg: unknown): vscode.Uri | undefined =>
      arg instanceof vscode.Uri ? arg : typeof arg === 'string' && arg.includes(':') ? vscode.Uri.parse(arg) : vscode.window.activeTextEditor?.document.uri;
    register('catalogCode.pushFile', (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'all'));
    register('catalogCode.pushWorkspace', async () => this.pushUris(await this.workspaceTarget(), 'all'));
    register('catalogCode.pushLineage', (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'lineage'));
    register('catalogCode.pushWorkspaceLineage', async () => this.pushUris(await this.workspaceTarget(), 'lineage'));
    register('catalogCode.pushStructuredProperties', (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'structuredProperties'));
    register('catalogCode.pushPropertyDefinitions', (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'propertyDefinitions'));
  }

  private fileTarget(uri: vscode.Uri | undefined): vscode.Uri[] | string {
    return uri ? [uri] : 'Open a metadata file (lineage, dataset, property definitions or MCP JSON) first, then run the command again.';
  }

  private async workspaceTarget(): Promise<vscode.Uri[] | string> {
    if (!vscode.workspace.workspaceFolders?.length) return 'Open a folder first: the workspace push sends every metadata file in it.';
    // The language server knows which files are metadata (folders to skip, associations).
    const files = await this.server.workspaceProblems();
    if (!files) return `cannot list the workspace's metadata files: ${this.server.unavailable() ?? 'no answer'}.`;
    return files.map((file) => vscode.Uri.parse(file.uri));
  }

  async pushUris(target: vscode.Uri[] | string, scope: PushScope, onlyIds?: ReadonlySet<string>): Promise<void> {
    if (typeof target === 'string') {
      void vscode.window.showWarningMessage(`Catalog Code: ${target}`);
      return;
    }
    const service = this.connection.currentConnection;
    if (!service) {
      const choice = await vscode.window.showWarningMessage(
        `Catalog Code cannot push: ${this.connection.describe()}`,
        'Start Local Catalog',
        'Open Settings',
      );
      if (choice === 'Start Local Catalog') await vscode.commands.executeCommand('catalogCode.startLocalCatalog');
      if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'catalogCode.service.url');
      return;
    }
    // The language server decides which files are metadata files and in which format (folders to
    // skip, associations, content) and what is wrong with them: the push asks it, never decides.
    const files = await this.server.workspaceProblems(target);
    if (!files) {
      void vscode.window.showWarningMessage(
        `Catalog Code cannot push: ${this.server.unavailable() ?? 'the language server did not answer'}. It decides which files are metadata files and checks them before a push.`,
      );
      return;
    }
    const sources = await this.readSources(files);
    if (sources.length === 0) {
      void vscode.window.showInformationMessage('Catalog Code: none of these files is a metadata file Catalog Code can push.');
      return;
    }
    if (!onlyIds && !(await this.acceptErrors(files.filter((file) => sources.some((s) => s.uri.toString() === file.uri))))) return;

    const connection = { url: service.url, token: service.token };
    const typeNamespace = this.connection.current.status === 'connected' && this.connection.current.target.kind === 'local' ? 'service' : 'datahub';
    let plan: PushPlan;
    try {
      plan = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Catalog Code: planning the push of ${SCOPE_WORDS[scope]}…`, cancellable: true },
        (_progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return buildPushPlan(connection, sources.map((s) => s.model), { signal: abort.signal, typeNamespace });
        },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`Planning the push failed: ${message}`);
      void vscode.window.showErrorMessage(`Catalog Code could not plan the push: ${message}`, 'Open Log').then((c) => c && this.log.show());
      return;
    }
    plan = narrowPlan(plan, scope, onlyIds);
    const where = sources.length === 1 ? path.basename(sources[0].uri.fsPath) : `${sources.length} files`;
    if (plan.items.length === 0) {
      void vscode.window.showInformationMessage(`Catalog Code: nothing to push — the service already holds the ${SCOPE_WORDS[scope]} of ${where}.`);
      return;
    }
    const preview = formatPlan(plan);
    this.log.info(`Push plan for ${where}:\n${preview}`);
    await this.preview.show(`push-plan-${path.basename(where)}`, preview);
    const push = `Push ${plan.items.length} Change${plan.items.length === 1 ? '' : 's'}`;
    const confirm = await vscode.window.showWarningMessage(
      `Push the ${SCOPE_WORDS[scope]} of ${where} to ${service.url}?`,
      { modal: true, detail: summarize(preview) },
      push,
    );
    if (confirm !== push) return;

    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Catalog Code: pushing ${SCOPE_WORDS[scope]}`, cancellable: true },
      (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return applyPlan(connection, plan, {
          signal: abort.signal,
          onStart: (item, index, total) => progress.report({ message: `${index + 1}/${total}: ${item.title}` }),
          onProgress: ({ total, result: itemResult }) => {
            progress.report({ increment: 100 / total });
            if (itemResult.ok) this.log.info(`Pushed: ${itemResult.item.entityUrn} — ${itemResult.item.title}`);
            else this.log.error(`Failed: ${itemResult.item.entityUrn} — ${itemResult.item.title}: ${itemResult.error ?? ''}`);
          },
        });
      },
    );
    const report = formatPushResult(result);
    this.log.info(report);
    if (result.failed.length === 0) {
      void vscode.window.showInformationMessage(`Catalog Code: pushed ${result.results.length} change(s) of ${where}.`);
      return;
    }
    const retry = 'Retry Failed';
    const choice = await vscode.window.showErrorMessage(
      `Catalog Code: ${result.failed.length} of ${plan.items.length} change(s) were not pushed${result.cancelled ? ' (cancelled)' : ''}. ${firstFailure(result)}`,
      retry,
      'Open Log',
    );
    if (choice === 'Open Log') this.log.show();
    if (choice === retry) await this.pushUris(target, scope, new Set(result.failed.map((item) => item.id)));
  }

  /**
   * The text of each metadata file the server listed, read as the format the server read it as.
   * The plan itself is built here, not in the server: it is planned against the service with the
   * client's connection (the target the user signed in to or started) under a cancellable
   * progress, and sent by applyPlan from the same models, so the models must live in the client.
   */
  private async readSources(files: readonly FileProblems[]): Promise<PushSource[]> {
    const sources: PushSource[] = [];
    for (const file of files) {
      const format = asFormatId(file.format);
      if (!format) continue;
      const uri = vscode.Uri.parse(file.uri);
      // An open editor's text wins over the file on disk: push what the user sees (as the server does).
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.uri);
      const text = open ? open.getText() : await readFromDisk(uri);
      if (typeof text !== 'string') {
        this.log.warn(`Skipped ${uri.fsPath}: it ${text.problem}.`);
        continue;
      }
      sources.push({ uri, text, model: readDocument(file.uri, text, { format }) });
    }
    return sources;
  }

  /** Files with errors are not sent unless the user insists. */
  private async acceptErrors(files: readonly FileProblems[]): Promise<boolean> {
    // The server's diagnostics, exactly as the editor shows them (live definitions included).
    const insist = 'Push Anyway';
    const withErrors = files.filter((file) => file.diagnostics.some((d) => d.severity === 1 /* Error */));
    if (withErrors.length === 0) return true;
    const names = withErrors.map((file) => path.basename(vscode.Uri.parse(file.uri).fsPath)).join(', ');
    const choice = await vscode.window.showWarningMessage(
      `${names} ${withErrors.length === 1 ? 'has' : 'have'} errors; the service is likely to reject parts of the push.`,
      { modal: true, detail: 'Fix the problems first (see the Problems panel), or push anyway.' },
      insist,
      'Show Problems',
    );
    if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
    return choice === insist;
  }

  dispose(): void {
    this.preview.dispose();
  }
}

/** The format the server named, when it is one the push reads ('none' and unknown names are not). */
function asFormatId(format: string): FormatId | undefined {
  return (FORMAT_IDS as readonly string[]).includes(format) ? (format as FormatId) : undefined;
}

function summarize(preview: string): string {
  const lines = preview.split('\n');
  const summary = lines.find((l) => l.startsWith('Summary:')) ?? lines[0];
  return `${summary}\nThe full plan is open beside the editor.`;
}

function firstFailure(result: { results: { ok: boolean; error?: string; item: { entityUrn: string } }[] }): string {
  const failure = result.results.find((r) => !r.ok);
  return failure ? `First: ${failure.item.entityUrn}: ${failure.error ?? 'failed'}` : '';
}

/**
 * A listed file as on disk: on a local disk through core's bounded reader (a regular file of at
 * most the size the server reads; a file swapped for a FIFO or a device since the scan cannot
 * hang the push), elsewhere through VS Code's file system.
 */
async function readFromDisk(uri: vscode.Uri): Promise<string | { problem: string }> {
  if (uri.scheme === 'file') {
    const read = readMetadataFileSync(uri.fsPath, MAX_FILE_BYTES);
    return 'text' in read ? read.text : read;
  }
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    return { problem: `could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
}
