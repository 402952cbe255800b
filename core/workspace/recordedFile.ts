import type { DocumentModel, FormatId } from '../model/facts';
import { WORK } from '../model/workCounters';
import { LineIndex, type PositionIndex } from '../model/range';
import type { FileMentions, MentionsKept } from '../mentions/fileMentions';
import type { DiskStamp } from '../files/readFile';
import { textHash } from './textHash';

/** How a session reads a closed file's text again (its format associations at the time). */
export type ReadAgain = (uri: string, text: string) => DocumentModel;

/** What a closed file reads from the session: its text again, and whom to tell when the disk no longer holds the text its record was made from. */
export interface RecordedFileSource {
  readAgain: ReadAgain;
  /** the file's text on disk now; undefined when it cannot be read */
  readDisk(uri: string): string | undefined;
  /** the disk's text is not the one the record was made from: the session reads the file again */
  changedOnDisk(uri: string): void;
}

/**
 * What indexes of the session take from a closed file besides its mentions, by name (the pending
 * state's `created`: the entities its push creates), each a list of strings: taken while its model
 * is held (WorkspaceSession.recordDerivations), kept with the record, and so in the restart cache
 * (./recordCache.ts) — a file restored from it is never read for them.
 */
export type RecordDerived = Readonly<Record<string, readonly string[]>>;

/** A closed file's record: all it keeps besides its text, and all the restart cache stores of it. */
export interface FileRecord {
  format: FormatId;
  mentions: FileMentions;
  derived: RecordDerived;
}

/** The text a record was made from: its length and hash, and the file's size and time when it was read. */
export interface TextSeen {
  length: number;
  hash: string;
  stamp: DiskStamp;
}

/**
 * The closed file read most recently, with its text and model: a request that reads a file's text,
 * positions and facts in turn reads it once. One: a model kept across another file's read outlives
 * the young generation and piles up in the old one as garbage (the whole workspace's diagnostics
 * and a rename took the server to 648 MB with 64 kept, 553 MB with two, 376 MB with one:
 * bench/adhoc/scanAsClient.ts with CATALOG_AFTER_SCAN=1). In a variable, not a Map of one entry
 * deleted and set again per file: reading 20,002 closed files' models one after another, the Map
 * had each young collection promote 1.6 MB of models to the old generation, the variable 0.04 MB
 * (`node --trace-gc-nvp`, `promoted`), and the reads' peak resident memory went from 293 to 217 MB.
 * Known by the mentions, which a view of the file (the same file with positions in another
 * encoding, server/convert.ts) shares with it.
 */
let recent: { mentions: FileMentions; entry: { text: string; lineIndex?: LineIndex; model?: DocumentModel } } | undefined;

/**
 * A closed file of the workspace as the session keeps it between reads: its record — what it
 * mentions (core/mentions/fileMentions.ts) and what indexes took from it — and what its text was,
 * not the text or the facts. After a 20,000-file scan the facts closed files kept were two thirds
 * of the heap (106 of 144 MB) and their texts 17 MB: everything read across files is answered from
 * the records and the pending state's own indexes (taken while the file's model is held, at store
 * time), and what needs more — the file's own checks, a reference, rename or definition the
 * mentions say it may hold, a push — reads the file from disk (`text`, `model`; counted in
 * WORK.closedFileReads). A text that is not the one the record was made from (changed on disk,
 * no watcher event yet) is answered as it is now and the session told to read the file again.
 */
// Shaped as a SessionDocument (./sessionTypes.ts), which the session stores it as; not declared so, as that module names this one's store.
export class RecordedFile implements MentionsKept {
  readonly version = undefined;
  readonly open = false;
  readonly slim = true;
  readonly format: FormatId;
  readonly mentions: FileMentions;
  readonly derived: RecordDerived;
  /** the text and model the file was just read into, until the session has told everyone who indexes it (release) */
  private held: { text: string; model: DocumentModel } | undefined;

  /** what indexes collected of the file where its record was made (./madeRecord.ts), until release() */
  private collected: Readonly<Record<string, unknown>> | undefined;

  /**
   * `read`: the text and model the file was read into, held until release(); without (a record
   * restored from the cache, or made away from the session), read from disk when asked.
   * `collected`: what indexes collected of it where its record was made, held until release().
   */
  constructor(
    readonly uri: string,
    readonly seen: TextSeen,
    record: FileRecord,
    read: { text: string; model: DocumentModel } | undefined,
    private readonly source: RecordedFileSource,
    collected?: Readonly<Record<string, unknown>>,
  ) {
    this.format = record.format;
    this.mentions = record.mentions;
    this.derived = record.derived;
    this.held = read;
    this.collected = collected;
  }

  /** The model while the session stores the file (who indexes it reads it then); undefined after, or when restored from a record. */
  holding(): DocumentModel | undefined {
    return this.held?.model;
  }

  /** While the session stores a file whose record was made away from it: what the index registered as `name` collected of it (./recordDerivations.ts registerCollection). */
  collectedFor(name: string): unknown {
    return this.collected?.[name];
  }

  /** The file's text: as on disk (an empty text when it cannot be read any more). */
  get text(): string {
    return this.held?.text ?? this.recentEntry().text;
  }

  /** Positions in the text (found when first asked). */
  get lineIndex(): LineIndex {
    if (this.held) return new LineIndex(this.held.text);
    const entry = this.recentEntry();
    return (entry.lineIndex ??= new LineIndex(entry.text));
  }

  /**
   * The file's facts: the model it was read into while the session stores it, else its text read
   * again (also while it is stored, when that model was read for other files only: its own checks
   * need every fact).
   */
  get model(): DocumentModel {
    const held = this.held;
    if (held && held.model.acrossFilesOnly !== true) return held.model;
    if (held) {
      WORK.closedFileReads++;
      return this.source.readAgain(this.uri, held.text);
    }
    const entry = this.recentEntry();
    if (!entry.model) {
      WORK.closedFileReads++;
      entry.model = this.source.readAgain(this.uri, entry.text);
    }
    return entry.model;
  }

  /** The same file with another position index (a client counting positions in UTF-8 or UTF-32): its facts are read once for both. */
  withLineIndex<T extends RecordedFile>(this: T, lineIndex: PositionIndex): T {
    return Object.create(this, { lineIndex: { value: lineIndex, enumerable: true } }) as T;
  }

  /** Stored and told: the text and model are dropped, to be read again only when asked. */
  release(): void {
    this.held = undefined;
    this.collected = undefined;
  }

  private recentEntry(): { text: string; lineIndex?: LineIndex; model?: DocumentModel } {
    if (recent?.mentions === this.mentions) return recent.entry;
    const text = this.source.readDisk(this.uri) ?? '';
    if (text.length !== this.seen.length || textHash(text) !== this.seen.hash) this.source.changedOnDisk(this.uri);
    const entry = { text };
    recent = { mentions: this.mentions, entry };
    return entry;
  }
}

/**
 * What stands for one content of a document, kept from read to read: its model, or for a closed
 * file its record (whose model is a new object at each read). Caches keyed by content use it.
 */
export function contentKey(document: { model: DocumentModel }): object {
  return document instanceof RecordedFile ? document.mentions : document.model;
}
