import type { FileMentions } from '../mentions/fileMentions';
import type { FoundSymbols } from './foundSymbols';

/** The rows of one file's mentions a query matched (row indexes, ascending). */
export type MatchedRows = readonly number[];

const NONE: MatchedRows = [];

/** How many recent queries are remembered: a client polling a few names, and the query being typed. */
const REMEMBERED_QUERIES = 4;

const NOT_ASCII = /[^ -~\t\n\r]/;

/** One query's answer per file: which files it was asked of (by mentions serial) and the rows that matched in those that had any. */
interface QueryMemo {
  query: string;
  /** the query in lower case when it is ASCII (the only kind a longer query may narrow); undefined otherwise */
  folded: string | undefined;
  asked: Uint8Array;
  matched: Map<number, MatchedRows>;
  /** the whole answer, when the pass that read it said so */
  answer?: KeptAnswer;
}

/** A query's whole answer, as of the session's generation it was read at. */
export interface KeptAnswer {
  generation: number;
  found: FoundSymbols;
}

function wasAsked(memo: QueryMemo, serial: number): boolean {
  return serial >> 3 < memo.asked.length && (memo.asked[serial >> 3] & (1 << (serial & 7))) !== 0;
}

/** Whether every character of `shorter` appears in `longer` in order (case counts: fold both first to ignore it). */
export function inOrder(shorter: string, longer: string): boolean {
  let at = 0;
  for (const ch of shorter) {
    at = longer.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/**
 * What recent workspace/symbol queries matched in each file, so that the next query reads only
 * what can have changed (core/features/workspaceSymbols.ts): a query asked again matches only the
 * files whose mentions are new since (a client polling while the workspace is read, a scan's new
 * files); a query that extends a remembered one (typing `ord`, then `orde`: every character of the
 * shorter in order, both ASCII) tests only the rows the shorter matched, since a URN that holds
 * the longer query's characters in order holds the shorter's. A file's mentions never change
 * (an edited file gets new ones, with a new serial), so what was matched stays true.
 * One memo per workspace/symbol handler (server/workspaceSymbols.ts).
 */
export class SymbolMatchMemo {
  private remembered: QueryMemo[] = [];

  /** Starts a query's pass over the files; `end` remembers it. */
  begin(query: string): SymbolMatchPass {
    const same = this.remembered.find((memo) => memo.query === query);
    const folded = NOT_ASCII.test(query) ? undefined : query.toLowerCase();
    const narrower = same ? undefined : this.narrowest(folded);
    // Sized as the memo it follows: the bit set is not grown step by step at every query.
    const next: QueryMemo = { query, folded, asked: new Uint8Array((same ?? narrower)?.asked.length ?? 0), matched: new Map() };
    return new SymbolMatchPass(same ?? narrower, same !== undefined, next, () => this.rememberFirst(next, same));
  }

  /**
   * The answer kept for `query` when it was asked before, with a pass that adds the files new since
   * to what that query remembers (in place: the files not read again stay known).
   */
  again(query: string): { kept: KeptAnswer; pass: SymbolMatchPass } | undefined {
    const same = this.remembered.find((memo) => memo.query === query);
    if (!same?.answer) return undefined;
    return { kept: same.answer, pass: new SymbolMatchPass(same, true, same, () => this.rememberFirst(same, same)) };
  }

  /** `memo` becomes the most recent query remembered, in place of `replaced` (the oldest beyond REMEMBERED_QUERIES forgotten). */
  private rememberFirst(memo: QueryMemo, replaced: QueryMemo | undefined): void {
    this.remembered = [memo, ...this.remembered.filter((other) => other !== replaced)].slice(0, REMEMBERED_QUERIES);
  }

  /** The longest remembered ASCII query whose characters `folded` holds in order. */
  private narrowest(folded: string | undefined): QueryMemo | undefined {
    if (folded === undefined) return undefined;
    let best: QueryMemo | undefined;
    for (const memo of this.remembered) {
      if (memo.folded === undefined || memo.folded.length === 0 || (best?.folded?.length ?? -1) >= memo.folded.length) continue;
      if (inOrder(memo.folded, folded)) best = memo;
    }
    return best;
  }
}

/** One query's pass: each file's matched rows, from the memo where it knows them, and remembered for the next. */
export class SymbolMatchPass {
  constructor(
    private readonly known: QueryMemo | undefined,
    private readonly exact: boolean,
    private readonly next: QueryMemo,
    private readonly remember: () => void,
  ) {}

  /**
   * The rows of `mentions` the query matches; `match(mentions, within)` tests the rows `within`
   * lists (every row when undefined) and answers those that match.
   */
  rowsOf(mentions: FileMentions, match: (mentions: FileMentions, within: MatchedRows | undefined) => MatchedRows): MatchedRows {
    const serial = mentions.serial;
    const known = this.known && wasAsked(this.known, serial) ? (this.known.matched.get(serial) ?? NONE) : undefined;
    const rows = known === undefined ? match(mentions, undefined) : this.exact || known.length === 0 ? known : match(mentions, known);
    this.mark(serial);
    if (rows.length > 0) this.next.matched.set(serial, rows);
    return rows;
  }

  /**
   * The pass is over: its answers are remembered (those of files no longer read are dropped with
   * the old memo), with the whole `answer` when it read every file (or every file new since it).
   */
  end(answer?: KeptAnswer): void {
    this.next.answer = answer;
    this.remember();
  }

  private mark(serial: number): void {
    const next = this.next;
    if (serial >> 3 >= next.asked.length) {
      const grown = new Uint8Array(Math.max(64, (serial >> 3) + 1, next.asked.length * 2));
      grown.set(next.asked);
      next.asked = grown;
    }
    next.asked[serial >> 3] |= 1 << (serial & 7);
  }
}
