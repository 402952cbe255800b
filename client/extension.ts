// The entry bundle: kept tiny so activation is quick. It registers every contributed command and
// loads the rest of the extension (`extensionMain.ts`, its own bundle) right after `activate()`
// returns; a command run before then waits for it.
import * as vscode from 'vscode';
import { DeferredCommands, contributedCommands } from './deferredCommands';
import type * as ExtensionMain from './extensionMain';

/** Built by esbuild as a separate bundle next to this one; never bundled into it. */
const MAIN_BUNDLE = 'dist/extensionMain.js';

let mainLoaded: Promise<typeof ExtensionMain | undefined> | undefined;

export function activate(context: vscode.ExtensionContext): void {
  // Created here, never at import, so a failed activation still leaves a log to open.
  const log = vscode.window.createOutputChannel('Catalog Code', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(vscode.commands.registerCommand('catalogCode.openLog', () => log.show()));

  const deferredIds = contributedCommands(context.extension.packageJSON);
  deferredIds.delete('catalogCode.openLog');
  const deferred = new DeferredCommands(deferredIds);
  for (const command of deferredIds) context.subscriptions.push(vscode.commands.registerCommand(command, deferred.forwarder(command)));

  mainLoaded = new Promise((resolve) => {
    setImmediate(() => resolve(loadMain(context, log, deferred)));
  });
}

async function loadMain(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, deferred: DeferredCommands): Promise<typeof ExtensionMain | undefined> {
  let main: typeof ExtensionMain | undefined;
  try {
    // A plain require, not import(): the extension host provides `vscode` only to required modules.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    main = require(context.asAbsolutePath(MAIN_BUNDLE)) as typeof ExtensionMain;
    await main.start(context, log, deferred);
    return main;
  } catch (error) {
    const reason = error instanceof Error ? error : new Error(String(error));
    log.error(`Catalog Code could not start (${MAIN_BUNDLE} failed to load or start): ${reason.message}`);
    deferred.markFailed(new Error(`Catalog Code did not start, so its commands cannot run: ${reason.message}. Reinstall or update the extension, and open the Catalog Code log for details.`));
    void vscode.window.showErrorMessage('Catalog Code did not start. Reinstall or update the extension; the log has the details.', 'Open Log').then((choice) => {
      if (choice) log.show();
    });
    // Whatever did start (the language server, say) is still stopped on deactivation.
    return main;
  }
}

export async function deactivate(): Promise<void> {
  const main = await mainLoaded;
  mainLoaded = undefined;
  await main?.deactivate();
}
