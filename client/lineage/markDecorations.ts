import * as vscode from 'vscode';
import type { PendingChange, PendingMark } from '../../core/common/pendingTypes';

const SCHEME = 'catalog-code-lineage-mark';

/** The theme colours of git's own decorations: added green, removed red, changed as modified. */
const COLOURS: Record<Exclude<PendingChange, 'unchanged'>, { color: string; badge: string; tooltip: string }> = {
  added: { color: 'gitDecoration.addedResourceForeground', badge: '+', tooltip: 'Added by the workspace, not pushed yet' },
  removed: { color: 'gitDecoration.deletedResourceForeground', badge: '−', tooltip: 'Removed by the workspace, not pushed yet' },
  changed: { color: 'gitDecoration.modifiedResourceForeground', badge: '~', tooltip: 'Changed by the workspace, not pushed yet' },
  proposed: { color: 'gitDecoration.untrackedResourceForeground', badge: '?', tooltip: 'Proposed by the SQL that defines the dataset, not written in a lineage file yet' },
};

/** The icon's colour for a marked node, the same colour its label gets from the decoration. */
export function markColour(mark: PendingMark | undefined): vscode.ThemeColor | undefined {
  return mark && mark.change !== 'unchanged' ? new vscode.ThemeColor(COLOURS[mark.change].color) : undefined;
}

/**
 * A tree item's `resourceUri` that the decoration provider below colours: VS Code gives tree
 * items no other way to colour a label, and a FileDecoration also adds the badge (+, −, ~) that
 * keeps the mark readable without colour.
 */
export function markResource(nodeId: string, mark: PendingMark | undefined): vscode.Uri | undefined {
  if (!mark || mark.change === 'unchanged') return undefined;
  return vscode.Uri.from({ scheme: SCHEME, path: '/node', query: new URLSearchParams({ change: mark.change, id: nodeId }).toString() });
}

export class MarkDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly registration = vscode.window.registerFileDecorationProvider(this);

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== SCHEME) return undefined;
    const change = new URLSearchParams(uri.query).get('change');
    if (change !== 'added' && change !== 'removed' && change !== 'changed' && change !== 'proposed') return undefined;
    const look = COLOURS[change];
    return new vscode.FileDecoration(look.badge, look.tooltip, new vscode.ThemeColor(look.color));
  }

  dispose(): void {
    this.registration.dispose();
  }
}
