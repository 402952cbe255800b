import { rm } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { currentSettings } from '../settings';
import { restoreSampleFiles } from '../sampleFiles';
import type { ConnectionManager } from './connectionManager';

/** Start, stop, reset the local catalog, and load the sample data into it. */
export function localCatalogCommands(context: vscode.ExtensionContext, connection: ConnectionManager) {
  const usingRemote = (): boolean => currentSettings().serviceUrl.trim() !== '';
  const explainRemote = (): void => {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Catalog Code is connected to the service in catalogCode.service.url; clear that setting to use the local catalog.'),
      vscode.l10n.t('Open Settings'),
    ).then((choice) => choice && vscode.commands.executeCommand('workbench.action.openSettings', 'catalogCode.service.url'));
  };

  return {
    restoreSampleFiles: () => restoreSampleFiles(context),

    start: async () => {
      if (usingRemote()) return explainRemote();
      const started = await connection.startLocal();
      if (started) void vscode.window.showInformationMessage(vscode.l10n.t('Catalog Code: the local catalog is running at {0}, with its data in {1}.', started.url, connection.localDataDir() ?? ''));
    },

    stop: async () => {
      if (!connection.isLocalRunning()) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Catalog Code: the local catalog is not running.'));
        return;
      }
      await connection.stopLocal();
    },

    reset: async () => {
      if (usingRemote()) return explainRemote();
      const dataDir = connection.localDataDir();
      if (!dataDir) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Catalog Code: VS Code gives this window no folder to keep the local catalog in; open a folder, then reset it again.'));
        return;
      }
      const reset = 'Delete and Restart';
      const choice = await vscode.window.showWarningMessage(
        `Reset the local catalog?`,
        { modal: true, detail: `Everything pushed to it is deleted (${dataDir}). Your metadata files are not touched.` },
        reset,
      );
      if (choice !== reset) return;
      await connection.stopLocal();
      await rm(dataDir, { recursive: true, force: true });
      await connection.startLocal();
    },

    loadSampleData: async () => {
      if (usingRemote()) return explainRemote();
      const samples = context.asAbsolutePath(path.join('test', 'fixtures', 'sample-catalog'));
      const started = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Catalog Code: loading the sample data into the local catalog…' },
        () => connection.startLocal([samples]),
      );
      if (!started) return;
      const loaded = 'Catalog Code: the sample catalog is loaded (datasets, jobs, charts, properties and lineage).';
      vscode.window.setStatusBarMessage(loaded, 15_000);
      const open = 'Open Sample Files';
      const choice = await vscode.window.showInformationMessage(loaded, open);
      if (choice === open) await openSampleFiles(samples);
    },
  };
}

/**
 * The sample catalog's files, read-only in this window: they live inside the installed extension,
 * so they are shown, not opened as a folder (a second window would start a second local catalog).
 */
async function openSampleFiles(samples: string): Promise<void> {
  for (const name of ['01-properties.yaml', '04-lineage.yml']) {
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(samples, name)), { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.setActiveEditorReadonlyInSession');
  }
}
