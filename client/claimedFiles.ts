import * as vscode from 'vscode';
import { ClaimedFilesNotification, type ClaimedFilesParams } from '../core/protocol';
import type { FormatId } from '../core/model/facts';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CLAIMED_FILES_CONTEXT, CLAIMED_OVERFLOW_CONTEXT, HAS_METADATA_CONTEXT, claimedContext } from './contextKeys';

/**
 * Which files a format claims, as the language server tells them (`catalogCode/claimedFiles`,
 * server/claimedFiles.ts), turned into the context keys the Push, Plan and Pull menus read
 * (`resourcePath in catalogCode.claimedFiles`), so they never show on package.json, a workflow or any
 * other YAML or JSON. It also answers whether the workspace holds metadata at all, which decides
 * whether the local catalog may start on its own (connection/connectionManager.ts).
 */
export class ClaimedFiles implements vscode.Disposable {
  private readonly formats = new Map<string, FormatId>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fired after each message from the server, once the context keys are set. */
  readonly onDidChange = this.changed.event;
  private told = false;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  listen(client: LanguageClient): void {
    this.subscriptions.push(client.onNotification(ClaimedFilesNotification.type, (params) => void this.apply(params)));
  }

  /** Whether any file of the workspace is claimed by a format. */
  get hasMetadata(): boolean {
    return this.formats.size > 0;
  }

  /** Whether the server has told the claimed files at least once (its first scan is read). */
  get known(): boolean {
    return this.told;
  }

  formatOf(uri: vscode.Uri): FormatId | undefined {
    return this.formats.get(uri.toString());
  }

  private async apply(params: ClaimedFilesParams): Promise<void> {
    if (params.reset) this.formats.clear();
    // The editor's `resource` context key is the URI as VS Code writes it: server URIs are parsed and written again.
    for (const uri of params.released ?? []) this.formats.delete(vscode.Uri.parse(uri).toString());
    for (const [uri, format] of Object.entries(params.claimed ?? {})) this.formats.set(vscode.Uri.parse(uri).toString(), format);
    this.told = true;
    const context = claimedContext([...this.formats.keys()].map((uri) => vscode.Uri.parse(uri).fsPath), this.formats.size);
    await vscode.commands.executeCommand('setContext', CLAIMED_FILES_CONTEXT, context.claimed);
    await vscode.commands.executeCommand('setContext', CLAIMED_OVERFLOW_CONTEXT, context.overflow);
    await vscode.commands.executeCommand('setContext', HAS_METADATA_CONTEXT, context.hasMetadata);
    this.changed.fire();
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }
}
