import type { EntityExistenceView } from '../definitions/types';
import { partModel, type DocumentPart } from '../incremental/parts';
import type { DocumentModel, FormatId } from '../model/facts';
import { collectPushIntent, type AspectWriter } from '../plan/pushIntent';
import { standardAspectWriter } from '../plan/pushPlan';
import { Listeners, type Listen, type Subscription } from '../workspace/listeners';
import type { WorkspaceSession } from '../workspace/session';
import { createdEntities, existsInPendingState, pendingExistenceView, type CreatedEntities } from './existence';

/** The formats whose push writes aspects, and so creates entities (core/plan/pushIntent.ts). */
const CREATING_FORMATS: ReadonlySet<FormatId> = new Set<FormatId>(['datasetYaml', 'propertyDefinitions', 'mcpJson']);

const NONE: readonly string[] = [];

/**
 * The entities a workspace session's files create, kept current one file at a time: each document
 * stored anew is read again (each model's answer is kept with the model), so typing in one file
 * never costs work in proportion to the workspace, and a file that creates nothing costs nothing. Checks read existence through view(), which adds these to the catalog's answers.
 */
export class PendingEntities {
  private readonly byUri = new Map<string, readonly string[]>();
  private readonly created = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();
  private readonly byModel = new WeakMap<DocumentModel, readonly string[]>();
  private readonly byPart = new WeakMap<DocumentPart, readonly string[]>();
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
    // Each stored file is indexed as it is stored: a workspace scan spreads the work over its
    // slices, and typing in one file costs that file's aspects only.
    this.subscription = session.onDocumentChanged((uri) => {
      if (this.dirty.size > 0) this.update();
      if (this.reindex(uri)) this.changed.tell();
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
      // What the files create only adds "exists": a catalog that never says "missing" makes a view that never does.
      view = { exists: (urn) => existsInPendingState(urn, created, (u) => catalog.exists(u)), ...(catalog.neverMissing ? { neverMissing: true } : {}) };
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
    const uris = [...this.dirty];
    this.dirty.clear();
    for (const uri of uris) this.reindex(uri);
  }

  /** Reads again what one file creates; answers whether that changed. */
  private reindex(uri: string): boolean {
    const before = this.byUri.get(uri) ?? NONE;
    const document = this.session.get(uri);
    const after = document ? this.createdByModel(document.model, document.analysis?.parts) : NONE;
    if (before === after || (before.length === after.length && before.every((urn, index) => urn === after[index]))) return false;
    for (const urn of before) {
      const sources = this.created.get(urn);
      sources?.delete(uri);
      if (sources?.size === 0) this.created.delete(urn);
    }
    if (after.length === 0) this.byUri.delete(uri);
    else this.byUri.set(uri, after);
    for (const urn of after) this.created.set(urn, (this.created.get(urn) ?? new Set()).add(uri));
    return true;
  }

  /**
   * The same intent a push collects (core/plan/pushIntent.ts), for one file, kept with its model —
   * or, for an open document read in parts, kept with each part: an edit replaces only the parts it
   * read, so a keystroke collects the intent of one item, not of the whole file (150 ms for a
   * 50,000-line dataset YAML). Every item of a creating format writes its own aspects, so the file
   * creates the union of what its parts create.
   */
  private createdByModel(model: DocumentModel, parts: readonly DocumentPart[] | undefined): readonly string[] {
    if (!model.format || !CREATING_FORMATS.has(model.format)) return NONE;
    if (parts) {
      const urns = new Set<string>();
      for (const part of parts) for (const urn of this.createdByPart(model, part)) urns.add(urn);
      return urns.size === 0 ? NONE : [...urns];
    }
    let urns = this.byModel.get(model);
    if (!urns) {
      urns = this.collectCreated(model);
      this.byModel.set(model, urns);
    }
    return urns;
  }

  private createdByPart(model: DocumentModel, part: DocumentPart): readonly string[] {
    let urns = this.byPart.get(part);
    if (!urns) {
      urns = this.collectCreated(partModel(model, part));
      this.byPart.set(part, urns);
    }
    return urns;
  }

  private collectCreated(model: DocumentModel): readonly string[] {
    const urns = [...createdEntities(collectPushIntent([model], this.writer)).keys()];
    return urns.length === 0 ? NONE : urns;
  }
}
