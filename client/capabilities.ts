import * as vscode from 'vscode';
import type { ConnectionManager } from './connection/connectionManager';
import { ImpactCodeLens } from './impact/impactLens';
import { LineageGraphPanel } from './graph/graphPanel';
import type { LineageView } from './lineage/lineageView';
import type { ServerQueries } from './serverQueries';
import { askForUrn } from './askForUrn';
import { SqlLineageCodeLens } from './sql/sqlLineageLens';
import { writeSqlLineageCommand } from './sql/writeSqlLineage';

export interface CapabilityContext {
  context: vscode.ExtensionContext;
  connection: ConnectionManager;
  log: vscode.LogOutputChannel;
  lineageView: LineageView;
  server: ServerQueries;
  /** a push sent something, or the server reached (or lost) the catalog: the graph of the pending state draws again */
  onCatalogChanged: vscode.Event<void>;
}

/** The impact code lens, the SQL lineage lens and the lineage graph (issues #17, #38); returns their command handlers (ids bound in `client/commands.ts`). */
export function startCapabilities(capabilities: CapabilityContext) {
  const lens = new ImpactCodeLens(capabilities.connection, capabilities.server, capabilities.log);
  capabilities.context.subscriptions.push(lens, vscode.languages.registerCodeLensProvider([{ language: 'yaml' }, { language: 'json' }, { language: 'jsonc' }], lens));

  // Column lineage from SQL (issue 38): the lens above a .sql file and the command that writes its edges.
  const sqlLens = new SqlLineageCodeLens(capabilities.server, capabilities.log);
  capabilities.context.subscriptions.push(sqlLens, vscode.languages.registerCodeLensProvider([{ language: 'sql' }, { scheme: 'file', pattern: '**/*.sql' }], sqlLens));

  const graph = new LineageGraphPanel(capabilities.context.extensionUri, capabilities.connection, capabilities.log, capabilities.server);
  capabilities.context.subscriptions.push(graph, capabilities.onCatalogChanged(() => graph.refresh()));
  return {
    writeSqlLineage: writeSqlLineageCommand(capabilities.context, capabilities.server),
    showGraph: async (arg?: unknown) => {
      // Asked every time from the palette or the view's title, prefilled with the Lineage view's root: Enter draws it.
      const urn = await askForUrn(arg, {
        title: 'Show Lineage Graph',
        prompt: 'The URN of the entity whose lineage to draw',
        value: capabilities.lineageView.rootUrn,
        placeHolder: 'urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.orders,PROD)',
      });
      if (urn) graph.show(urn);
    },
  };
}
