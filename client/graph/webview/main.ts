import { layoutGraph, NODE_DETAIL_FONT, NODE_LABEL_FONT, READABLE_LABEL_PX } from '../graphLayout';
import { DEFAULT_COLORS, type GraphColors, type GraphLayout } from '../../../core/lineage/graphExport';
import type { GraphSnapshot } from '../../../core/lineage/graph';
import type { FromWebview, GraphViewState, ToWebview } from '../graphMessages';
import { describeError } from '../../../core/errors/describeError';
import { closeMenu, MENU_STYLE, showMenu } from './contextMenu';
import { RootHistory } from './rootHistory';
import { fitFocus, fitView, wheelPixels, zoomAt, zoomStep, type View } from './viewMath';
import { markDescription, markSentence, pendingViewWords } from '../../../core/lineage/markLabels';
import { escapeXml, expandHandlePath, tag, title } from './svgMarkup';
import type { PendingBasis, PendingMark } from '../../../core/common/pendingTypes';
import type { TreeDirection } from '../../../core/lineage/types';

/**
 * The lineage graph view's script (bundled by esbuild into dist/lineageGraph.js, loaded under a
 * strict CSP with a nonce). Lays the graph out with d3-dag (in a worker) and draws it as SVG in the theme's
 * colours; every action (depth, direction, expand, columns, re-root, open, export) is a message
 * to the extension host, which owns the graph and the service connection.
 */
declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void; getState(): unknown; setState(state: unknown): void };

const vscode = acquireVsCodeApi();
const post = (message: FromWebview) => vscode.postMessage(message);

const canvas = document.getElementById('canvas') as unknown as SVGSVGElement;
const viewport = document.getElementById('viewport') as unknown as SVGGElement;
const statusLine = document.getElementById('status') as HTMLElement;
const depthSelect = document.getElementById('depth') as HTMLSelectElement;
const directionSelect = document.getElementById('direction') as HTMLSelectElement;
const columnsBox = document.getElementById('columns') as HTMLInputElement;
const pendingBox = document.getElementById('pending') as HTMLInputElement;
const basisLine = document.getElementById('basis') as HTMLElement;

let snapshot: GraphSnapshot | undefined;
let state: GraphViewState = { depth: 1, directions: 'both', columns: false, view: 'pending' };
let basis: PendingBasis | undefined;
let layout: GraphLayout | undefined;
let view: View = { x: 0, y: 0, scale: 1 };
const history = new RootHistory();
/** "Fit" never draws entity labels smaller than this on screen: past it the view scrolls instead */
const MIN_FIT_SCALE = READABLE_LABEL_PX / NODE_LABEL_FONT;

// Styles of what this script adds (navigation buttons, the menu, label blocks), under the page's nonce.
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
const style = document.createElement('style');
style.nonce = nonce;
style.textContent = `${MENU_STYLE}
  .columnLabel rect { fill: var(--vscode-editor-background); fill-opacity: 0.92; stroke: var(--vscode-charts-orange); stroke-width: 0.5; }
  .columnLabel text { fill: var(--vscode-charts-orange); }
  .toolbar button:disabled { opacity: 0.5; cursor: default; }`;
document.head.appendChild(style);

/** Back and Forward, first in the toolbar. */
function navigationButton(id: string, text: string, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.id = id;
  button.textContent = text;
  button.disabled = true;
  button.setAttribute('aria-label', label);
  document.querySelector('.toolbar')?.prepend(button);
  return button;
}
const forwardButton = navigationButton('forward', '→', 'Forward to the next root');
const backButton = navigationButton('back', '←', 'Back to the previous root');
backButton.addEventListener('click', () => goBack());
forwardButton.addEventListener('click', () => goForward());

function goBack(): void {
  const root = history.back();
  if (root) post({ type: 'reroot', urn: root });
  updateNavigation();
}

function goForward(): void {
  const root = history.forward();
  if (root) post({ type: 'reroot', urn: root });
  updateNavigation();
}

function updateNavigation(): void {
  const { back, forward } = history.neighbours();
  backButton.disabled = !history.canGoBack;
  forwardButton.disabled = !history.canGoForward;
  backButton.title = back ? `Back to ${back} (Alt+Left)` : 'Back (Alt+Left): no earlier root';
  forwardButton.title = forward ? `Forward to ${forward} (Alt+Right)` : 'Forward (Alt+Right): no later root';
}

function readState(): GraphViewState {
  return { depth: Number(depthSelect.value), directions: directionSelect.value as GraphViewState['directions'], columns: columnsBox.checked, view: pendingBox.checked ? 'pending' : 'pushed' };
}

depthSelect.addEventListener('change', () => post({ type: 'setState', state: readState() }));
directionSelect.addEventListener('change', () => post({ type: 'setState', state: readState() }));
columnsBox.addEventListener('change', () => post({ type: 'setState', state: readState() }));
pendingBox.addEventListener('change', () => post({ type: 'setState', state: readState() }));
document.getElementById('expandAll')?.addEventListener('click', () => post({ type: 'expandAll' }));
document.getElementById('fit')?.addEventListener('click', () => fit());
document.getElementById('exportMermaid')?.addEventListener('click', () => post({ type: 'exportMermaid' }));
document.getElementById('exportSvg')?.addEventListener('click', () => {
  if (layout) post({ type: 'exportSvg', layout, colors: themeColors() });
});

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'busy') statusLine.textContent = message.text;
  else if (message.type === 'error') statusLine.textContent = message.message;
  else if (message.type === 'graph') {
    snapshot = message.snapshot;
    state = message.state;
    depthSelect.value = String(state.depth);
    directionSelect.value = state.directions;
    columnsBox.checked = state.columns;
    history.shown(message.snapshot.root);
    updateNavigation();
    pendingBox.checked = state.view === 'pending';
    basis = message.basis;
    // The banner says what is shown, and when no catalog is connected that it is the files alone.
    basisLine.textContent = `Showing ${pendingViewWords(state.view, basis)}.`;
    void render();
  }
});

/** The theme's colours, from the CSS variables VS Code sets on the webview. */
function themeColors(): GraphColors {
  const style = getComputedStyle(document.body);
  const pick = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: pick('--vscode-editor-background', DEFAULT_COLORS.background),
    foreground: pick('--vscode-editor-foreground', DEFAULT_COLORS.foreground),
    border: pick('--vscode-editorWidget-border', DEFAULT_COLORS.border),
    root: pick('--vscode-focusBorder', DEFAULT_COLORS.root),
    edge: pick('--vscode-editorLineNumber-foreground', DEFAULT_COLORS.edge),
    column: pick('--vscode-charts-orange', DEFAULT_COLORS.column),
    muted: pick('--vscode-descriptionForeground', DEFAULT_COLORS.muted),
  };
}

/**
 * The layout runs in a worker when one can be started (the script is fetched from the extension and
 * started from a blob, as the CSP allows): a graph of thousands of entities takes a while to lay
 * out (about 0.1–0.4 s at 2,000, docs/performance.md), and the drawing shown stays usable meanwhile.
 * Without a worker it runs here.
 */
let worker: Worker | undefined;
let requestId = 0;
const pending = new Map<number, (answer: { layout?: GraphLayout; error?: string; ms?: number }) => void>();

async function startWorker(): Promise<void> {
  const url = document.body.dataset.layoutWorker;
  if (!url || typeof Worker === 'undefined') return;
  try {
    const text = await (await fetch(url)).text();
    const started = new Worker(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
    started.onmessage = (event: MessageEvent<{ id: number; layout?: GraphLayout; error?: string; ms?: number }>) => {
      pending.get(event.data.id)?.(event.data);
      pending.delete(event.data.id);
    };
    worker = started;
  } catch {
    worker = undefined; // lay out on this thread instead
  }
}
const workerReady = startWorker();

async function computeLayout(shown: GraphSnapshot): Promise<GraphLayout> {
  await workerReady;
  // The box it is fitted into: a small graph is turned (upstream above) when that shows it larger.
  const options = { columns: state.columns, fitInto: canvasSize() };
  if (!worker) return layoutGraph(shown, options);
  const id = ++requestId;
  const answer = await new Promise<{ layout?: GraphLayout; error?: string }>((resolve) => {
    pending.set(id, resolve);
    worker?.postMessage({ id, snapshot: shown, options });
  });
  if (!answer.layout) throw new Error(answer.error ?? 'the layout failed');
  return answer.layout;
}

let drawn = 0;
async function render(): Promise<void> {
  if (!snapshot) return;
  const shown = snapshot;
  const generation = ++drawn;
  const started = performance.now();
  if (shown.nodes.length > 300) statusLine.textContent = `Laying out ${shown.nodes.length.toLocaleString()} entities…`;
  let next: GraphLayout;
  try {
    next = await computeLayout(shown);
  } catch (error) {
    statusLine.textContent = `Could not lay out the graph: ${describeError(error)}`;
    return;
  }
  // A newer graph arrived while this one was laid out: draw that one instead.
  if (generation !== drawn) return;
  layout = next;
  draw(shown, next, started);
}

/** A mark worth drawing: added, removed or changed (unchanged edges look as they always did). */
function changed(mark: PendingMark | undefined): PendingMark | undefined {
  return mark && mark.change !== 'unchanged' ? mark : undefined;
}

function draw(snapshot: GraphSnapshot, layout: GraphLayout, started: number): void {
  const marks = new Map(snapshot.edges.map((edge) => [`${edge.upstream}\u0000${edge.downstream}`, edge.mark]));
  const markLabels: MarkLabel[] = [];
  // One string, parsed once: edges, entities, then column labels and marks above them.
  viewport.innerHTML = edgesMarkup(layout, marks, markLabels) + nodesMarkup(snapshot, layout) + columnLabelsMarkup(layout) + marksMarkup(markLabels);
  const ms = Math.round(performance.now() - started);
  const pending = snapshot.edges.filter((edge) => changed(edge.mark)).length;
  statusLine.textContent = `${snapshot.nodes.length} entities, ${snapshot.edges.length} edges${pending > 0 ? ` (${pending} not pushed yet)` : ''}${snapshot.truncated ? ' (cut at the limit)' : ''} · layout and draw ${ms} ms${worker ? ' (layout in a worker)' : ''}`;
  fit();
  post({ type: 'rendered', root: snapshot.root, nodes: snapshot.nodes.length, edges: snapshot.edges.length, ms });
}

interface MarkLabel {
  mark: PendingMark;
  ends: Record<string, string>;
  at: { x: number; y: number };
}

/** The edges, each a path with its title; a marked edge (added, removed, changed) also carries its ends, and its label goes to `markLabels`. */
function edgesMarkup(layout: GraphLayout, marks: ReadonlyMap<string, PendingMark | undefined>, markLabels: MarkLabel[]): string {
  let markup = '';
  for (const edge of layout.edges) {
    if (edge.points.length < 2) continue;
    const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    const mark = edge.column ? undefined : changed(marks.get(`${edge.upstream}\u0000${edge.downstream}`));
    const ends = { 'data-upstream': edge.upstream, 'data-downstream': edge.downstream };
    const text = `${edge.upstream} → ${edge.downstream}${edge.label ? `: ${edge.label}` : ''}${mark ? `\n${markSentence(mark) ?? ''} Click to open the file.` : ''}`;
    markup += tag('path', { d, class: `${edge.column ? 'edge column' : 'edge'}${mark ? ` ${mark.change}` : ''}`, 'marker-end': `url(#${edge.column ? 'arrowColumn' : 'arrow'})`, ...(mark ? ends : {}) }, title(text));
    if (mark) markLabels.push({ mark, ends, at: edge.points[Math.floor(edge.points.length / 2)] });
  }
  return tag('g', { class: 'edges' }, markup);
}

/** Column labels last but for the marks, above the edges and entities they were placed clear of. */
function columnLabelsMarkup(layout: GraphLayout): string {
  let markup = '';
  for (const edge of layout.edges) {
    const block = edge.labelBlock;
    if (!block) continue;
    let inner = title(`${edge.upstream} → ${edge.downstream}: ${edge.label ?? ''}`) + tag('rect', { x: block.x, y: block.y, width: block.width, height: block.height, rx: 3 });
    block.lines.forEach((line, i) => {
      inner += tag('text', { x: block.x + block.padding, y: block.y + block.padding + (i + 0.8) * block.lineHeight, class: 'edgeLabel', 'font-size': block.fontSize }, escapeXml(line));
    });
    markup += tag('g', { class: 'columnLabel' }, inner);
  }
  return tag('g', { class: 'columnLabels' }, markup);
}

/**
 * Drawn last, above the entities, so a short edge's mark stays readable and clickable: "+ added"
 * on the edge, the file in its title; a click opens that file.
 */
function marksMarkup(markLabels: readonly MarkLabel[]): string {
  let markup = '';
  for (const { mark, ends, at } of markLabels) {
    const words = mark.change === 'added' ? '+ added' : mark.change === 'removed' ? '− removed' : mark.change === 'proposed' ? '? proposed' : '~ changed';
    markup += tag('text', { x: at.x, y: at.y - 6, class: `mark ${mark.change}`, 'text-anchor': 'middle', role: 'button', tabindex: 0, 'aria-label': `${markDescription(mark) ?? ''}. Click to open the file.`, ...ends }, escapeXml(words) + title(`${markDescription(mark) ?? ''} — click to open the file`));
  }
  return tag('g', { class: 'marks' }, markup);
}

/** Each entity: a group with its title, box, label, degree and a one-element handle per direction not yet expanded. */
function nodesMarkup(snapshot: GraphSnapshot, layout: GraphLayout): string {
  const byUrn = new Map(snapshot.nodes.map((n) => [n.urn, n]));
  let markup = '';
  for (const node of layout.nodes) {
    const info = byUrn.get(node.urn);
    if (info?.more) {
      markup += moreNodeMarkup(node, info.more);
      continue;
    }
    const nodeMark = changed(info?.mark);
    let handles = '';
    for (const direction of ['upstream', 'downstream'] as const) {
      if (!info || info.expanded.includes(direction)) continue;
      const cx = direction === 'upstream' ? node.x - node.width / 2 : node.x + node.width / 2;
      handles += tag('path', { class: 'expand', 'data-direction': direction, role: 'button', 'aria-label': `Expand ${direction} one hop`, 'fill-rule': 'evenodd', d: expandHandlePath(cx, node.y) });
    }
    const hint = `${node.urn}\nClick: show its lineage · Alt+click: open its file · right-click: more${handles ? ' · +: one more hop' : ''}`;
    // Sizes from the layout, which sized the boxes for them (one source; the page's CSS sets none).
    const inner =
      title(hint) +
      tag('rect', { x: node.x - node.width / 2, y: node.y - node.height / 2, width: node.width, height: node.height, rx: 4 }) +
      tag('text', { x: node.x, y: node.y - 2, 'text-anchor': 'middle', class: 'label', 'font-size': NODE_LABEL_FONT }, escapeXml(node.label)) +
      tag('text', { x: node.x, y: node.y + NODE_DETAIL_FONT + 2, 'text-anchor': 'middle', class: 'degree', 'font-size': NODE_DETAIL_FONT }, escapeXml(node.root ? 'root' : `degree ${node.degree}`)) +
      handles;
    const label = `${node.label}, ${node.root ? 'root' : `degree ${node.degree}`}. Click to show its lineage; the context menu (right-click, Shift+F10) opens its file or DataHub.`;
    markup += tag('g', { class: `node${node.root ? ' root' : ''}${nodeMark ? ` ${nodeMark.change}` : ''}`, 'data-urn': node.urn, tabindex: 0, role: 'button', 'aria-label': label }, inner);
  }
  return tag('g', { class: 'nodes' }, markup);
}

/** A "+N more" node: the neighbours an expand loaded but did not show; a click shows them. */
function moreNodeMarkup(node: GraphLayout['nodes'][number], more: { from: string; direction: TreeDirection; count: number }): string {
  const words = `${more.count.toLocaleString()} more ${more.direction} of ${more.from}`;
  const inner =
    title(`${words}\nClick: show them`) +
    tag('rect', { x: node.x - node.width / 2, y: node.y - node.height / 2, width: node.width, height: node.height, rx: 4 }) +
    tag('text', { x: node.x, y: node.y + 4, 'text-anchor': 'middle', class: 'label', 'font-size': NODE_LABEL_FONT }, escapeXml(node.label));
  return tag('g', { class: 'node more', 'data-urn': node.urn, tabindex: 0, role: 'button', 'aria-label': `${words}. Click to show them.` }, inner);
}

/** The "+N more" node under a click or key, if that is what it is. */
function moreOf(urn: string): { from: string; direction: TreeDirection } | undefined {
  const more = snapshot?.nodes.find((node) => node.urn === urn)?.more;
  return more ? { from: more.from, direction: more.direction } : undefined;
}

/**
 * The view the drawing's own transform holds. During a gesture (a drag, the wheel, a pinch) the
 * canvas moves as one composited layer from it, which costs no repaint of the thousands of
 * elements a large graph has; the drawing itself moves once the gesture pauses.
 */
let drawnView: View = view;
let gestureSettle: ReturnType<typeof setTimeout> | undefined;
const GESTURE_SETTLE_MS = 120;
/** The canvas's own move during a gesture (CSS, origin at its top left): scale k, then the offset. */
let layerMove = { k: 1, x: 0, y: 0 };

function moveDuringGesture(next: View): void {
  view = next;
  const k = view.scale / drawnView.scale;
  layerMove = { k, x: view.x - k * drawnView.x, y: view.y - k * drawnView.y };
  canvas.style.transform = `translate(${layerMove.x.toFixed(1)}px,${layerMove.y.toFixed(1)}px) scale(${k.toFixed(4)})`;
  clearTimeout(gestureSettle);
  gestureSettle = setTimeout(applyView, GESTURE_SETTLE_MS);
}

function applyView(): void {
  clearTimeout(gestureSettle);
  canvas.style.transform = '';
  layerMove = { k: 1, x: 0, y: 0 };
  drawnView = view;
  viewport.setAttribute('transform', `translate(${view.x.toFixed(1)},${view.y.toFixed(1)}) scale(${view.scale.toFixed(4)})`);
  // Read by the end-to-end test and by screen readers' users through the status line's title.
  canvas.dataset.labelPx = (NODE_LABEL_FONT * view.scale).toFixed(2);
}

/** The canvas's box on the page as laid out, without its move during a gesture. */
function canvasBox(): { left: number; top: number; width: number; height: number } {
  const moved = canvas.getBoundingClientRect();
  return { left: moved.left - layerMove.x, top: moved.top - layerMove.y, width: moved.width / layerMove.k, height: moved.height / layerMove.k };
}

function canvasSize(): { width: number; height: number } {
  const box = canvasBox();
  return { width: box.width, height: box.height };
}

/**
 * The whole graph when its labels stay readable; otherwise readable labels around the root and the
 * edges not pushed yet (those first in view), and scrolling for the rest.
 */
function fit(): void {
  if (!layout) return;
  const root = layout.nodes.find((n) => n.root) ?? layout.nodes[0];
  const pendingEnds = new Set((snapshot?.edges ?? []).filter((edge) => changed(edge.mark)).flatMap((edge) => [edge.upstream, edge.downstream]));
  view = fitView(layout, canvasSize(), MIN_FIT_SCALE, fitFocus(layout.nodes, root?.urn, pendingEnds));
  applyView();
}

/** A new size may fit a small graph better the other way round: lay it out again, then fit. */
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
function onResize(): void {
  fit();
  if (!snapshot || snapshot.nodes.length > 300 || state.columns) return;
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => void render(), 250);
}

function nodeOf(target: EventTarget | null): { urn: string; direction?: 'upstream' | 'downstream' } | undefined {
  const el = target instanceof Element ? target : undefined;
  const group = el?.closest('.node');
  const urn = group?.getAttribute('data-urn');
  if (!urn) return undefined;
  const direction = el?.closest('.expand')?.getAttribute('data-direction');
  return { urn, ...(direction === 'upstream' || direction === 'downstream' ? { direction } : {}) };
}

function openMenuFor(urn: string, at: { x: number; y: number }): void {
  showMenu(
    [
      ...(urn !== snapshot?.root ? [{ label: 'Show Lineage from Here', run: () => post({ type: 'reroot', urn }) }] : []),
      { label: 'Open File', run: () => post({ type: 'open', urn }) },
      { label: 'Open in DataHub', run: () => post({ type: 'openInDataHub', urn }) },
    ],
    at,
    `Actions for ${urn}`,
  );
}

/** The ends of the marked edge under a click (its path or its words), if any. */
function markedEdgeOf(target: EventTarget | null): { upstream: string; downstream: string } | undefined {
  const el = target instanceof Element ? target : undefined;
  const upstream = el?.getAttribute('data-upstream');
  const downstream = el?.getAttribute('data-downstream');
  return upstream && downstream ? { upstream, downstream } : undefined;
}

canvas.addEventListener('click', (event) => {
  const edge = markedEdgeOf(event.target);
  if (edge) {
    post({ type: 'openChange', ...edge });
    return;
  }
  const hit = nodeOf(event.target);
  if (!hit) return;
  const more = moreOf(hit.urn);
  if (more) post({ type: 'showMore', ...more });
  else if (hit.direction) post({ type: 'expand', urn: hit.urn, direction: hit.direction });
  else if (event.altKey) post({ type: 'open', urn: hit.urn });
  else if (hit.urn !== snapshot?.root) post({ type: 'reroot', urn: hit.urn });
});
canvas.addEventListener('contextmenu', (event) => {
  const hit = nodeOf(event.target);
  if (!hit || moreOf(hit.urn)) return;
  event.preventDefault();
  openMenuFor(hit.urn, { x: event.clientX, y: event.clientY });
});
canvas.addEventListener('keydown', (event) => {
  const edge = markedEdgeOf(event.target);
  if (edge && (event.key === 'Enter' || event.key === ' ')) {
    post({ type: 'openChange', ...edge });
    return;
  }
  const hit = nodeOf(event.target);
  if (!hit) return;
  const more = moreOf(hit.urn);
  if (more) {
    if (event.key === 'Enter' || event.key === ' ') post({ type: 'showMore', ...more });
    return;
  }
  if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
    event.preventDefault();
    const box = (event.target as Element).getBoundingClientRect();
    openMenuFor(hit.urn, { x: box.left + box.width / 2, y: box.bottom });
  } else if (event.key === 'Enter' || event.key === ' ') {
    post(event.altKey ? { type: 'open', urn: hit.urn } : { type: 'reroot', urn: hit.urn });
  }
});
// Back and forward like a browser (Alt+Left/Right, the mouse's back/forward buttons); zoom with +/-, fit with 0.
window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
  if (event.altKey && event.key === 'ArrowLeft') goBack();
  else if (event.altKey && event.key === 'ArrowRight') goForward();
  else if (!event.altKey && !event.ctrlKey && !event.metaKey && (event.key === '+' || event.key === '=')) setView(zoomStep(view, 1, canvasSize()));
  else if (!event.altKey && !event.ctrlKey && !event.metaKey && event.key === '-') setView(zoomStep(view, -1, canvasSize()));
  else if (!event.altKey && !event.ctrlKey && !event.metaKey && event.key === '0') fit();
  else return;
  event.preventDefault();
});
window.addEventListener('mouseup', (event) => {
  if (event.button === 3) goBack();
  else if (event.button === 4) goForward();
});

function setView(next: View): void {
  view = next;
  applyView();
}

// Pan with the mouse; the wheel scrolls (Shift: sideways); Ctrl+wheel and a pinch zoom around the pointer, in small steps.
let drag: { x: number; y: number } | undefined;
canvas.addEventListener('pointerdown', (event) => {
  if (nodeOf(event.target) || event.button !== 0) return;
  closeMenu();
  drag = { x: event.clientX - view.x, y: event.clientY - view.y };
});
window.addEventListener('pointermove', (event) => {
  if (!drag) return;
  moveDuringGesture({ ...view, x: event.clientX - drag.x, y: event.clientY - drag.y });
});
window.addEventListener('pointerup', () => {
  if (drag) applyView();
  drag = undefined;
});
canvas.addEventListener(
  'wheel',
  (event) => {
    event.preventDefault();
    closeMenu();
    const box = canvasBox();
    const dx = wheelPixels(event.deltaX, event.deltaMode, box.width);
    const dy = wheelPixels(event.deltaY, event.deltaMode, box.height);
    // Browsers report a trackpad pinch as a wheel event with ctrlKey set.
    if (event.ctrlKey || event.metaKey) moveDuringGesture(zoomAt(view, dy, { x: event.clientX - box.left, y: event.clientY - box.top }));
    else if (event.shiftKey && dx === 0) moveDuringGesture({ ...view, x: view.x - dy });
    else moveDuringGesture({ ...view, x: view.x - dx, y: view.y - dy });
  },
  { passive: false },
);
window.addEventListener('resize', onResize);

post({ type: 'ready' });
