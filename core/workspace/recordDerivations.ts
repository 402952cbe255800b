import type { DocumentModel } from '../model/facts';
import type { RecordDerived } from './recordedFile';

/** What one index takes from a file's model for the file's record: a list of strings (shared through `intern`). */
export type RecordDerivation = (model: DocumentModel, intern: (text: string) => string) => readonly string[];

/**
 * The derivations the owners of indexes over a session register (the pending state: the entities
 * a file creates), so that a closed file's record (./recordedFile.ts) carries what they read of it
 * and a file restored from the restart cache is indexed without being read.
 */
export class RecordDerivations {
  private readonly byName = new Map<string, RecordDerivation>();

  /** `keepFirst`: a second owner of the same index (a push's own over the server's session) leaves the first one's. */
  register(name: string, derive: RecordDerivation, options: { keepFirst?: boolean } = {}): void {
    if (options.keepFirst && this.byName.has(name)) return;
    this.byName.set(name, derive);
  }

  /** Every registered derivation of `model`. */
  derive(model: DocumentModel, intern: (text: string) => string): RecordDerived {
    const derived: Record<string, readonly string[]> = {};
    for (const [name, derive] of this.byName) derived[name] = derive(model, intern);
    return derived;
  }

  /** Whether a record carries every derivation registered (one made before an index was registered does not). */
  complete(derived: RecordDerived): boolean {
    for (const name of this.byName.keys()) if (!Array.isArray(derived[name])) return false;
    return true;
  }

  get names(): readonly string[] {
    return [...this.byName.keys()];
  }

  private readonly collections = new Map<string, (collected: unknown, intern: (text: string) => string) => unknown>();

  /**
   * What an index collects of a file for its next update, by name, when the file's record is made
   * away from the session (./madeRecord.ts; a record made here lets the index read the model while
   * it is held): `adopt` makes what came from another thread the index's own (its strings shared
   * through `intern`); the index reads it back with RecordedFile.collectedFor while the file is stored.
   */
  registerCollection(name: string, adopt: (collected: unknown, intern: (text: string) => string) => unknown): void {
    this.collections.set(name, adopt);
  }

  get collectionNames(): readonly string[] {
    return [...this.collections.keys()];
  }

  /** What came from another thread, adopted by the indexes that registered each name (undefined when one is missing). */
  adopt(collected: Readonly<Record<string, unknown>>, intern: (text: string) => string): Record<string, unknown> | undefined {
    const adopted: Record<string, unknown> = {};
    for (const [name, adopt] of this.collections) {
      if (!Object.hasOwn(collected, name)) return undefined;
      adopted[name] = adopt(collected[name], intern);
    }
    return adopted;
  }
}
