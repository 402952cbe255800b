import { DEFAULT_LINEAGE_PAGE_SIZE, type FineGrainedLineageView, type LineageDirection, type LineageScrollPage, type LineageScrollRequest, type LineageSearchHit } from '../api/lineageClient';
import type { LineageFetcher } from '../lineage/types';
import { entityTypeOfUrn } from '../urn';
import { datasetOfField, type LineageIntentIndex } from './lineageIntent';
import { markFineGrained, markOneHop, UNCHANGED, type SqlProposal } from './marks';
import type { PendingBasis, PendingView } from '../common/pendingTypes';

export interface PendingLineageSource {
  /** the files' lineage as of now (the owner keeps it per session generation) */
  intent(): LineageIntentIndex;
  /** the catalog's lineage; undefined when no catalog is configured (the files alone) */
  catalog(): LineageFetcher | undefined;
}

export interface PendingLineageOptions {
  /** hits of one entity's one-hop catalog answer read at most (default 1,000) */
  maxOneHop?: number;
  /** entities a multi-hop walk visits at most (default 500, as `catalog-code lineage`) */
  maxEntities?: number;
  /** hops a `3+` walk follows at most (default 10) */
  maxDepth?: number;
  /** how long a catalog answer is reused (default 60 s, as existence answers) */
  ttlMs?: number;
  /** told when the catalog could not be read and the files alone answered */
  log?: (message: string) => void;
  /** the column edges the SQL defining a dataset implies, shown `proposed` where no file writes them (the language server reads SQL; the CLI does not) */
  proposed?: (datasetUrn: string) => Promise<SqlProposal | undefined>;
}

interface OneHop {
  hits: LineageSearchHit[];
  basis: PendingBasis;
}

interface Walk extends OneHop {
  /** entities reached past maxEntities, left out */
  cut: number;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

const CATALOG_READS_AT_ONCE = 4;

/**
 * Lineage over the pending state: the catalog's one-hop answers (read on demand, kept for a
 * while) with the files' edges applied and marked (core/pending/marks.ts); two hops and more are
 * a bounded walk over those pending one-hop answers, so a degree counts the edges the workspace
 * adds and not those it removes. View `pushed` is the catalog alone. Offline, the files alone
 * (basis `filesOnly`).
 */
export class PendingLineage {
  private readonly oneHops = new Map<string, Cached<LineageSearchHit[]>>();
  private readonly columns = new Map<string, Cached<FineGrainedLineageView[]>>();
  private readonly maxOneHop: number;
  private readonly maxEntities: number;
  private readonly maxDepth: number;
  private readonly ttlMs: number;

  constructor(
    private readonly source: PendingLineageSource,
    private readonly options: PendingLineageOptions = {},
  ) {
    this.maxOneHop = options.maxOneHop ?? 1000;
    this.maxEntities = options.maxEntities ?? 500;
    this.maxDepth = options.maxDepth ?? 10;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  /** The catalog changed (a push finished, another service): its answers are read again. */
  forgetCatalog(): void {
    this.oneHops.clear();
    this.columns.clear();
  }

  /** A LineageFetcher (what the tree, graph and CLI read) over one view. */
  fetcher(view: PendingView = 'pending'): LineageFetcher {
    return { scrollLineage: (request) => this.page({ ...request, view }), fineGrainedLineages: (datasetUrn) => this.fineGrained(datasetUrn, view) };
  }

  /** One page of lineage from `request.urn` over the view (default `pending`). */
  async page(request: LineageScrollRequest & { view?: PendingView }): Promise<LineageScrollPage> {
    if (request.view === 'pushed') return { ...(await this.requireCatalog().scrollLineage(request)), basis: 'catalogOnly' };
    const { hits, basis, cut } = await this.walk(request.urn, request.direction, request.degrees);
    const offset = offsetOf(request.scrollId);
    const count = Math.max(1, request.count ?? DEFAULT_LINEAGE_PAGE_SIZE);
    const end = offset + count;
    const last = end >= hits.length;
    return { basis, results: hits.slice(offset, end), nextScrollId: last ? null : `pending:${end}`, total: hits.length, ...(last && cut > 0 ? { cut } : {}) };
  }

  /** A dataset's column-level edges over the view, each marked in view `pending`. */
  async fineGrained(datasetUrn: string, view: PendingView = 'pending'): Promise<FineGrainedLineageView[]> {
    if (view === 'pushed') return this.requireCatalog().fineGrainedLineages(datasetUrn);
    const catalog = this.source.catalog();
    let stored: FineGrainedLineageView[] | undefined;
    if (catalog) {
      try {
        stored = await this.cached(this.columns, datasetUrn, () => catalog.fineGrainedLineages(datasetUrn));
      } catch (error) {
        this.options.log?.(`The column-level lineage of ${datasetUrn} could not be read from the catalog (${messageOf(error)}); showing the files' edges alone.`);
      }
    }
    const proposal = await this.options.proposed?.(datasetUrn).catch(() => undefined);
    return markFineGrained(stored, this.source.intent().byDownstream.get(datasetUrn)?.fineGrained, proposal);
  }

  /** The entities at the requested degrees, nearest first; a hit reached only through edges the files add is marked added. */
  private async walk(urn: string, direction: LineageDirection, degrees: readonly string[]): Promise<Walk> {
    const depth = degrees.includes('3+') ? this.maxDepth : degrees.includes('2') ? 2 : 1;
    const wanted = (degree: number) => degrees.includes(degree >= 3 ? '3+' : String(degree));
    const visited = new Set<string>([urn]);
    const hits: LineageSearchHit[] = [];
    let basis: PendingBasis = 'catalogAndFiles';
    let frontier: { urn: string; addedBy: string[] }[] = [{ urn, addedBy: [] }];
    // Entities past the limit are counted, so the views say some are not shown instead of looking whole.
    const past = new Set<string>();
    for (let degree = 1; degree <= depth && frontier.length > 0; degree++) {
      const next: typeof frontier = [];
      const answers = await this.oneHopsOf(frontier.map((node) => node.urn), direction);
      frontier.forEach((node, index) => {
        const answer = answers[index];
        if (answer.basis === 'filesOnly') basis = 'filesOnly';
        for (const hit of answer.hits) {
          if (visited.has(hit.urn)) continue;
          if (visited.size >= this.maxEntities) {
            if (wanted(degree)) past.add(hit.urn);
            continue;
          }
          visited.add(hit.urn);
          const removed = hit.mark?.change === 'removed';
          // A removed edge is shown where it is cut (one hop), never walked through.
          if (removed && degree > 1) continue;
          const addedBy = hit.mark?.change === 'added' ? [...node.addedBy, ...hit.mark.sources] : node.addedBy;
          const marked = degree === 1 ? hit : { ...hit, degree, mark: addedBy.length > 0 ? { change: 'added' as const, sources: [...new Set(addedBy)].sort() } : UNCHANGED };
          if (wanted(degree)) hits.push(marked);
          if (!removed) next.push({ urn: hit.urn, addedBy });
        }
      });
      frontier = next;
    }
    return { hits, basis: this.source.catalog() ? basis : 'filesOnly', cut: past.size };
  }

  private async oneHopsOf(urns: readonly string[], direction: LineageDirection): Promise<OneHop[]> {
    const out: OneHop[] = [];
    for (let start = 0; start < urns.length; start += CATALOG_READS_AT_ONCE) {
      out.push(...(await Promise.all(urns.slice(start, start + CATALOG_READS_AT_ONCE).map((urn) => this.oneHop(urn, direction)))));
    }
    return out;
  }

  private async oneHop(urn: string, direction: LineageDirection): Promise<OneHop> {
    const catalog = this.source.catalog();
    let catalogHits: LineageSearchHit[] | undefined;
    if (catalog) {
      try {
        catalogHits = await this.cached(this.oneHops, `${direction}\u0000${urn}`, () => this.readOneHop(catalog, urn, direction));
      } catch (error) {
        this.options.log?.(`The lineage of ${urn} could not be read from the catalog (${messageOf(error)}); showing the files' edges alone.`);
      }
    }
    return { hits: markOneHop(urn, direction, catalogHits, this.source.intent()), basis: catalogHits ? 'catalogAndFiles' : 'filesOnly' };
  }

  /** Every one-hop hit of the catalog, page by page, up to maxOneHop; a column's from the stored column-level edges. */
  private async readOneHop(catalog: LineageFetcher, urn: string, direction: LineageDirection): Promise<LineageSearchHit[]> {
    if (entityTypeOfUrn(urn) === 'schemaField') return this.readColumnOneHop(catalog, urn, direction);
    return this.readSearchOneHop(catalog, urn, direction);
  }

  private async readSearchOneHop(catalog: LineageFetcher, urn: string, direction: LineageDirection): Promise<LineageSearchHit[]> {
    const hits: LineageSearchHit[] = [];
    let scrollId: string | null = null;
    do {
      const page: LineageScrollPage = await catalog.scrollLineage({ urn, direction, degrees: ['1'], count: Math.min(200, this.maxOneHop), scrollId });
      hits.push(...page.results);
      scrollId = page.nextScrollId;
    } while (scrollId && hits.length < this.maxOneHop);
    return hits.slice(0, this.maxOneHop);
  }

  /**
   * A column's one-hop neighbours: what the catalog's lineage search answers for it (DataHub
   * indexes columns) and the column-level edges the catalog stores on datasets
   * (`upstreamLineage.fineGrainedLineages`, spec §2.4; the local catalog's search indexes datasets
   * only): upstream, the edges of its own dataset that write it; downstream, those of the datasets
   * downstream of its dataset that read it.
   */
  private async readColumnOneHop(catalog: LineageFetcher, field: string, direction: LineageDirection): Promise<LineageSearchHit[]> {
    const dataset = datasetOfField(field);
    if (!dataset) return [];
    const found = new Set<string>((await this.readSearchOneHop(catalog, field, direction)).map((hit) => hit.urn));
    const stored = (urn: string) => this.cached(this.columns, urn, () => catalog.fineGrainedLineages(urn));
    if (direction === 'UPSTREAM') {
      for (const edge of await stored(dataset)) if (edge.downstreams.includes(field)) edge.upstreams.forEach((u) => found.add(u));
    } else {
      const downstreams = await this.cached(this.oneHops, `DOWNSTREAM\u0000${dataset}`, () => this.readOneHop(catalog, dataset, 'DOWNSTREAM'));
      for (const hit of downstreams.filter((h) => entityTypeOfUrn(h.urn) === 'dataset')) {
        for (const edge of await stored(hit.urn)) if (edge.upstreams.includes(field)) edge.downstreams.forEach((d) => found.add(d));
      }
    }
    found.delete(field);
    return [...found].sort().map((urn) => ({ urn, type: 'SCHEMA_FIELD', degree: 1 }));
  }

  private cached<T>(cache: Map<string, Cached<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const found = cache.get(key);
    if (found && Date.now() - found.at < this.ttlMs) return found.value;
    const value = read();
    const entry = { at: Date.now(), value };
    cache.set(key, entry);
    // A failed read is not kept: the next question asks again.
    value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return value;
  }

  private requireCatalog(): LineageFetcher {
    const catalog = this.source.catalog();
    if (!catalog) throw new Error('The lineage as pushed cannot be shown: no catalog service is connected, so only the files are known. Connect to a catalog (or start the local catalog), or show the lineage with your changes.');
    return catalog;
  }
}

/** `pending:<offset>` → the offset; anything else starts at the first hit. */
function offsetOf(scrollId: string | null | undefined): number {
  const match = /^pending:(\d{1,9})$/.exec(scrollId ?? '');
  return match ? Number(match[1]) : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
