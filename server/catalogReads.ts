import type { EntityExistenceView } from '../core/definitions/types';
import type { CatalogKnowledge } from '../core/workspace/session';
import type { ImpliedLineage, SqlLineageView } from '../core/sql/impliedLineage';

/** What one check read from the catalog: each entity asked about with its answer, and whether it asked at all. */
export interface CatalogReadsOfCheck {
  existence: Map<string, boolean | undefined>;
  /** each dataset whose SQL lineage the check asked for, with the answer it got (lineage.sqlDisagrees) */
  sql: Map<string, ImpliedLineage | undefined>;
  catalogRead: boolean;
}

/**
 * Notes what checks read from the catalog while one runs. The workspace session's checks ask the
 * catalog through observe() (wired once, where the session is built), so new existence answers
 * re-check only the documents that asked about those entities (server/diagnosticDependencies.ts).
 * Complete for every check, because rules that ask about entities run on the whole document each
 * time (Rule.scope 'document'; results kept for parts of a document never ask,
 * core/incremental/checkParts.ts).
 */
export class CatalogReads {
  private asked: Map<string, boolean | undefined> | undefined;
  private askedSql: Map<string, ImpliedLineage | undefined> | undefined;
  private readonly recordingSql = new WeakMap<SqlLineageView, SqlLineageView>();
  private catalogRead = false;
  private readonly recordingViews = new WeakMap<EntityExistenceView, EntityExistenceView>();

  /** The knowledge as checks read it: its existence view notes each entity asked about while a check runs. */
  observe(knowledge: CatalogKnowledge): CatalogKnowledge {
    if (this.asked) this.catalogRead = true;
    return { ...knowledge, entities: this.recording(knowledge.entities), ...(knowledge.sql ? { sql: this.recordingSqlView(knowledge.sql) } : {}) };
  }

  /** Runs one check and answers what it read from the catalog. */
  during<T>(run: () => T): { result: T; reads: CatalogReadsOfCheck } {
    const asked = new Map<string, boolean | undefined>();
    const askedSql = new Map<string, ImpliedLineage | undefined>();
    this.asked = asked;
    this.askedSql = askedSql;
    this.catalogRead = false;
    try {
      const result = run();
      return { result, reads: { existence: asked, sql: askedSql, catalogRead: this.catalogRead } };
    } finally {
      this.asked = undefined;
      this.askedSql = undefined;
    }
  }

  private recordingSqlView(view: SqlLineageView): SqlLineageView {
    let wrapped = this.recordingSql.get(view);
    if (!wrapped) {
      wrapped = {
        impliedFor: (urn) => {
          const answer = view.impliedFor(urn);
          this.askedSql?.set(urn, answer);
          return answer;
        },
      };
      this.recordingSql.set(view, wrapped);
    }
    return wrapped;
  }

  /**
   * One wrapper per view, recording or not: results kept for parts of a document
   * (core/incremental/checkParts.ts) are reused only under the same view object.
   */
  private recording(view: EntityExistenceView): EntityExistenceView {
    let wrapped = this.recordingViews.get(view);
    if (!wrapped) {
      wrapped = {
        exists: (urn) => {
          const answer = view.exists(urn);
          this.asked?.set(urn, answer);
          return answer;
        },
      };
      if (view.createdOutside) wrapped.createdOutside = (urn) => view.createdOutside?.(urn);
      this.recordingViews.set(view, wrapped);
    }
    return wrapped;
  }
}
