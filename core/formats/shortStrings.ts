/**
 * One string per distinct short text, for the JSON parser's keys and small values: a large file
 * repeats `entityType`, `aspectName`, `UPSERT`, `dataset` tens of thousands of times, and each
 * slice was a new string that the model's facts then kept. Only strings of at most 12 characters
 * are kept here: V8 copies those when slicing (longer slices point into the whole text), so this
 * table never holds on to a file's text.
 */
const MAX_LENGTH = 12;
const SLOTS = 1024;

class ShortStrings {
  private readonly slots: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);

  /** `text.slice(from, to)`, the same string object as last time for a short text seen before. */
  of(text: string, from: number, to: number): string {
    const length = to - from;
    if (length > MAX_LENGTH) return text.slice(from, to);
    let hash = length;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    const slot = (hash ^ (hash >>> 15)) & (SLOTS - 1);
    const known = this.slots[slot];
    if (known !== undefined && known.length === length && text.startsWith(known, from)) return known;
    const fresh = text.slice(from, to);
    this.slots[slot] = fresh;
    return fresh;
  }
}

export const shortStrings = new ShortStrings();
