import { setFlagsFromString } from 'node:v8';

/**
 * The language server's one V8 setting, made at its start before any file is read: no
 * allocation-site pretenuring. During the workspace scan the facts each file writes are kept, so
 * V8 learns that objects made where the adapters make facts live long, and from then on makes
 * them in the old generation at once. Afterwards most of those objects are garbage — a closed
 * file read whole again for its own checks (the whole workspace's diagnostics, a rename, a push
 * plan) — and pile up in the old generation until a full collection: at 20,002 files
 * (`bench/adhoc/scanAsClient.ts` with CATALOG_AFTER_SCAN=1, two runs each, load 4.9–6.6) the peak
 * after those requests was 502–523 MB instead of 922–1,125 MB, the peak after the scan 309 MB
 * instead of 348 MB, for the same CPU time (4.2–4.6 s against 4.3–4.8 s). A user's own choice
 * (`--allocation-site-pretenuring` in node's arguments or NODE_OPTIONS) wins.
 */
export function noAllocationSitePretenuring(execArgv: readonly string[] = process.execArgv, nodeOptions: string | undefined = process.env.NODE_OPTIONS): boolean {
  const choosesIt = (arg: string) => /^--(?:no-)?allocation[-_]site[-_]pretenuring/.test(arg);
  if (execArgv.some(choosesIt) || (nodeOptions ?? '').split(/\s+/).some(choosesIt)) return false;
  setFlagsFromString('--no-allocation-site-pretenuring');
  return true;
}
