import type { EntityExistenceView } from '../definitions/types';
import type { DocumentModel, FormatId } from '../model/facts';
import { collectPushIntent, type AspectWriter } from '../plan/pushIntent';
import { standardAspectWriter } from '../plan/pushPlan';
import { Listeners, type Listen, type Subscription } from '../workspace/listeners';
import type { WorkspaceSession } from '../workspace/session';
import { createdEntities, pendingExistenceView, type CreatedEntities } from './existence';

/** The formats whose push writes aspects, and so creates entities (core/plan/pushIntent.ts). */
const CREATING_FORMATS: ReadonlySet<FormatId> = new Set<FormatId>(['datasetYaml', 'propertyDefinitions', 'mcpJson']);

/**
 * The entities a workspace session's files create, kept current one file at a time: a change to a
 * document only marks it, and the next question reads the marked documents again (each model's
 * answer is kept with the model), so typing in one file never costs work in proportion to the
 * workspace. Checks read existence through view(), which adds these to the catalog's answers.
 */
export class PendingEntities {
  private readonly byUri = new Map<string, readonly string[]>();
  private readonly created = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();
  private readonly byModel = new WeakMap<DocumentModel, readonly string[]>();
  private readonly views = new WeakMap<EntityExistenceView, EntityExistenceView>();
  private readonly changed = new Listeners<void>();
  private readonly subscription: Subscription;
  /** Told when a change may have made an entity created or no longer created (ask again to know). */
  readonly onMayHaveChanged: Listen<void> = this.changed.listen;

  constructor(
    private readonly session: WorkspaceSession,
    private readonly writer: AspectWriter = standardAspectWriter(),
  ) {
    for (const document of session.all()) this.dirty.add(document.uri);
    this.subscription = session.onDocumentChanged((uri) => {
      this.dirty.add(uri);
      const format = session.get(uri)?.model.format;
      if (this.byUri.has(uri) || (format && CREATING_FORMATS.has(format))) this.changed.tell();
    });
  }

  /** urn → the files that create it, over the whole session. */
  index(): CreatedEntities {
    this.update();
    return this.created;
  }

  /** The files that create `urn`; undefined when none does. */
  createdBy(urn: string): ReadonlySet<string> | undefined {
    this.update();
    return this.created.get(urn);
  }

  /**
   * Existence as checks read it: the catalog's answers plus the entities the files create. One
   * view per catalog view, so checks kept for parts of a document (core/incremental) stay valid
   * from call to call.
   */
  view(catalog: EntityExistenceView): EntityExistenceView {
    let view = this.views.get(catalog);
    if (!view) {
      const created = { has: (urn: string) => this.createdBy(urn) !== undefined };
      view = { exists: (urn) => (created.has(urn) ? true : catalog.exists(urn)) };
      this.views.set(catalog, view);
    }
    return view;
  }

  /**
   * Existence for checking only `uris` (a push or plan of some files): what those files create plus
   * the catalog, and — for a missing entity — the other files of the workspace that create it.
   */
  viewFor(uris: readonly string[], catalog: EntityExistenceView): EntityExistenceView {
    const { inside, outside } = this.split(uris);
    return pendingExistenceView(inside, catalog, outside);
  }

  /** The entities the files `uris` create, and those the other files of the session create. */
  split(uris: readonly string[]): { inside: CreatedEntities; outside: CreatedEntities } {
    const wanted = new Set(uris);
    const inside = new Map<string, Set<string>>();
    const outside = new Map<string, Set<string>>();
    for (const [urn, sources] of this.index()) {
      for (const source of sources) {
        const into = wanted.has(source) ? inside : outside;
        into.set(urn, (into.get(urn) ?? new Set()).add(source));
      }
    }
    return { inside, outside };
  }

  /** Stops following the session (an owner that outlives this index, such as a push of some files, lets it go). */
  dispose(): void {
    this.subscription.dispose();
  }

  private update(): void {
    if (this.dirty.size === 0) return;
    for (const uri of this.dirty) {
      for (const urn of this.byUri.get(uri) ?? []) {
        const sources = this.created.get(urn);
        sources?.delete(uri);
        if (sources?.size === 0) this.created.delete(urn);
      }
      this.byUri.delete(uri);
      const model = this.session.get(uri)?.model;
      const urns = model ? this.createdByModel(model) : [];
      if (urns.length === 0) continue;
      this.byUri.set(uri, urns);
      for (const urn of urns) this.created.set(urn, (this.created.get(urn) ?? new Set()).add(uri));
    }
    this.dirty.clear();
  }

  /** The same intent a push collects (core/plan/pushIntent.ts), for one file, kept with its model. */
  private createdByModel(model: DocumentModel): readonly string[] {
    if (!model.format || !CREATING_FORMATS.has(model.format)) return [];
    let urns = this.byModel.get(model);
    if (!urns) {
      urns = [...createdEntities(collectPushIntent([model], this.writer)).keys()];
      this.byModel.set(model, urns);
    }
    return urns;
  }
}
