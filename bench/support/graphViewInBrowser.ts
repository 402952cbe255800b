import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import type { GraphSnapshot } from '../../core/lineage/graph';
import { CHROMIUM } from '../../support/e2e/setup';
import { summarise, type Timing } from '../../support/bench/stats';

/**
 * The graph view's own script (dist/lineageGraph.js, with its layout worker) in Chromium, fed a
 * graph the way the extension host feeds it: how long until the drawing is on screen (layout in the
 * worker, SVG built, two animation frames painted), and how long a pan frame takes afterwards.
 * The page is a bare stand-in for the webview (same element ids, a recording acquireVsCodeApi); no
 * VS Code around it, so this is the view's cost alone.
 */

export interface GraphViewTimings {
  /** graph message posted → drawing painted */
  shown: Timing;
  /** the view's own "layout and draw N ms" */
  drawn: Timing;
  /** one pan (viewport transform) until painted, median of 20 per run */
  panFrame: Timing;
  /** a wheel pan per frame for 60 frames: the interval between painted frames (16.7 ms when each fits a 60 Hz frame), median per run */
  panInterval: Timing;
  /** the same with Ctrl+wheel zooming around the pointer */
  zoomInterval: Timing;
  /** the slowest 5 % of those intervals, pan and zoom together, per run */
  gestureP95: Timing;
}

const PAGE = `<!DOCTYPE html><html><head><meta charset="UTF-8"><style>html,body{height:100%;margin:0}body{display:flex;flex-direction:column}#canvas{flex:1;width:100%;transform-origin:0 0;will-change:transform}.edge{fill:none;stroke:#888}.node rect{fill:#fff;stroke:#888}</style></head>
<body data-layout-worker="/dist/lineageGraphLayout.js"><div><select id="depth"><option value="3" selected>3</option></select><select id="direction"><option value="both" selected>Both</option></select><input type="checkbox" id="columns"><input type="checkbox" id="pending" checked><span id="basis"></span><button id="expandAll"></button><button id="fit"></button><span id="status"></span></div>
<svg id="canvas" xmlns="http://www.w3.org/2000/svg"><defs><marker id="arrow"><path d="M0,0 L10,5 L0,10 z"/></marker><marker id="arrowColumn"><path d="M0,0 L10,5 L0,10 z"/></marker></defs><g id="viewport"></g></svg>
<script>window.__messages=[];window.__errors=[];window.addEventListener('error',(e)=>window.__errors.push(String(e.message)));window.acquireVsCodeApi=()=>({postMessage:(m)=>window.__messages.push(m),getState:()=>undefined,setState(){}});</script>
<script src="/dist/lineageGraph.js"></script></body></html>`;

const SCRIPTS = ['lineageGraph.js', 'lineageGraphLayout.js'];

/**
 * Runs in the page (plain JavaScript: the bench's TypeScript has no DOM types, and the bench's
 * compiler would add helpers the page does not have): post the graph, wait for the view's
 * "rendered" message and two painted frames, then pan 20 times.
 */
const MEASURE_IN_PAGE = `async (graph) => {
  const RENDER_BUDGET_MS = 120000;
  const messages = window.__messages;
  messages.length = 0;
  const paint = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const started = performance.now();
  window.postMessage({ type: 'graph', snapshot: graph, state: { depth: 3, directions: 'both', columns: false }, busy: false }, '*');
  while (!messages.some((m) => m.type === 'rendered')) {
    // A view that cannot draw (an element this page lacks, a script error) must end the case, not hang the bench.
    if (performance.now() - started > RENDER_BUDGET_MS) throw new Error('the graph view posted no "rendered" message in ' + RENDER_BUDGET_MS / 1000 + ' s (page errors: ' + (window.__errors || []).join('; ') + ')');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await paint();
  const shownMs = performance.now() - started;
  const viewport = document.getElementById('viewport');
  const frames = [];
  for (let i = 0; i < 20; i++) {
    const frame = performance.now();
    viewport.setAttribute('transform', 'translate(' + i * 5 + ',' + i * 3 + ') scale(0.2)');
    await paint();
    frames.push(performance.now() - frame);
  }
  frames.sort((a, b) => a - b);
  // A gesture as a user makes it: one wheel event per frame through the view's own handler, the
  // interval between the frames' start times measured (a frame whose work overruns 16.7 ms makes
  // the next one start late).
  const canvas = document.getElementById('canvas');
  const box = canvas.getBoundingClientRect();
  const gesture = (zoom) => new Promise((resolve) => {
    const stamps = [];
    const step = (time) => {
      stamps.push(time);
      if (stamps.length > 61) {
        const intervals = stamps.slice(1).map((t, i) => t - stamps[i]);
        resolve(intervals);
        return;
      }
      const i = stamps.length;
      const deltaY = zoom ? (i % 20 < 10 ? -8 : 8) : (i % 20 < 10 ? 12 : -12);
      canvas.dispatchEvent(new WheelEvent('wheel', { deltaX: zoom ? 0 : 6, deltaY, ctrlKey: zoom, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, cancelable: true, bubbles: true }));
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const pan = await gesture(false);
  const zoom = await gesture(true);
  const both = [...pan, ...zoom].sort((a, b) => a - b);
  return { shownMs, drawnMs: messages.find((m) => m.type === 'rendered').ms, panMs: frames[10], panIntervalMs: median(pan), zoomIntervalMs: median(zoom), gestureP95Ms: both[Math.floor(both.length * 0.95)] };
}`;

export async function measureGraphView(root: string, snapshot: GraphSnapshot, runs: { warmup: number; runs: number }): Promise<GraphViewTimings | { reason: string }> {
  if (!existsSync(CHROMIUM)) return { reason: `no Chromium at ${CHROMIUM} (set CATALOG_E2E_CHROMIUM)` };
  const missing = SCRIPTS.filter((name) => !existsSync(path.join(root, 'dist', name)));
  if (missing.length) return { reason: `${missing.join(', ')} not built: run \`node esbuild.mjs\` first` };
  const server = createServer((request, response) => {
    const name = request.url === '/' ? '' : (request.url ?? '').replace(/^\/dist\//, '');
    if (request.url === '/') {
      response.setHeader('content-type', 'text/html');
      response.end(PAGE);
    } else if (SCRIPTS.includes(name)) {
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(path.join(root, 'dist', name)));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const shown: number[] = [];
    const drawn: number[] = [];
    const pan: number[] = [];
    const panInterval: number[] = [];
    const zoomInterval: number[] = [];
    const gestureP95: number[] = [];
    for (let run = 0; run < runs.warmup + runs.runs; run++) {
      let result: { shownMs: number; drawnMs: number; panMs: number; panIntervalMs: number; zoomIntervalMs: number; gestureP95Ms: number };
      try {
        result = (await page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(snapshot)})`)) as typeof result;
      } catch (error) {
        return { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) };
      }
      if (run < runs.warmup) continue;
      shown.push(result.shownMs);
      drawn.push(result.drawnMs);
      pan.push(result.panMs);
      panInterval.push(result.panIntervalMs);
      zoomInterval.push(result.zoomIntervalMs);
      gestureP95.push(result.gestureP95Ms);
    }
    return { shown: summarise(shown), drawn: summarise(drawn), panFrame: summarise(pan), panInterval: summarise(panInterval), zoomInterval: summarise(zoomInterval), gestureP95: summarise(gestureP95) };
  } finally {
    await browser.close();
    server.close();
  }
}
