import type { LineageFetcher } from '../lineage/types';
import type { AspectWriter } from '../plan/pushIntent';
import { standardAspectWriter } from '../plan/pushPlan';
import type { WorkspaceSession } from '../workspace/session';
import { RecordedFile } from '../workspace/recordedFile';
import type { LineageIntentIndex } from './lineageIntent';
import { LINEAGE_COLLECTION, LineageIntentFiles, adoptedLineage, type FileLineage } from './lineageIntentFiles';
import { PendingEntities } from './pendingEntities';
import { PendingLineage, type PendingLineageOptions } from './pendingLineage';

export interface PendingStateOptions extends PendingLineageOptions {
  /** the catalog's lineage; undefined (or answering undefined) offline: the files alone */
  catalog?: () => LineageFetcher | undefined;
  writer?: AspectWriter;
}

/**
 * The pending state of one workspace session: the intents of its files (the ones push plans from,
 * core/plan/pushIntent.ts) applied over what the catalog holds. Its owner (the language server;
 * the CLI for one run) builds it once beside the session. Existence is kept one file at a time
 * (PendingEntities), and so is the files' lineage (LineageIntentFiles): a stored document is only
 * marked, and read again when lineage is next asked for, never per keystroke.
 */
export class PendingState {
  readonly entities: PendingEntities;
  readonly lineage: PendingLineage;
  private readonly lineageFiles: LineageIntentFiles;
  /** the documents stored or dropped since lineage was last asked for */
  private readonly lineageDirty = new Set<string>();
  private readonly writer: AspectWriter;

  constructor(
    private readonly session: WorkspaceSession,
    options: PendingStateOptions = {},
  ) {
    this.writer = options.writer ?? standardAspectWriter();
    this.entities = new PendingEntities(session, this.writer);
    this.lineageFiles = new LineageIntentFiles(this.writer);
    const catalog = options.catalog ?? (() => undefined);
    this.lineage = new PendingLineage({ intent: () => this.lineageIntent(), catalog }, options);
    for (const document of session.all()) this.lineageDirty.add(document.uri);
    // A closed file's lineage collected where its record was made (a worker thread), made the pending state's own.
    session.recordDerivations.registerCollection(LINEAGE_COLLECTION, (collected, intern) => adoptedLineage(collected as FileLineage, intern));
    session.onDocumentChanged((uri) => {
      this.lineageDirty.add(uri);
      // A closed file keeps no facts: what it says about lineage is collected now, while they are held.
      const document = session.get(uri);
      const held = document instanceof RecordedFile ? document.holding() : undefined;
      const collected = document instanceof RecordedFile ? document.collectedFor(LINEAGE_COLLECTION) : undefined;
      // (One restored from the restart cache is read for its lineage when a lineage view first asks.)
      if (held) this.lineageFiles.prepare(uri, held);
      else if (collected) this.lineageFiles.prepareCollected(uri, collected as FileLineage);
      else this.lineageFiles.unprepare(uri);
    });
  }

  /** The files' lineage, indexed both ways; the files changed since the last question are collected again, one by one. */
  lineageIntent(): LineageIntentIndex {
    if (this.lineageDirty.size === 0) return this.lineageFiles.index;
    const uris = [...this.lineageDirty];
    this.lineageDirty.clear();
    // Lineage only: the aspects a dataset YAML or a properties file derives hold no edges (push sends
    // upstreamLineage as edges), so they are not derived here (core/pending/lineageIntentFiles.ts).
    return this.lineageFiles.update(uris, (uri) => this.session.get(uri)?.model);
  }

  /** The catalog changed (a push finished, another service): lineage is read from it again. */
  forgetCatalog(): void {
    this.lineage.forgetCatalog();
  }
}
