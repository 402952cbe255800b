import type { EntityExistenceView } from '../core/definitions/types';
import type { CatalogKnowledge } from '../core/workspace/session';

/** What one check read from the catalog: each entity asked about with its answer, and whether it asked at all. */
export interface CatalogReadsOfCheck {
  existence: Map<string, boolean | undefined>;
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
  private catalogRead = false;
  private readonly recordingViews = new WeakMap<EntityExistenceView, EntityExistenceView>();

  /** The knowledge as checks read it: its existence view notes each entity asked about while a check runs. */
  observe(knowledge: CatalogKnowledge): CatalogKnowledge {
    if (this.asked) this.catalogRead = true;
    return { ...knowledge, entities: this.recording(knowledge.entities) };
  }

  /** Runs one check and answers what it read from the catalog. */
  during<T>(run: () => T): { result: T; reads: CatalogReadsOfCheck } {
    const asked = new Map<string, boolean | undefined>();
    this.asked = asked;
    this.catalogRead = false;
    try {
      const result = run();
      return { result, reads: { existence: asked, catalogRead: this.catalogRead } };
    } finally {
      this.asked = undefined;
    }
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
