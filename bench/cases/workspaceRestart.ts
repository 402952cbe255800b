import { nowMs } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';
import type { TargetCheck } from '../../support/bench/results';
import { formatCount } from '../support/context';
import { cpuMsOf, peakRss, scaleServerCommand, symbolProbes, type Workspace } from '../support/scaleWorkspace';
import { BenchLspClient } from '../support/lspClient';
import { whenSymbolsFound } from '../support/symbolsFound';

/** A restart in a workspace the server has read before (issue 41), as a client sees it. */
export interface RestartFigures {
  /** initialized → every probe answered by workspace/symbol from the whole workspace (not marked partial); undefined when time ran out */
  firstCompleteMs: number | undefined;
  /** the server's CPU time then */
  cpuMs: number | undefined;
  /** the server's peak RSS (bytes) */
  peakRss: number | undefined;
  /** the server's own line: how many files were kept from the records of the last run */
  restoredLine: string | undefined;
}

/**
 * Starts the language server again in `ws` with the same storage as the run before (whose records
 * it finds there), and times its first complete answer: the workspace/symbol probes of the first,
 * middle and last file, polled every 100 ms as on the first start, counted only from an answer not marked partial.
 */
export async function restartFigures(ws: Workspace, folders: number, storagePath: string): Promise<RestartFigures> {
  const server = await BenchLspClient.start(scaleServerCommand(ws.root, storagePath), ws.root);
  try {
    const initialized = nowMs();
    let restoredLine: string | undefined;
    void server.waitForNotification<{ message: string }>('window/logMessage', (params) => /kept from the records of the last run/.test(params.message) && (restoredLine = params.message) !== undefined, 600_000).catch(() => undefined);
    const found = await whenSymbolsFound(server, symbolProbes(ws, folders), initialized, 600_000, 100, { complete: true });
    const pid = server.child.pid;
    return { firstCompleteMs: found.allMs, cpuMs: pid === undefined ? undefined : cpuMsOf(pid), peakRss: pid === undefined ? undefined : peakRss(pid), restoredLine };
  } finally {
    await stopGracefully(server);
  }
}

/** Shutdown and exit, as an editor closes the server: it writes its records (and a profile asked by CATALOG_SERVER_NODE_ARGS) before it exits. */
export async function stopGracefully(server: BenchLspClient): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  await server.connection.sendRequest('shutdown').catch(() => undefined);
  await server.connection.sendNotification('exit').catch(() => undefined);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  await server.stop();
}

/** Issue 41's restart target: the first complete answer in a workspace read before, at `files` files. */
export function restartTarget(restart: RestartFigures, files: number, load: number): TargetCheck {
  return reportTarget({
    key: `issue41.${files}.restart`,
    name: `issue 41: first complete answer after a restart, ${formatCount(files)} files read before`,
    target: 1_000,
    unit: 'ms',
    measured: restart.firstCompleteMs,
    detail: restart.restoredLine,
    peer: `server CPU ${restart.cpuMs ?? '?'} ms, peak RSS ${restart.peakRss === undefined ? '?' : (restart.peakRss / 1e6).toFixed(0)} MB; workspace/symbol every 100 ms from initialized, counted from an answer not marked partial`,
    load,
    ...(restart.firstCompleteMs !== undefined && restart.firstCompleteMs <= 1_000 ? {} : { next: 'profile the restart (CATALOG_RESTART=1 CATALOG_SERVER_NODE_ARGS=--cpu-prof bench/adhoc/scanAsClient.ts): the walk and stat of every file, the records decoded' }),
  });
}
