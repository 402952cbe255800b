import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ServiceConnection } from '../../core/api/http';
import { CATALOG_SETTINGS } from '../../core/settings/catalogSettings';
import { formatPlan, formatPushResult } from '../../core/plan/pushFormat';
import type { PushPlan } from '../../core/plan/pushPlanTypes';
import type { PushFileVerdict } from '../../core/plan/pushVerdicts';
import { failed, succeeded, type Result } from '../../core/common/result';
import { runPushWorkflow, type PushOutcome, type PushSteps } from '../../core/push/pushWorkflow';
import type { ConnectionManager } from '../connection/connectionManager';
import type { ServerQueries } from '../serverQueries';
import type { PlanPreview } from './planPreview';
import { planMarkdown } from '../../core/plan/planMarkdown';
import { planCounts } from '../../core/plan/planReportInput';
import { countsSentence, pushButtonLabel, pushedSentence, removalLines, removalQuestion } from './pushWording';
import { SCOPE_WORDS, narrowPlan, type PushScope } from './pushScope';
import { describeError } from '../../core/errors/describeError';

/**
 * The push commands: plan against the service, show the plan, confirm in a modal, send under
 * cancellable progress, report each item; a partial failure offers to retry what is missing.
 */
export class PushCommands implements vscode.Disposable {
  private readonly pushed = new vscode.EventEmitter<string[]>();
  /** A push sent something (the entities its plan wrote): views of the pending state ask again (what was pending is now pushed). */
  readonly onDidPush = this.pushed.event;

  constructor(
    private readonly connection: ConnectionManager,
    private readonly log: vscode.LogOutputChannel,
    private readonly server: ServerQueries,
    private readonly preview: PlanPreview,
  ) {}

  /** The handlers, bound to this object (ids bound in `client/commands.ts`). */
  handlers() {
    // A code lens from the language server passes the file as a URI string.
    const fileOrActive = (arg: unknown): vscode.Uri | undefined =>
      arg instanceof vscode.Uri ? arg : typeof arg === 'string' && arg.includes(':') ? vscode.Uri.parse(arg) : vscode.window.activeTextEditor?.document.uri;
    return {
    pushFile: (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'all'),
    pushWorkspace: async () => this.pushUris(await this.workspaceTarget(), 'all'),
    pushLineage: (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'lineage'),
    pushWorkspaceLineage: async () => this.pushUris(await this.workspaceTarget(), 'lineage'),
    pushStructuredProperties: (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'structuredProperties'),
    pushPropertyDefinitions: (arg?: unknown) => this.pushUris(this.fileTarget(fileOrActive(arg)), 'propertyDefinitions'),
    };
  }

  private fileTarget(uri: vscode.Uri | undefined): Result<vscode.Uri[]> {
    return uri ? succeeded([uri]) : failed('Open a metadata file (lineage, dataset, property definitions or MCP JSON) first, then run the command again.');
  }

  private async workspaceTarget(): Promise<Result<vscode.Uri[]>> {
    if (!vscode.workspace.workspaceFolders?.length) return failed('Open a folder first: the workspace push sends every metadata file in it.');
    // The language server knows which files are metadata (folders to skip, associations).
    const files = await this.server.workspaceProblems();
    if (!files) return failed(`cannot list the workspace's metadata files: ${this.server.unavailable() ?? 'no answer'}.`);
    return succeeded(files.map((file) => vscode.Uri.parse(file.uri)));
  }

  async pushUris(chosen: Result<vscode.Uri[]>, scope: PushScope, onlyIds?: ReadonlySet<string>): Promise<void> {
    if (!chosen.ok) {
      void vscode.window.showWarningMessage(`Catalog Code: ${chosen.problem}`);
      return;
    }
    const target = chosen.value;
    const service = this.connection.currentConnection;
    if (!service) {
      await this.offerConnection();
      return;
    }
    let outcome: PushOutcome;
    try {
      // The language server owns the files: it answers which are metadata files, what blocks the
      // push and the plan (core/push, as the CLI does); the client asks, confirms and sends.
      outcome = await runPushWorkflow(this.steps(target, scope, { url: service.url, token: service.token }, onlyIds));
    } catch (error) {
      const message = describeError(error);
      this.log.error(`Planning the push failed: ${message}`);
      void vscode.window.showErrorMessage(`Catalog Code could not plan the push: ${message}`, 'Open Log').then((c) => c && this.log.show());
      return;
    }
    await this.report(outcome, target, scope);
  }

  private async offerConnection(): Promise<void> {
    const choice = await vscode.window.showWarningMessage(`Catalog Code cannot push: ${this.connection.describe()}`, 'Start Local Catalog', 'Open Settings');
    if (choice === 'Start Local Catalog') await vscode.commands.executeCommand('catalogCode.startLocalCatalog');
    if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', CATALOG_SETTINGS.serviceUrl.key);
  }

  /** The editor's steps of the shared push workflow (core/push/pushWorkflow.ts). */
  private steps(uris: vscode.Uri[], scope: PushScope, connection: ServiceConnection, onlyIds?: ReadonlySet<string>): PushSteps {
    const where = uris.length === 1 ? path.basename(uris[0].fsPath) : `${uris.length} files`;
    return {
        verdicts: async () => sameService(await this.server.pushVerdicts(uris), connection.url),
        acceptErrors: (blocked) => (onlyIds ? Promise.resolve(true) : this.acceptErrors(blocked)),
        plan: () =>
          vscode.window.withProgress(
            { location: vscode.ProgressLocation.Notification, title: `Catalog Code: planning the push of ${SCOPE_WORDS[scope]}…`, cancellable: true },
            async (_progress, token) => narrowPlan(sameService(await this.server.pushPlan(uris, token), connection.url).plan, scope, onlyIds),
          ),
        confirm: (plan) => this.confirm(plan, scope, where, connection.url),
        connection,
        sending: (_plan, send) =>
          vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Catalog Code: pushing ${SCOPE_WORDS[scope]}`, cancellable: true }, (progress, token) => {
            const abort = new AbortController();
            token.onCancellationRequested(() => abort.abort());
            return send({
              signal: abort.signal,
              onStart: (item, index, total) => progress.report({ message: `${index + 1}/${total}: ${item.title}` }),
              onProgress: ({ total, result }) => {
                progress.report({ increment: 100 / total });
                if (result.ok) this.log.info(`Pushed: ${result.item.entityUrn} — ${result.item.title}`);
                else this.log.error(`Failed: ${result.item.entityUrn} — ${result.item.title}: ${result.error ?? ''}`);
              },
            });
          }),
    };
  }

  /**
   * The plan opens beside the editor (the Plan view's Markdown); the modal names adds, changes and
   * removes apart, and a push that removes anything asks a second time, naming the removals.
   */
  private async confirm(plan: PushPlan, scope: PushScope, where: string, url: string): Promise<boolean> {
    this.log.info(`Push plan for ${where}:\n${formatPlan(plan)}`);
    await this.preview.show(`Push plan of ${where}`, planMarkdown({ plan, serviceUrl: url }));
    const counts = planCounts(plan);
    const push = pushButtonLabel(counts);
    const detail = `${countsSentence(counts)}\nThe full plan is open beside the editor.`;
    const confirm = await vscode.window.showWarningMessage(`Push the ${SCOPE_WORDS[scope]} of ${where} to ${url}?`, { modal: true, detail }, push);
    if (confirm !== push) return false;
    if (counts.remove === 0) return true;
    const { question, button } = removalQuestion(counts, url);
    const sure = await vscode.window.showWarningMessage(question, { modal: true, detail: removalLines(plan).join('\n') }, button);
    return sure === button;
  }

  /** Tells how the push ended; a partial failure offers to retry exactly what failed. */
  private async report(outcome: PushOutcome, target: vscode.Uri[], scope: PushScope): Promise<void> {
    const where = target.length === 1 ? path.basename(target[0].fsPath) : `${target.length} files`;
    if (outcome.kind === 'noFiles') void vscode.window.showInformationMessage('Catalog Code: none of these files is a metadata file Catalog Code can push.');
    if (outcome.kind === 'upToDate') void vscode.window.showInformationMessage(`Catalog Code: nothing to push — the service already holds the ${SCOPE_WORDS[scope]} of ${where}.`);
    if (outcome.kind !== 'pushed') return;
    const { result, plan } = outcome;
    this.log.info(formatPushResult(result));
    this.pushed.fire([...new Set(plan.items.map((item) => item.entityUrn))]);
    if (result.failed.length === 0) {
      const pushed = pushedSentence(planCounts(plan), where, result.results.length);
      // The plans shown beside the editor are done: each says so rather than stay open and stale.
      this.preview.markPushed(pushed);
      // Sticky, for the walkthrough's "Push" step (package.json, completionEvents).
      void vscode.commands.executeCommand('setContext', 'catalogCode.walkthrough.pushed', true);
      void vscode.window.showInformationMessage(pushed);
      return;
    }
    const retry = 'Retry Failed';
    const choice = await vscode.window.showErrorMessage(
      `Catalog Code: ${result.failed.length} of ${plan.items.length} change(s) were not pushed${result.cancelled ? ' (cancelled)' : ''}. ${firstFailure(result)}`,
      retry,
      'Open Log',
    );
    if (choice === 'Open Log') this.log.show();
    if (choice === retry) await this.pushUris(succeeded(target), scope, new Set(result.failed.map((item) => item.id)));
  }

  /** Files with errors are not sent unless the user insists (the errors the server judged for this push). */
  private async acceptErrors(withErrors: readonly PushFileVerdict[]): Promise<boolean> {
    const insist = 'Push Anyway';
    const names = withErrors.map((file) => path.basename(vscode.Uri.parse(file.uri).fsPath)).join(', ');
    const choice = await vscode.window.showWarningMessage(
      `${names} ${withErrors.length === 1 ? 'has' : 'have'} errors; the service is likely to reject parts of the push.`,
      { modal: true, detail: `First: ${firstError(withErrors)}\nFix the problems first (see the Problems panel), or push anyway.` },
      insist,
      'Show Problems',
    );
    if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
    return choice === insist;
  }

  dispose(): void {
    this.pushed.dispose();
  }
}

function firstFailure(result: { results: { ok: boolean; error?: string; item: { entityUrn: string } }[] }): string {
  const failure = result.results.find((r) => !r.ok);
  return failure ? `First: ${failure.item.entityUrn}: ${failure.error ?? 'failed'}` : '';
}

function firstError(files: readonly PushFileVerdict[]): string {
  const file = files[0];
  const error = file?.errors[0];
  return error ? `${path.basename(vscode.Uri.parse(file.uri).fsPath)}:${error.range.start.line + 1}: ${error.code}: ${error.message}` : '';
}

/** The server's answer, when it is about the service the editor sends to; otherwise why not, in words. */
function sameService<T extends { serviceUrl: string }>(answer: T, url: string): T {
  if (answer.serviceUrl === url) return answer;
  throw new Error(`the language server judged the files for ${answer.serviceUrl}, but the editor is connected to ${url}. Wait until the status bar shows the new connection, then push again.`);
}
