import { nowMs } from '../../support/bench/stats';
import { cpuMsOf, peakRss, scaleServerCommand, symbolProbes, type Workspace } from '../cases/workspaceScale';
import { BenchLspClient } from './lspClient';
import { whenSymbolsFound } from './symbolsFound';

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
    // Shut down and exit, so a profile asked by CATALOG_SERVER_NODE_ARGS is written.
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    await server.connection.sendRequest('shutdown').catch(() => undefined);
    await server.connection.sendNotification('exit').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await server.stop();
  }
}
