import { WORK } from '../model/workCounters';
import type { DocumentPart } from './parts';

/** The keys that came to be in a union and that left it since the owner last asked. */
export interface UnionChanges {
  added: string[];
  removed: string[];
}

/**
 * Keys computed from each part of a document (the entities a part creates, the properties its
 * checks read), united over all parts and kept as a counted set, so that asking for the union after
 * an edit computes only the parts the edit read and never walks the others. The part cache tells
 * it which part an edit replaced (./partCache.ts); the first ask computes every part once.
 * A part is replaced, never changed, so what was computed for it holds as long as it is in the list.
 */
export class PartUnion {
  private readonly ofPart = new Map<DocumentPart, readonly string[]>();
  private readonly counts = new Map<string, number>();
  /** parts read in place of others since the last ask (computed then) */
  private readonly unread = new Set<DocumentPart>();
  private complete = false;
  private added = new Set<string>();
  private removed = new Set<string>();

  constructor(private readonly keysOf: (part: DocumentPart) => readonly string[]) {}

  /** An edit read `after` in place of `before` (either absent when the number of parts changed). */
  replaced(before: DocumentPart | undefined, after: DocumentPart | undefined): void {
    if (before) {
      const keys = this.ofPart.get(before);
      if (keys) for (const key of keys) this.count(key, -1);
      this.ofPart.delete(before);
      this.unread.delete(before);
    }
    if (after && this.complete) this.unread.add(after);
  }

  /** Every key of `parts` (the cache's current list) with how many parts hold it; read-only, changes with later edits. */
  keys(parts: readonly DocumentPart[]): ReadonlyMap<string, number> {
    const toRead = this.complete ? this.unread : parts;
    for (const part of toRead) this.read(part);
    this.unread.clear();
    this.complete = true;
    return this.counts;
  }

  /** The keys added to and removed from the union since the last call (the first call: since it was made). */
  takeChanges(): UnionChanges {
    const changes = { added: [...this.added], removed: [...this.removed] };
    this.added = new Set();
    this.removed = new Set();
    return changes;
  }

  private read(part: DocumentPart): void {
    if (this.ofPart.has(part)) return;
    const keys = this.keysOf(part);
    WORK.partUnionReads++;
    this.ofPart.set(part, keys);
    for (const key of keys) this.count(key, 1);
  }

  private count(key: string, sign: 1 | -1): void {
    const count = (this.counts.get(key) ?? 0) + sign;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
    if (sign === 1 && count === 1) {
      if (!this.removed.delete(key)) this.added.add(key);
    } else if (sign === -1 && count === 0) {
      if (!this.added.delete(key)) this.removed.add(key);
    }
  }
}
