import type { DocumentModel, FormatId } from '../model/facts';
import { WORK } from '../model/workCounters';
import type { LineIndex, PositionIndex } from '../model/range';
import type { FileMentions, MentionsKept } from '../mentions/fileMentions';

/** How a session reads a closed file's text again (its format associations at the time). */
export type ReadAgain = (uri: string, text: string) => DocumentModel;

/**
 * What indexes of the session take from a closed file besides its mentions, by name (the pending
 * state's `created`: the entities its push creates), each a list of strings: taken while its model
 * is held (WorkspaceSession.deriveWithRecords), kept with the record, and so in the restart cache
 * (./recordCache.ts) — a file restored from it is never read for them.
 */
export type RecordDerived = Readonly<Record<string, readonly string[]>>;

/** A closed file's record: all it keeps besides its text, and all the restart cache stores of it. */
export interface FileRecord {
  format: FormatId;
  mentions: FileMentions;
  derived: RecordDerived;
}

/** The closed files read again most recently, with their models: a request that reads a few files twice reads them once. */
const RECENT_MODELS = 64;
// Keyed by the mentions, which a view of the file (the same file with positions in another encoding,
// server/convert.ts) shares with it.
const recent = new Map<FileMentions, DocumentModel>();

/**
 * A closed file of the workspace as the session keeps it between reads: its text and its
 * mentions (core/mentions/fileMentions.ts), not its facts. Of a 20,000-file workspace's heap after a scan, the
 * facts closed files kept were two thirds (106 of 144 MB): everything read across files is
 * answered from the mentions and the pending state's own indexes (taken while the file's model
 * is held, at store time), and what needs the facts themselves — the file's own checks, a
 * reference, rename or definition the mentions say it may hold, a push — reads the text again
 * (`model`, counted in WORK.closedFileReads).
 */
// Shaped as a SessionDocument (./sessionTypes.ts), which the session stores it as; not declared so, as that module names this one's store.
export class RecordedFile implements MentionsKept {
  readonly version = undefined;
  readonly open = false;
  readonly slim = true;
  /** the model the file was just read into, until the session has told everyone who indexes it (release) */
  private held: DocumentModel | undefined;

  readonly format: FormatId;
  readonly mentions: FileMentions;
  readonly derived: RecordDerived;

  /** `model`: the file's model, held until release(); without one (a record restored from the cache), read from the text when asked. */
  constructor(
    readonly uri: string,
    readonly text: string,
    readonly lineIndex: LineIndex,
    record: FileRecord,
    model: DocumentModel | undefined,
    private readonly readAgain: ReadAgain,
  ) {
    this.format = record.format;
    this.mentions = record.mentions;
    this.derived = record.derived;
    this.held = model;
  }

  /** The model while the session stores the file (who indexes it reads it then); undefined after, or when restored from a record. */
  holding(): DocumentModel | undefined {
    return this.held;
  }

  /** The file's facts: the model it was read into while the session stores it, else its text read again. */
  get model(): DocumentModel {
    if (this.held) return this.held;
    const known = recent.get(this.mentions);
    if (known) {
      recent.delete(this.mentions);
      recent.set(this.mentions, known);
      return known;
    }
    WORK.closedFileReads++;
    const model = this.readAgain(this.uri, this.text);
    recent.set(this.mentions, model);
    if (recent.size > RECENT_MODELS) recent.delete(recent.keys().next().value as FileMentions);
    return model;
  }

  /** The same file with another position index (a client counting positions in UTF-8 or UTF-32): its facts are read once for both. */
  withLineIndex<T extends RecordedFile>(this: T, lineIndex: PositionIndex): T {
    return Object.create(this, { lineIndex: { value: lineIndex, enumerable: true } }) as T;
  }

  /** Stored and told: the model is dropped, to be read again only when asked. */
  release(): void {
    this.held = undefined;
  }
}
