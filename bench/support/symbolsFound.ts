import { PARTIAL_SYMBOLS } from '../../server/workspaceSymbols';
import { nowMs } from '../../support/bench/stats';
import type { BenchLspClient } from './lspClient';

/** One entity a client looks for: the query it types and the file whose symbol must answer it. */
export interface SymbolProbe {
  query: string;
  uri: string;
}

/**
 * workspace/symbol once the workspace is read: `runs` queries of each probe never asked before (its
 * name less its first 1, 2, … characters, longest first: no query the server remembers is one
 * these extend, so each matches every file afresh; core/features/symbolMatchMemo.ts), their median
 * and slowest time; and the median of the probes asked again (what the server remembers answers).
 */
export async function symbolQueryMs(server: BenchLspClient, probes: readonly SymbolProbe[], runs = 5): Promise<{ medianMs: number; maxMs: number; againMs: number }> {
  const timed = async (query: string) => {
    const asked = nowMs();
    await server.connection.sendRequest('workspace/symbol', { query });
    return nowMs() - asked;
  };
  const fresh: number[] = [];
  const again: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const probe of probes) {
      fresh.push(await timed(probe.query.slice(run + 1)));
      again.push(await timed(probe.query));
    }
  }
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return { medianMs: median(fresh), maxMs: Math.max(...fresh), againMs: median(again) };
}

/** When each probe was first answered with a symbol in its file, and what the polling saw. */
export interface SymbolsFound {
  /** ms after `since` when the last probe was answered; undefined when time ran out */
  allMs: number | undefined;
  /** per probe, ms after `since` when it was first answered */
  perProbe: (number | undefined)[];
  /** how many workspace/symbol requests were sent, and the slowest answer */
  requests: number;
  slowestMs: number;
  /** answers that said the workspace is still being read (partial) while they were sent */
  partialAnswers: number;
}

interface SymbolAnswer {
  name: string;
  location: { uri: string };
  containerName?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The workspace as a client sees it (issue 41): from `since` (the `initialized` notification), a
 * workspace/symbol request for each probe every `everyMs` until every probe is answered with a
 * symbol located in its file (with `complete`, in an answer not marked partial). The scan's own log
 * line is the server's word; this is the user's.
 */
export async function whenSymbolsFound(server: BenchLspClient, probes: readonly SymbolProbe[], since: number, timeoutMs: number, everyMs = 100, options: { complete?: boolean } = {}): Promise<SymbolsFound> {
  const perProbe: (number | undefined)[] = probes.map(() => undefined);
  let requests = 0;
  let slowestMs = 0;
  let partialAnswers = 0;
  while (perProbe.some((at) => at === undefined) && nowMs() - since < timeoutMs) {
    for (let i = 0; i < probes.length; i++) {
      if (perProbe[i] !== undefined) continue;
      const asked = nowMs();
      const answer = (await server.connection.sendRequest<SymbolAnswer[] | null>('workspace/symbol', { query: probes[i].query })) ?? [];
      requests++;
      slowestMs = Math.max(slowestMs, nowMs() - asked);
      const partial = answer[0]?.name.startsWith(PARTIAL_SYMBOLS) === true;
      if (partial) partialAnswers++;
      // `complete`: only an answer from the whole workspace counts (a restart: its first full answer).
      if (!(partial && options.complete) && answer.some((symbol) => symbol.location.uri === probes[i].uri)) perProbe[i] = nowMs() - since;
    }
    await sleep(everyMs);
  }
  const done = perProbe.every((at) => at !== undefined);
  return { allMs: done ? Math.max(...(perProbe as number[])) : undefined, perProbe, requests, slowestMs, partialAnswers };
}
