import type { LineageFetcher } from '../lineage/types';
import { collectPushIntent, type AspectWriter } from '../plan/pushIntent';
import { standardAspectWriter } from '../plan/pushPlan';
import type { WorkspaceSession } from '../workspace/session';
import { lineageIntentIndex, type LineageIntentIndex } from './lineageIntent';
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
 * (PendingEntities); the files' lineage is collected again only when asked and the session
 * changed since (its generation), never per keystroke.
 */
export class PendingState {
  readonly entities: PendingEntities;
  readonly lineage: PendingLineage;
  private index: { generation: number; value: LineageIntentIndex } | undefined;
  private readonly writer: AspectWriter;

  constructor(
    private readonly session: WorkspaceSession,
    options: PendingStateOptions = {},
  ) {
    this.writer = options.writer ?? standardAspectWriter();
    this.entities = new PendingEntities(session, this.writer);
    const catalog = options.catalog ?? (() => undefined);
    this.lineage = new PendingLineage({ intent: () => this.lineageIntent(), catalog }, options);
  }

  /** The files' lineage, indexed both ways; collected again only after the session changed. */
  lineageIntent(): LineageIntentIndex {
    const generation = this.session.generation;
    if (this.index?.generation !== generation) {
      const models = this.session.all().map((document) => document.model);
      this.index = { generation, value: lineageIntentIndex(collectPushIntent(models, this.writer)) };
    }
    return this.index.value;
  }

  /** The catalog changed (a push finished, another service): lineage is read from it again. */
  forgetCatalog(): void {
    this.lineage.forgetCatalog();
  }
}
