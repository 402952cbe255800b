import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { peakRss, scanWorkspace } from '../cases/workspaceScale';
import { afterScanFigures } from '../support/afterScan';
import { restartFigures } from '../cases/workspaceRestart';

/**
 * The workspace scan as a client sees it (issue 41), outside `npm run bench` and without the
 * re-check part of case 9: `node --import tsx bench/adhoc/scanAsClient.ts [FOLDERS]` generates
 * FOLDERS × 100 files (default 200), measures reading them without parsing, starts dist/server.js
 * in them and times initialized → workspace/symbol finds the first, middle and last file; prints
 * JSON. CATALOG_SERVER_NODE_ARGS (e.g. `--cpu-prof`) go to the server's node; CATALOG_RESTART=1 then
 * starts it again in the same workspace and storage and times its first complete answer (the
 * restart cache).
 */
async function main(): Promise<void> {
  const folders = Number(process.argv[2] ?? 200);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-scan-client-'));
  try {
    const scan = await scanWorkspace({ quick: false, seed: 20261122, workDir, log: (line) => process.stderr.write(`${line}\n`) }, folders);
    // CATALOG_AFTER_SCAN=1: also issue 41's figures after the scan (bench/support/afterScan.ts)
    const after = process.env.CATALOG_AFTER_SCAN === '1' ? await afterScanFigures(scan.server, { opened: scan.ws.opened, lineageFile: path.join(scan.ws.root, 'domain_150', 'file_030.lineage.yml') }, 'io.bench.tier') : undefined;
    if (after) process.stdout.write(`${JSON.stringify({ ...after, peakRssAfterMB: (peakRss(scan.pid) ?? 0) / 1e6 })}\n`);
    // Let the server exit by itself (exit notification), so a --cpu-prof is written.
    const exited = new Promise((resolve) => scan.server.child.once('exit', resolve));
    await scan.server.connection.sendRequest('shutdown');
    await scan.server.connection.sendNotification('exit');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await scan.server.stop();
    // CATALOG_RESTART=1: the server started again in the same workspace, with the records it kept (bench/cases/workspaceRestart.ts)
    if (process.env.CATALOG_RESTART === '1') process.stdout.write(`${JSON.stringify({ restart: await restartFigures(scan.ws, folders, scan.storagePath), load: os.loadavg()[0] })}\n`);
    const { symbols, readFloorMs, scanMs, firstMs, afterScanRss, load, filesRead, cpuMs, symbolQuery } = scan;
    process.stdout.write(`${JSON.stringify({ files: scan.ws.files, filesRead, clientMs: symbols.allMs, serverCpuMs: cpuMs, perProbe: symbols.perProbe, requests: symbols.requests, partialAnswers: symbols.partialAnswers, symbolQuery, slowestMs: symbols.slowestMs, readFloorMs, ratio: symbols.allMs === undefined ? undefined : symbols.allMs / readFloorMs, scanLogMs: scanMs, firstDiagnosticsMs: firstMs, peakRssMB: afterScanRss === undefined ? undefined : afterScanRss / 1e6, load, loadNow: os.loadavg()[0] }, null, 1)}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
