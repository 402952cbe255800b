import type { EntityExistenceView } from '../definitions/types';
import type { DocumentAnalysis } from '../incremental/documentAnalysis';
import { partModel, type DocumentPart } from '../incremental/parts';
import type { PartUnion } from '../incremental/partUnion';
import type { DocumentModel, FormatId } from '../model/facts';
import { collectFileWrites, type AspectWriter } from '../plan/pushIntent';
import { standardAspectWriter } from '../plan/pushPlan';
import { Listeners, type Listen, type Subscription } from '../workspace/listeners';
import type { WorkspaceSession } from '../workspace/session';
import { RecordedFile } from '../workspace/recordedFile';
import { createdEntities, existsInPendingState, pendingExistenceView, type CreatedEntities } from '../plan/existence';

/** The formats whose push writes aspects, and so creates entities (core/plan/pushIntent.ts). */
const CREATING_FORMATS: ReadonlySet<FormatId> = new Set<FormatId>(['datasetYaml', 'propertyDefinitions', 'mcpJson']);

const NONE: readonly string[] = [];
/** The name of what a file creates in a closed file's record. */
export const CREATED_DERIVATION = 'created';
const NO_PART: DocumentPart = { facts: [], problems: [] };

/**
 * The entities a workspace session's files create, kept current one file at a time: each document
 * stored anew is read again (each model's answer is kept with the model), so typing in one file
 * never costs work in proportion to the workspace, and a file that creates nothing costs nothing. Checks read existence through view(), which adds these to the catalog's answers.
 */
export class PendingEntities {
  /** uri → the entities the file creates, as indexed, and the union of its parts they were taken from (an open document read in parts) */
  private readonly byUri = new Map<string, { urns: Set<string>; union: PartUnion | undefined }>();
  /**
   * urn → the file that creates it, or the files when more than one does: most entities are
   * created by one file, whose URI string is kept instead of a set per entity (a set of one costs
   * about 150 bytes; a 20,000-file workspace creates some 50,000 entities).
   */
  private readonly created = new Map<string, string | Set<string>>();
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
    // A closed file's record carries what it creates (core/workspace/recordedFile.ts): a file
    // restored from the restart cache is indexed without being read.
    session.recordDerivations.register(CREATED_DERIVATION, (model, intern) => this.createdByModel(model).map(intern), { keepFirst: true });
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
    const index = new Map<string, ReadonlySet<string>>();
    for (const [urn, by] of this.created) index.set(urn, typeof by === 'string' ? new Set([by]) : by);
    return index;
  }

  /** The files that create `urn`; undefined when none does. */
  createdBy(urn: string): ReadonlySet<string> | undefined {
    this.update();
    const by = this.created.get(urn);
    return typeof by === 'string' ? new Set([by]) : by;
  }

  /** Whether some file creates `urn`. */
  private creates(urn: string): boolean {
    this.update();
    return this.created.has(urn);
  }

  /**
   * Existence as checks read it: the catalog's answers plus the entities the files create. One
   * view per catalog view, so checks kept for parts of a document (core/incremental) stay valid
   * from call to call.
   */
  view(catalog: EntityExistenceView): EntityExistenceView {
    let view = this.views.get(catalog);
    if (!view) {
      const created = { has: (urn: string) => this.creates(urn) };
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

  /**
   * Reads again what one file creates; answers whether that changed. An open document read in
   * parts keeps what each part creates in a union over its parts (core/incremental/partUnion.ts):
   * an edit then costs the parts it read and the entities that came or went, never a walk over
   * the file's parts or its entities (a 50,000-line dataset YAML creates some 10,000).
   */
  private reindex(uri: string): boolean {
    const before = this.byUri.get(uri);
    const document = this.session.get(uri);
    const recorded = document instanceof RecordedFile ? document.derived[CREATED_DERIVATION] : undefined;
    const union = document && !recorded ? this.unionOf(document.model, document.analysis) : undefined;
    if (union && before?.union === union.union) {
      union.union.keys(union.parts);
      const { added, removed } = union.union.takeChanges();
      for (const urn of removed) this.drop(uri, urn, before.urns);
      for (const urn of added) this.add(uri, urn, before.urns);
      return added.length + removed.length > 0;
    }
    let after: readonly string[] = NONE;
    if (union) {
      after = [...union.union.keys(union.parts).keys()];
      union.union.takeChanges();
    } else if (recorded) after = recorded;
    else if (document) after = this.createdByModel(document.model);
    const urns = before?.urns ?? new Set<string>();
    const same = urns.size === after.length && after.every((urn) => urns.has(urn));
    if (!same) {
      for (const urn of [...urns]) this.drop(uri, urn, urns);
      for (const urn of after) this.add(uri, urn, urns);
    }
    if (urns.size === 0 && !union) this.byUri.delete(uri);
    else this.byUri.set(uri, { urns, union: union?.union });
    return !same;
  }

  private add(uri: string, urn: string, urns: Set<string>): void {
    urns.add(urn);
    const by = this.created.get(urn);
    if (by === undefined) this.created.set(urn, uri);
    else if (typeof by !== 'string') by.add(uri);
    else if (by !== uri) this.created.set(urn, new Set([by, uri]));
  }

  private drop(uri: string, urn: string, urns: Set<string>): void {
    urns.delete(urn);
    const by = this.created.get(urn);
    if (by === undefined) return;
    if (typeof by === 'string') {
      if (by === uri) this.created.delete(urn);
      return;
    }
    by.delete(uri);
    // One file left: its URI again (the order of the files that remain is kept).
    if (by.size <= 1) {
      const [left] = by;
      if (left === undefined) this.created.delete(urn);
      else this.created.set(urn, left);
    }
  }

  /**
   * For an open document read in parts: the union of what its parts create, kept with its parts
   * (an edit replaces only the parts it read, so a keystroke collects the intent of one item, not
   * of the whole file: 150 ms for a 50,000-line dataset YAML). Every item of a creating format
   * writes its own aspects, so the file creates the union of what its parts create.
   */
  private unionOf(model: DocumentModel, analysis: DocumentAnalysis | undefined): { union: PartUnion; parts: readonly DocumentPart[] } | undefined {
    const parts = analysis?.parts;
    const cache = analysis?.cache;
    if (!parts || !cache || !model.format || !CREATING_FORMATS.has(model.format)) return undefined;
    const header = partModel(model, NO_PART);
    return { union: cache.union(this, (part) => this.collectCreated(partModel(header, part))), parts };
  }

  /** The same intent a push collects (core/plan/pushIntent.ts), for one file read whole, kept with its model. */
  private createdByModel(model: DocumentModel): readonly string[] {
    if (!model.format || !CREATING_FORMATS.has(model.format)) return NONE;
    let urns = this.byModel.get(model);
    if (!urns) {
      urns = this.collectCreated(model);
      this.byModel.set(model, urns);
    }
    return urns;
  }

  private collectCreated(model: DocumentModel): readonly string[] {
    return createdByFile(model, this.writer);
  }
}

/** The entities one file's push creates (none for a format whose push writes no aspect): what a record's `created` holds. */
export function createdByFile(model: DocumentModel, writer: AspectWriter): readonly string[] {
  if (!model.format || !CREATING_FORMATS.has(model.format)) return NONE;
  const urns = [...createdEntities(collectFileWrites(model, writer)).keys()];
  return urns.length === 0 ? NONE : urns;
}
