import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { LineageGraph } from '../../core/lineage/graph';
import { graphToMermaid, graphToSvg } from '../../core/lineage/graphExport';
import { rootName } from '../../core/lineage/labels';
import type { TreeDirection } from '../../core/lineage/types';
import type { PendingBasis } from '../../core/common/pendingTypes';
import { serverLineageFetcher } from '../lineage/serverLineageFetcher';
import { openChangeSource } from '../lineage/openChangeSource';
import type { ConnectionManager } from '../connection/connectionManager';
import type { ServerQueries } from '../serverQueries';
import type { FromWebview, GraphViewState, ToWebview } from './graphMessages';
import { describeError } from '../../core/errors/describeError';

/** A node's neighbours shown per expand; the rest behind a "+N more" node that shows them on click (a hub's thousands would bury the graph). */
const MAX_SHOWN_PER_EXPAND = 100;
const DIRECTIONS: Record<GraphViewState['directions'], TreeDirection[]> = { both: ['upstream', 'downstream'], upstream: ['upstream'], downstream: ['downstream'] };

/**
 * The lineage graph beside the editor: one webview panel showing the current root's lineage to a
 * chosen depth. The host owns the graph (core/lineage/graph.ts) and talks to the service; the
 * webview lays out and draws. Exports open as new editors (Mermaid text, SVG) to save or paste.
 */
export class LineageGraphPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private graph: LineageGraph | undefined;
  private state: GraphViewState = { depth: 2, directions: 'both', columns: false, view: 'pending' };
  /** what the last answer of the server was computed from (files only when offline) */
  private basis: PendingBasis | undefined;
  private editTimer: NodeJS.Timeout | undefined;
  /** the catalog the shown graph was read with: only a change of it draws again */
  private connectionKey: string | undefined;
  private generation = 0;
  /** the root asked for: drawn again when the connection, the files or a push change what it shows */
  private wantedRoot: string | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** the last graph the webview reported drawing (read by the end-to-end test through the log) */
  lastRendered: { root: string; nodes: number; edges: number } | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    connection: ConnectionManager,
    private readonly log: vscode.LogOutputChannel,
    private readonly server: ServerQueries,
  ) {
    // The server answers from the files alone until a catalog connects; a new connection draws again.
    this.subscriptions.push(
      connection.onDidChange(() => {
        const key = connection.currentConnection?.url ?? 'files only';
        if (key === this.connectionKey) return;
        this.connectionKey = key;
        this.refresh();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => this.onMetadataEdited(event.document)),
      vscode.workspace.onDidSaveTextDocument((document) => this.onMetadataEdited(document)),
    );
  }

  /** Draws the shown root again from a fresh answer (after a push, an edit, a new connection). */
  refresh(): void {
    if (this.panel && this.wantedRoot) void this.load(this.wantedRoot);
  }

  /** With my changes, an edit to a metadata file may add or remove an edge: draw again after a pause. */
  private onMetadataEdited(document: vscode.TextDocument): void {
    if (!this.panel || this.state.view !== 'pending' || document.uri.scheme !== 'file' || !['yaml', 'json', 'jsonc'].includes(document.languageId)) return;
    clearTimeout(this.editTimer);
    this.editTimer = setTimeout(() => this.refresh(), 800);
  }

  /** Lineage comes from the language server, the owner of the pending state (no token here). */
  private newGraph(root: string): LineageGraph {
    return new LineageGraph(root, serverLineageFetcher(this.server, this.state.view, (basis) => (this.basis = basis)), { maxShownPerExpand: MAX_SHOWN_PER_EXPAND });
  }

  show(root: string): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('catalogCode.lineageGraph', 'Lineage Graph', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
      });
      this.panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'lineage.svg');
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.graph = undefined;
        this.wantedRoot = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message: FromWebview) =>
        this.receive(message).catch((error: unknown) => {
          const text = describeError(error);
          this.log.error(`Lineage graph: ${text}`);
          this.post({ type: 'error', message: text });
        }),
      );
      this.panel.webview.html = this.html(this.panel.webview);
    } else {
      this.panel.reveal(undefined, true);
    }
    void this.load(root);
  }

  private post(message: ToWebview): void {
    void this.panel?.webview.postMessage(message);
  }

  /** A new root: the graph is grown again to the chosen depth. */
  private async load(root: string): Promise<void> {
    this.wantedRoot = root;
    this.graph = this.newGraph(root);
    if (this.panel) this.panel.title = `Lineage: ${rootName(root)}`;
    await this.grow();
  }

  private async grow(): Promise<void> {
    const graph = this.graph;
    if (!graph) return;
    const generation = ++this.generation;
    this.post({ type: 'busy', text: `Loading the lineage of ${rootName(graph.root)} to ${this.state.depth} hop(s)…` });
    try {
      await graph.expandTo(this.state.depth, DIRECTIONS[this.state.directions]);
      if (this.state.columns) await graph.loadColumns();
      if (generation === this.generation) this.send();
    } catch (error) {
      const message = `Could not load the lineage of ${graph.root}: ${describeError(error)}`;
      this.log.error(message);
      this.post({ type: 'error', message });
    }
  }

  private send(): void {
    if (!this.graph) return;
    this.post({ type: 'graph', snapshot: this.graph.snapshot(), state: this.state, busy: false, basis: this.basis });
  }

  private async receive(message: FromWebview): Promise<void> {
    const graph = this.graph;
    switch (message.type) {
      case 'ready':
        if (graph) this.send();
        return;
      case 'setState': {
        const narrower = message.state.depth < this.state.depth || message.state.directions !== this.state.directions || message.state.view !== this.state.view;
        this.state = message.state;
        // A smaller depth, another direction or the other view starts from the root again; more only adds.
        if (narrower && graph) this.graph = this.newGraph(graph.root);
        await this.grow();
        return;
      }
      case 'expand':
        if (!graph) return;
        await this.run(async () => {
          await graph.expand(message.urn, message.direction);
          if (this.state.columns) await graph.loadColumns();
        });
        return;
      case 'showMore':
        if (!graph) return;
        await this.run(async () => {
          graph.showMore(message.from, message.direction);
          if (this.state.columns) await graph.loadColumns();
        });
        return;
      case 'expandAll':
        if (!graph) return;
        await this.run(async () => {
          for (const direction of DIRECTIONS[this.state.directions]) await graph.expandAll(direction);
          if (this.state.columns) await graph.loadColumns();
        });
        return;
      case 'reroot':
        this.log.info(`Lineage graph: re-rooted on ${message.urn}`);
        await this.load(message.urn);
        return;
      case 'open':
        await openDefinition(this.server, message.urn);
        return;
      case 'openInDataHub':
        this.log.info(`Lineage graph: Open in DataHub for ${message.urn}`);
        await vscode.commands.executeCommand('catalogCode.openInDataHub', message.urn);
        return;
      case 'openChange': {
        const edge = graph?.snapshot().edges.find((e) => e.upstream === message.upstream && e.downstream === message.downstream);
        await openChangeSource(edge?.mark, [message.upstream, message.downstream]);
        return;
      }
      case 'exportMermaid':
        if (graph) await openExport(graphToMermaid(graph.snapshot(), { columns: this.state.columns }), 'mermaid');
        return;
      case 'exportSvg':
        await openExport(graphToSvg(message.layout, message.colors), 'xml');
        return;
      case 'rendered':
        this.lastRendered = { root: message.root, nodes: message.nodes, edges: message.edges };
        this.log.info(`Lineage graph: drew ${message.nodes} entities and ${message.edges} edges around ${message.root} in ${message.ms} ms`);
        return;
    }
  }

  private async run(action: () => Promise<void>): Promise<void> {
    this.post({ type: 'busy', text: 'Loading…' });
    try {
      await action();
      this.send();
    } catch (error) {
      this.post({ type: 'error', message: describeError(error) });
    }
  }

  private html(webview: vscode.Webview): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'lineageGraph.js'));
    const layoutWorker = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'lineageGraphLayout.js'));
    // The layout worker's script is fetched from the extension and started from a blob.
    const csp = `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${webview.cspSource} data:; connect-src ${webview.cspSource}; worker-src blob:;`;
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Lineage Graph</title>
<style nonce="${nonce}">
  html, body { height: 100%; margin: 0; padding: 0; overflow: hidden; }
  body { display: flex; flex-direction: column; color: var(--vscode-editor-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
  .toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 6px 8px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
  .toolbar select, .toolbar button { color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background); border: 1px solid var(--vscode-dropdown-border, transparent); padding: 2px 6px; font: inherit; }
  .toolbar button { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); cursor: pointer; }
  .toolbar button:hover { background: var(--vscode-button-secondaryHoverBackground); }
  #status { color: var(--vscode-descriptionForeground); margin-left: auto; }
  #canvas { flex: 1; width: 100%; cursor: grab; transform-origin: 0 0; will-change: transform; }
  .toolbar { position: relative; z-index: 1; background: var(--vscode-editor-background); }
  .node rect { fill: var(--vscode-editorWidget-background, var(--vscode-editor-background)); stroke: var(--vscode-editorWidget-border, var(--vscode-contrastBorder, #888)); stroke-width: 1; }
  .node.root rect { stroke: var(--vscode-focusBorder); stroke-width: 2.5; }
  .node { cursor: pointer; }
  .node:hover rect, .node:focus rect { stroke: var(--vscode-focusBorder); outline: none; }
  .node text.label { fill: var(--vscode-editor-foreground); }
  .node text.degree { fill: var(--vscode-descriptionForeground); }
  .expand { fill: var(--vscode-button-background); }
  .expand:hover { fill: var(--vscode-button-hoverBackground, var(--vscode-button-background)); }
  .edge { fill: none; stroke: var(--vscode-editorLineNumber-foreground); stroke-width: 1.5; }
  .edge.column { stroke: var(--vscode-charts-orange); stroke-dasharray: 5 4; }
  #arrow path { fill: var(--vscode-editorLineNumber-foreground); }
  #arrowColumn path { fill: var(--vscode-charts-orange); }
  .edge.added { stroke: var(--vscode-gitDecoration-addedResourceForeground); stroke-width: 2.5; cursor: pointer; }
  .edge.removed { stroke: var(--vscode-gitDecoration-deletedResourceForeground); stroke-dasharray: 6 4; cursor: pointer; }
  .mark { cursor: pointer; font-size: 11px; font-weight: bold; }
  .mark.added { fill: var(--vscode-gitDecoration-addedResourceForeground); }
  .mark.removed { fill: var(--vscode-gitDecoration-deletedResourceForeground); text-decoration: line-through; }
  .edge.proposed { stroke: var(--vscode-gitDecoration-untrackedResourceForeground); stroke-dasharray: 1 4; stroke-width: 2; cursor: pointer; }
  .mark.proposed { fill: var(--vscode-gitDecoration-untrackedResourceForeground); font-style: italic; }
  .node.added rect { stroke: var(--vscode-gitDecoration-addedResourceForeground); stroke-dasharray: 4 2; }
  .node.removed rect { stroke: var(--vscode-gitDecoration-deletedResourceForeground); stroke-dasharray: 2 3; }
  .node.removed text.label { text-decoration: line-through; }
  .node.more rect { stroke-dasharray: 3 3; }
  .node.more text.label { font-style: italic; }
  #basis { color: var(--vscode-editorWarning-foreground); }
</style></head>
<body data-layout-worker="${layoutWorker}">
<div class="toolbar" role="toolbar" aria-label="Lineage graph">
  <label>Depth <select id="depth" aria-label="Depth">${[1, 2, 3, 4, 5, 8].map((d) => `<option value="${d}"${d === this.state.depth ? ' selected' : ''}>${d}</option>`).join('')}</select></label>
  <label>Direction <select id="direction" aria-label="Direction"><option value="both" selected>Both</option><option value="upstream">Upstream</option><option value="downstream">Downstream</option></select></label>
  <label><input type="checkbox" id="columns"> Column-level edges</label>
  <label title="On: the catalog with the workspace's files applied (added edges green, removed ones red and dashed). Off: the catalog as pushed."><input type="checkbox" id="pending"${this.state.view === 'pending' ? ' checked' : ''}> With my changes</label>
  <span id="basis" role="status"></span>
  <button id="expandAll" title="Load one more hop from every entity shown">Expand All</button>
  <button id="fit" title="Fit the graph in the view, never below readable labels (0)">Fit</button>
  <button id="exportMermaid" title="Open the shown graph as Mermaid text">Export Mermaid</button>
  <button id="exportSvg" title="Open the shown graph as an SVG image">Export SVG</button>
  <span id="status" role="status" aria-live="polite">Loading…</span>
</div>
<svg id="canvas" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Lineage graph: click an entity to show its lineage, Alt+click to open its file, right-click for more; the wheel scrolls, Ctrl+wheel or a pinch zooms, Alt+Left goes back">
  <defs>
    <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>
    <marker id="arrowColumn" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>
  </defs>
  <g id="viewport"></g>
</svg>
<script nonce="${nonce}" src="${script}"></script>
</body></html>`;
  }

  dispose(): void {
    clearTimeout(this.editTimer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.panel?.dispose();
  }
}

/** The file that declares the entity, as the language server (the workspace's one owner) knows it. */
async function openDefinition(server: ServerQueries, urn: string): Promise<void> {
  const unavailable = server.unavailable();
  if (unavailable) {
    void vscode.window.showWarningMessage(`Catalog Code cannot look for the file that declares ${urn}: ${unavailable}.`);
    return;
  }
  const location = await server.entityDeclaration(urn);
  if (!location) {
    void vscode.window.showInformationMessage(`Catalog Code: no file in this workspace declares ${urn}. Pull it with "Pull from Catalog…" to get one.`);
    return;
  }
  await vscode.window.showTextDocument(location.uri, { selection: location.range, viewColumn: vscode.ViewColumn.One });
}

async function openExport(content: string, language: string): Promise<void> {
  const known = await vscode.languages.getLanguages();
  const document = await vscode.workspace.openTextDocument({ content, language: known.includes(language) ? language : 'plaintext' });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });
}
