import * as vscode from 'vscode';
import type { LineageNode } from '../../core/lineage/types';
import { askEntity } from '../entityPicker';
import type { ServerQueries } from '../serverQueries';
import type { LineageView } from './lineageView';
import { openChangeSource } from './openChangeSource';

const isNode = (value: unknown): value is LineageNode => typeof value === 'object' && value !== null && 'kind' in value && 'id' in value;

/** The lineage view's commands: set/pin the root, filter by degree, open or copy a node (ids bound in `client/commands.ts`). */
export function lineageCommands(view: LineageView, server: ServerQueries) {
  return {
    showForUrn: async (arg?: unknown) => {
      // A name of the workspace (warehouse.orders_clean) or any URN, as Pull from Catalog asks.
      const urn = await askEntity('Show Lineage for URN: an entity of this workspace by name, or type a URN', server, arg);
      if (!urn) return;
      view.setRoot(urn);
      view.pin();
      await vscode.commands.executeCommand('catalogCode.lineage.focus');
    },
    pin: () => view.pin(),
    unpin: () => view.unpin(),
    refresh: () => view.refresh(),
    degree1: () => view.setDegreeFilter('1'),
    degree2: () => view.setDegreeFilter('2'),
    degree3: () => view.setDegreeFilter('3+'),
    loadMore: (node?: unknown) => (isNode(node) ? view.loadMore(node) : undefined),
    copyUrn: async (node?: unknown) => {
      const urn = isNode(node) ? node.urn : view.rootUrn;
      if (!urn) return;
      await vscode.env.clipboard.writeText(urn);
      void vscode.window.setStatusBarMessage(`Copied ${urn}`, 3000);
    },
    openDefinition: async (node?: unknown) => {
      const urn = isNode(node) ? node.urn : view.rootUrn;
      if (!urn) return;
      const unavailable = server.unavailable();
      if (unavailable) {
        void vscode.window.showWarningMessage(`Catalog Code cannot look for the file that defines ${urn}: ${unavailable}.`);
        return;
      }
      const location = await vscode.window.withProgress(
        { location: { viewId: 'catalogCode.lineage' }, title: 'Looking for the file that defines it…' },
        (_progress, token) => server.entityDeclaration(urn, token),
      );
      if (!location) {
        void vscode.window.showInformationMessage(`No file in this workspace defines ${urn}. It lives only in the catalog service.`, 'Copy URN').then((choice) => {
          if (choice) void vscode.env.clipboard.writeText(urn);
        });
        return;
      }
      await vscode.window.showTextDocument(location.uri, { selection: location.range });
    },
    showPending: () => view.setPendingView('pending'),
    showPushed: () => view.setPendingView('pushed'),
    /** The file that adds or removes the edge to this node, with the URN selected (one click from the tree). */
    openChangeSource: (node?: unknown) => {
      if (!isNode(node)) return undefined;
      const mark = node.kind === 'column' ? node.column?.mark : node.mark;
      const parentUrn = node.path.length >= 2 ? node.path[node.path.length - 2] : undefined;
      return openChangeSource(mark, [node.urn, parentUrn].filter((urn): urn is string => urn !== undefined));
    },
    setRoot: (node?: unknown) => {
      if (isNode(node) && node.urn) {
        view.setRoot(node.urn);
        view.pin();
      }
    },
  };
}
