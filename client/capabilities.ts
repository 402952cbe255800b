import * as vscode from 'vscode';
import type { ConnectionManager } from './connection/connectionManager';
import { registerPullCommand } from './pull/pullCommand';
import { ImpactCodeLens, showImpact } from './impact/impactLens';
import { LineageGraphPanel } from './graph/graphPanel';
import type { LineageView } from './lineage/lineageView';
import type { ServerQueries } from './serverQueries';
import { askForUrn } from './askForUrn';

type Register = (command: string, run: (...args: unknown[]) => unknown) => void;

export interface CapabilityContext {
  context: vscode.ExtensionContext;
  register: Register;
  connection: ConnectionManager;
  log: vscode.LogOutputChannel;
  lineageView: LineageView;
  server: ServerQueries;
}

/** Pull from Catalog, the impact code lens and the lineage graph (issue #17): one call from extensionMain. */
export function registerCapabilities(capabilities: CapabilityContext): void {
  registerPullCommand(capabilities.register, capabilities.connection, capabilities.log);
  const lens = new ImpactCodeLens(capabilities.connection, capabilities.server, capabilities.log);
  capabilities.context.subscriptions.push(lens, vscode.languages.registerCodeLensProvider([{ language: 'yaml' }, { language: 'json' }, { language: 'jsonc' }], lens));
  capabilities.register('catalogCode.impact.show', showImpact);

  const graph = new LineageGraphPanel(capabilities.context.extensionUri, capabilities.connection, capabilities.log, capabilities.server);
  capabilities.context.subscriptions.push(graph);
  capabilities.register('catalogCode.lineage.showGraph', async (arg?: unknown) => {
    // Asked every time from the palette or the view's title, prefilled with the Lineage view's root: Enter draws it.
    const urn = await askForUrn(arg, {
      title: 'Show Lineage Graph',
      prompt: 'The URN of the entity whose lineage to draw',
      value: capabilities.lineageView.rootUrn,
      placeHolder: 'urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.orders,PROD)',
    });
    if (urn) graph.show(urn);
  });
}
