import { SUPPRESSION_WORD, type SuppressionSource } from '../rules/suppression';

/**
 * Which units of a document hold a suppression comment (`# catalog-code-disable…`), kept as units
 * are read again, so a check of a document without any answers without reading its text
 * (core/rules/suppression.ts). Text outside the units (a YAML file's frame, the brackets and commas
 * of a JSON array) changes only with a whole read, which finds it again.
 */
export class SuppressionUnits implements SuppressionSource {
  private readonly flags: boolean[];
  private count = 0;
  private outside = false;

  /** From a whole read of `text`, whose units span `spans` (ordered, not overlapping). */
  constructor(text: string, spans: readonly { start: number; end: number }[]) {
    this.flags = spans.map(() => false);
    for (let at = text.indexOf(SUPPRESSION_WORD); at !== -1; at = text.indexOf(SUPPRESSION_WORD, at + 1)) {
      const unit = unitAt(spans, at);
      if (unit === undefined) this.outside = true;
      else if (!this.flags[unit]) {
        this.flags[unit] = true;
        this.count++;
      }
    }
  }

  /** Unit `unit` was read again from `unitText`. */
  replaced(unit: number, unitText: string): void {
    const has = unitText.includes(SUPPRESSION_WORD);
    if (has !== this.flags[unit]) this.count += has ? 1 : -1;
    this.flags[unit] = has;
  }

  /** Units `first` to `first + removed` were replaced by units read from `texts`. */
  splice(first: number, removed: number, texts: readonly string[]): void {
    for (const had of this.flags.splice(first, removed, ...texts.map((text) => text.includes(SUPPRESSION_WORD)))) if (had) this.count--;
    for (let i = first; i < first + texts.length; i++) if (this.flags[i]) this.count++;
  }

  /** Units `from` to the last taken out (./units.ts dropItems): whether each holds a suppression comment. */
  take(from: number): boolean[] {
    const taken = this.flags.splice(from);
    for (const had of taken) if (had) this.count--;
    return taken;
  }

  /** Units taken out earlier put back at the end. */
  put(flags: readonly boolean[]): void {
    for (const has of flags) {
      this.flags.push(has);
      if (has) this.count++;
    }
  }

  any(): boolean {
    return this.outside || this.count > 0;
  }
}

function unitAt(spans: readonly { start: number; end: number }[], offset: number): number | undefined {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (spans[middle].start <= offset) low = middle + 1;
    else high = middle - 1;
  }
  return high >= 0 && offset + SUPPRESSION_WORD.length <= spans[high].end ? high : undefined;
}
