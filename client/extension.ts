// The entry bundle: kept tiny so activation is quick. It registers every contributed command and
// loads the rest of the extension (`extensionMain.ts`, its own bundle) right after `activate()`
// returns; a command run before then waits for it.
import * as vscode from 'vscode';
import { COMMAND_IDS, ENTRY_COMMANDS } from './commandIds';
import { DeferredCommands } from './deferredCommands';
import type * as ExtensionMain from './extensionMain';

/** Built by esbuild as a separate bundle next to this one; never bundled into it. */
const MAIN_BUNDLE = 'dist/extensionMain.js';

/**
 * The running extension (it owns the language client), kept from activation to deactivation:
 * VS Code calls `deactivate()` with no arguments, so the entry holds it here.
 */
let running: Promise<ExtensionMain.CatalogExtension | undefined> | undefined;

export function activate(context: vscode.ExtensionContext): void {
  // Created here, never at import, so a failed activation still leaves a log to open.
  const log = vscode.window.createOutputChannel('Catalog Code', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(vscode.commands.registerCommand('catalogCode.openLog', () => log.show()));

  // Every other command of the table, so none is ever "not found": each waits for the main bundle.
  const entryOwned: readonly string[] = ENTRY_COMMANDS;
  const deferredIds = new Set<string>(COMMAND_IDS.filter((id) => !entryOwned.includes(id)));
  const deferred = new DeferredCommands(deferredIds);
  for (const command of deferredIds) context.subscriptions.push(vscode.commands.registerCommand(command, deferred.forwarder(command)));

  running = new Promise((resolve) => {
    setImmediate(() => resolve(loadMain(context, log, deferred)));
  });
}

async function loadMain(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, deferred: DeferredCommands): Promise<ExtensionMain.CatalogExtension | undefined> {
  let extension: ExtensionMain.CatalogExtension | undefined;
  try {
    // A plain require, not import(): the extension host provides `vscode` only to required modules.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const main = require(context.asAbsolutePath(MAIN_BUNDLE)) as typeof ExtensionMain;
    extension = new main.CatalogExtension(context, log, deferred);
    await extension.start();
    return extension;
  } catch (error) {
    const reason = error instanceof Error ? error : new Error(String(error));
    log.error(`Catalog Code could not start (${MAIN_BUNDLE} failed to load or start): ${reason.message}`);
    deferred.markFailed(new Error(`Catalog Code did not start, so its commands cannot run: ${reason.message}. Reinstall or update the extension, and open the Catalog Code log for details.`));
    void vscode.window.showErrorMessage('Catalog Code did not start. Reinstall or update the extension; the log has the details.', 'Open Log').then((choice) => {
      if (choice) log.show();
    });
    // Whatever did start (the language server, say) is still stopped on deactivation.
    return extension;
  }
}

export async function deactivate(): Promise<void> {
  const extension = await running;
  running = undefined;
  await extension?.dispose();
}
