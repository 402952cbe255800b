import * as vscode from 'vscode';
import { LineageTree } from '../../core/lineage/tree';
import type { DegreeBucket, LineageNode } from '../../core/lineage/types';
import type { ServerQueries } from '../serverQueries';
import { rootName } from '../../core/lineage/labels';
import { markDescription, markSentence, pendingViewWords } from '../../core/lineage/markLabels';
import type { PendingBasis, PendingView } from '../../core/common/pendingTypes';
import type { ConnectionManager } from '../connection/connectionManager';
import { iconForEntityType } from './icons';
import { LineageRoot } from './lineageRoot';
import { markColour, markResource } from './markDecorations';
import { serverLineageFetcher } from './serverLineageFetcher';

/** A metadata file being edited changes the pending state: the view asks again once typing pauses. */
const EDIT_PAUSE_MS = 800;

const DEGREE_FILTERS: Record<string, readonly DegreeBucket[]> = {
  '1': ['1'],
  '2': ['1', '2'],
  '3+': ['1', '2', '3+'],
};

/**
 * The Lineage tree view: its root follows the entity under the cursor in a metadata file (only
 * when that entity changes), can be pinned, or is set by "Show Lineage for URN…". It shows the
 * language server's pending state (the catalog with the workspace's files applied; the files
 * alone when no catalog is connected) or, toggled, the catalog as pushed; edges the files add or
 * remove are marked with the file that does it.
 */
export class LineageView implements vscode.TreeDataProvider<LineageNode>, vscode.Disposable {
  private tree: LineageTree | undefined;
  /** The entity asked for, which may wait for the connection (see LineageRoot). */
  private readonly root = new LineageRoot();
  /** setContext calls, one after another, so an older state never lands after a newer one. */
  private contextUpdates: Promise<void> = Promise.resolve();
  private pinned = false;
  private degrees: readonly DegreeBucket[] = ['1'];
  /** "with my changes" (the pending state) or "as pushed" */
  private pendingView: PendingView = 'pending';
  /** what the last answer was computed from (files only when offline) */
  private basis: PendingBasis | undefined;
  private editTimer: NodeJS.Timeout | undefined;
  private readonly changed = new vscode.EventEmitter<LineageNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<LineageNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private cursorTimer: NodeJS.Timeout | undefined;
  /** Counts cursor look-ups: only the answer to the latest one may set the root. */
  private cursorLookup = 0;

  constructor(
    private readonly connection: ConnectionManager,
    private readonly server: ServerQueries,
  ) {
    this.view = vscode.window.createTreeView('catalogCode.lineage', { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      this.changed,
      vscode.window.onDidChangeTextEditorSelection((event) => this.onCursorMoved(event.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((editor) => editor && this.onCursorMoved(editor)),
      connection.onDidChange(() => this.onConnectionChanged()),
      vscode.workspace.onDidChangeTextDocument((event) => this.onMetadataEdited(event.document)),
      vscode.workspace.onDidSaveTextDocument((document) => this.onMetadataEdited(document)),
    );
    void this.updateContext();
  }

  get rootUrn(): string | undefined {
    return this.root.urn;
  }

  private onConnectionChanged(): void {
    // A root asked for before the connection was ready is built now, not dropped.
    this.root.disconnected();
    this.showRequestedRoot();
  }

  /** With my changes, an edit to a metadata file may add or remove an edge: ask again after a pause. */
  private onMetadataEdited(document: vscode.TextDocument): void {
    if (this.pendingView !== 'pending' || !this.tree || document.uri.scheme !== 'file' || !['yaml', 'json', 'jsonc'].includes(document.languageId)) return;
    clearTimeout(this.editTimer);
    this.editTimer = setTimeout(() => this.refresh(), EDIT_PAUSE_MS);
  }

  private onCursorMoved(editor: vscode.TextEditor): void {
    if (this.pinned) return;
    // Debounced: a cursor that moves inside one entity must not reload the tree.
    clearTimeout(this.cursorTimer);
    this.cursorTimer = setTimeout(() => void this.lookUpCursor(editor), 250);
  }

  /** Asks the server (the owner of the workspace's documents) which entity is under the cursor. */
  private async lookUpCursor(editor: vscode.TextEditor): Promise<void> {
    const document = editor.document;
    if (!['yaml', 'json', 'jsonc'].includes(document.languageId)) return;
    const lookup = ++this.cursorLookup;
    let urn: string | undefined;
    try {
      urn = await this.server.entityAt(document.uri, editor.selection.active);
    } catch {
      return; // the server restarts or the document closed: the next cursor move asks again
    }
    // A later cursor move, a pin or "Show Lineage for URN…" while this was asked wins over this answer.
    if (lookup !== this.cursorLookup || this.pinned) return;
    if (urn && urn !== this.root.urn) this.setRoot(urn);
  }

  setRoot(urn: string, force = false): void {
    this.cursorLookup++; // an answer still on its way for an older cursor position must not replace this root
    if (!this.root.request(urn, force)) return;
    this.showRequestedRoot();
  }

  /**
   * Builds the tree for the requested root. The server answers with or without a catalog (the files
   * alone), so a root is shown at once; a new connection or view builds it again.
   */
  private showRequestedRoot(): void {
    const connected = this.connection.currentConnection;
    const urn = this.root.toBuild(`${connected ? `${connected.url}\n${connected.token ?? ''}` : 'files only'}\n${this.pendingView}`);
    if (urn) {
      this.basis = undefined;
      const fetcher = serverLineageFetcher(this.server, this.pendingView, (basis) => this.onBasis(basis));
      this.tree = new LineageTree(urn, fetcher, { degrees: this.degrees });
    }
    this.showMessage();
    this.changed.fire(undefined);
    void this.updateContext();
  }

  private onBasis(basis: PendingBasis | undefined): void {
    if (basis === this.basis) return;
    this.basis = basis;
    this.showMessage();
  }

  /** "Lineage of orders (pinned) — with my changes — files only: …" */
  private showMessage(): void {
    const shown = this.root.urn;
    this.view.message = shown ? `Lineage of ${rootName(shown)}${this.pinned ? ' (pinned)' : ''} — ${pendingViewWords(this.pendingView, this.basis)}` : undefined;
  }

  /** Toggles between the catalog as pushed and the catalog with the workspace's files applied. */
  setPendingView(view: PendingView): void {
    if (view === this.pendingView) return;
    this.pendingView = view;
    this.root.disconnected(); // the same root, built again for the other view
    this.showRequestedRoot();
  }

  pin(): void {
    this.pinned = true;
    this.showMessage();
    void this.updateContext();
  }

  unpin(): void {
    this.pinned = false;
    this.showMessage();
    void this.updateContext();
    const editor = vscode.window.activeTextEditor;
    if (editor) this.onCursorMoved(editor);
  }

  setDegreeFilter(filter: '1' | '2' | '3+'): void {
    this.degrees = DEGREE_FILTERS[filter];
    this.tree?.setDegreeFilter(this.degrees);
    this.changed.fire(undefined);
    void vscode.commands.executeCommand('setContext', 'catalogCode.lineage.degree', filter === '1' ? '1' : filter === '2' ? '2' : '3+');
  }

  refresh(): void {
    this.tree?.refresh();
    this.changed.fire(undefined);
  }

  async loadMore(node: LineageNode): Promise<void> {
    if (!this.tree || node.kind !== 'loadMore') return;
    await this.tree.loadMore(node.id);
    this.changed.fire(node.parentId ? this.tree.node(node.parentId) : undefined);
  }

  private updateContext(): Promise<void> {
    // Chained: each update reads the state when its turn comes, so the last one always wins.
    this.contextUpdates = this.contextUpdates.then(async () => {
      const connected = this.connection.current.status === 'connected';
      await vscode.commands.executeCommand('setContext', 'catalogCode.connected', connected);
      // A root waiting for the connection counts: the view says so rather than "No entity here".
      await vscode.commands.executeCommand('setContext', 'catalogCode.lineage.hasRoot', this.root.urn !== undefined);
      await vscode.commands.executeCommand('setContext', 'catalogCode.lineage.pinned', this.pinned);
      await vscode.commands.executeCommand('setContext', 'catalogCode.lineage.view', this.pendingView);
      // Sticky, for the walkthrough's "Look at the lineage" step (package.json, completionEvents).
      if (this.root.urn !== undefined) await vscode.commands.executeCommand('setContext', 'catalogCode.walkthrough.lineageShown', true);
    }).catch(() => undefined);
    return this.contextUpdates;
  }

  getTreeItem(node: LineageNode): vscode.TreeItem {
    const collapsible = node.expandable
      ? node.kind === 'group'
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = node.id;
    switch (node.kind) {
      case 'group':
        item.iconPath = new vscode.ThemeIcon(node.direction === 'upstream' ? 'arrow-up' : 'arrow-down');
        item.contextValue = 'lineageGroup';
        break;
      case 'entity':
        this.entityItem(item, node);
        break;
      case 'column':
        item.iconPath = new vscode.ThemeIcon('symbol-field', markColour(node.column?.mark));
        item.description = markDescription(node.column?.mark);
        item.resourceUri = markResource(node.id, node.column?.mark);
        item.contextValue = node.column?.mark && node.column.mark.change !== 'unchanged' ? 'lineageColumn.marked' : 'lineageColumn';
        // Plain text (no markdown to escape): the whole edge, each column by its full URN.
        item.tooltip = [node.label, '', ...(node.column?.downstreams ?? []), '← from', ...(node.column?.upstreams ?? []), ...(markSentence(node.column?.mark) ? ['', markSentence(node.column?.mark) ?? ''] : [])].join('\n');
        break;
      case 'loadMore':
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { title: 'Load more', command: 'catalogCode.lineage.loadMore', arguments: [node] };
        break;
      case 'error':
        item.iconPath = new vscode.ThemeIcon('warning');
        item.tooltip = node.error;
        break;
      case 'cut':
        item.iconPath = new vscode.ThemeIcon('info');
        item.tooltip = node.label;
        break;
    }
    return item;
  }

  /** An entity: its degree, and when the files add or remove the edge to it, that mark in words, colour and badge. */
  private entityItem(item: vscode.TreeItem, node: LineageNode): void {
    const marked = node.mark && node.mark.change !== 'unchanged' ? node.mark : undefined;
    const base = node.cycle ? new vscode.ThemeIcon('sync') : iconForEntityType(node.entityType);
    item.iconPath = marked ? new vscode.ThemeIcon(base.id, markColour(marked)) : base;
    const degree = node.degreeLabel === '3+' ? '3+ hops' : `degree ${node.degree ?? '?'}`;
    item.description = [markDescription(marked), degree, node.cycle ? 'cycle' : undefined].filter(Boolean).join(' · ');
    item.resourceUri = markResource(node.id, marked);
    const sentence = markSentence(marked);
    // Plain text, nothing to escape: the name may be cut in a narrow view, so the tooltip has it whole with the full URN.
    item.tooltip = `${node.label}\n${node.urn ?? ''}\n${node.entityType ?? ''} · ${item.description}${sentence ? `\n\n${sentence}` : ''}`;
    item.contextValue = marked ? 'lineageEntity.marked' : 'lineageEntity';
  }

  async getChildren(node?: LineageNode): Promise<LineageNode[]> {
    if (!this.tree) return [];
    if (!node) return this.tree.groups();
    return this.tree.children(node.id);
  }

  getParent(node: LineageNode): LineageNode | undefined {
    return node.parentId ? this.tree?.node(node.parentId) : undefined;
  }

  dispose(): void {
    clearTimeout(this.cursorTimer);
    clearTimeout(this.editTimer);
    for (const d of this.disposables) d.dispose();
  }
}
