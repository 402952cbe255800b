import * as os from 'node:os';
import { syntheticSnapshot } from '../cases/graph';
import { REPO_ROOT } from '../support/context';
import { measureGraphView } from '../support/graphViewInBrowser';

/**
 * The graph view at N entities in Chromium, outside `npm run bench` (case 6 measures the same at
 * 2,000): `node esbuild.mjs && node --import tsx bench/adhoc/graphOnScreen.ts [N] [RUNS]`. Prints
 * the time until the drawing is on screen, the view's own layout-and-draw time and a pan frame
 * (medians), with the load.
 */
async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? 2_000);
  const runs = Number(process.argv[3] ?? 5);
  const load = os.loadavg()[0];
  const view = await measureGraphView(process.env.CATALOG_GRAPH_ROOT ?? REPO_ROOT, syntheticSnapshot(size, 20261122 + size), { warmup: 1, runs });
  if ('reason' in view) throw new Error(view.reason);
  process.stdout.write(`${JSON.stringify({ entities: size, shownMs: view.shown.medianMs, shownP95: view.shown.p95Ms, drawnMs: view.drawn.medianMs, panMs: view.panFrame.medianMs, panIntervalMs: view.panInterval.medianMs, zoomIntervalMs: view.zoomInterval.medianMs, gestureP95Ms: view.gestureP95.medianMs, load, loadAfter: os.loadavg()[0] })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
