import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateWorkspace } from '../cases/workspaceScale';
import { symbolProbes } from '../support/scaleWorkspace';
import { WorkspaceSession } from '../../core/workspace/session';
import { PendingState } from '../../core/pending/pendingState';
import { workspaceSymbolsOf } from '../../core/features/workspaceSymbols';
import { SymbolMatchMemo } from '../../core/features/symbolMatchMemo';
import { mentionsOf } from '../../core/mentions/fileMentions';
import { symbolAt } from '../../core/features/foundSymbols';
import { nowMs } from '../../support/bench/stats';

/**
 * workspace/symbol queries never asked before, in process, after a scan (issue 41):
 * `node --no-allocation-site-pretenuring --import tsx bench/adhoc/symbolQuery.ts [FOLDERS]`
 * generates FOLDERS × 100 files (default 1000: 100,002), scans them into a session as the server
 * does, and times the bench's queries (each probe less its first 1…5 characters, each with a fresh
 * memo, as symbolQueryMs asks them), three rounds; prints JSON: the median, slowest and first
 * times, the URNs the files mention (how many distinct, how many symbol rows), and the answers'
 * sizes (to compare implementations).
 */
async function main(): Promise<void> {
  const folders = Number(process.argv[2] ?? 1000);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-symbol-query-'));
  try {
    const ws = generateWorkspace(workDir, 20261122, folders);
    const session = new WorkspaceSession();
    new PendingState(session);
    await session.scan([ws.root]);
    // What a query reads: every mention's URN, of which the symbol rows are matched.
    let mentioned = 0;
    let symbolRows = 0;
    const distinct = new Set<string>();
    for (const document of session.all()) {
      const mentions = mentionsOf(document);
      mentioned += mentions.urns.length;
      for (let i = 0; i < mentions.urns.length; i++) {
        distinct.add(mentions.urns[i]);
        const symbol = symbolAt(mentions, i);
        if (symbol && symbol.range.end > symbol.range.start) symbolRows++;
      }
    }
    const times: number[] = [];
    const sizes: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let run = 0; run < 5; run++) {
        for (const probe of symbolProbes(ws, folders)) {
          const memo = new SymbolMatchMemo();
          const started = nowMs();
          const answer = workspaceSymbolsOf(session, probe.query.slice(run + 1), memo);
          times.push(nowMs() - started);
          if (round === 0) sizes.push(answer.length);
        }
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    process.stdout.write(`${JSON.stringify({ files: session.all().length, mentioned, distinct: distinct.size, symbolRows, medianMs: sorted[Math.floor(sorted.length / 2)], firstMs: times.slice(0, 4).map(Math.round), maxMs: sorted.at(-1), minMs: sorted[0], sizes, load: os.loadavg()[0] })}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
