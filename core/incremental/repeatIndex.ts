import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import type { LineIndex } from '../model/range';
import { judgeRepeats } from '../rules/repeats';
import { useLineIndex } from '../rules/ruleHelpers';
import type { RepeatCheck, Rule, RuleContext, Written } from '../rules/types';
import type { DocumentPart } from './parts';

type Scope = object | undefined;

/**
 * The repeat rules (core/rules/repeats.ts) of a document kept in parts, from an index instead of a
 * pass over the document: what each part writes is taken once and counted per key. The analysis
 * tells the index which part an edit replaced (./documentAnalysis.ts), so an edit removes that
 * part's keys and adds the new ones; only keys written more than once are judged, from the parts
 * that write them.
 */
export class RepeatIndex {
  private readonly rules = new Map<Rule, RuleIndex>();
  /** parts replaced since the rules were last judged: [before, after] (either absent when an edit changed how many parts there are) */
  private replacements: [DocumentPart | undefined, DocumentPart | undefined][] = [];
  /** the line index of the parts' text, which the analysis moves with each edit: a repeat names the line of the first copy */
  private lines: { text: string; index: () => LineIndex } | undefined;

  /** The parts are now of `text`, whose line index `index` answers (asked only when some key is repeated). */
  linesOf(text: string, index: () => LineIndex): void {
    this.lines = { text, index };
  }

  /** An edit read `after` in place of `before` (a part only removed, or only added, when the number of parts changed). */
  replaced(before: DocumentPart | undefined, after: DocumentPart | undefined): void {
    this.replacements.push([before, after]);
  }

  /**
   * The repeat rules' diagnostics for `parts` (in document order) of `model`. `settle` moves a part
   * by what it still has to move (./pendingShifts.ts): only the parts that write a repeated key
   * are read for their ranges.
   */
  diagnostics(rules: readonly Rule[], parts: readonly DocumentPart[], model: DocumentModel, context: RuleContext, partModel: (part: DocumentPart) => DocumentModel, settle: (part: DocumentPart) => void = () => undefined): CoreDiagnostic[] {
    // Every index built so far follows the edits, whichever rules are asked about now.
    for (const index of this.rules.values()) {
      for (const [before, after] of this.replacements) {
        if (before) index.remove(before);
        if (after) index.add(after, partModel(after));
      }
    }
    this.replacements = [];
    const diagnostics: CoreDiagnostic[] = [];
    for (const rule of rules) {
      if (!rule.repeats) continue;
      let index = this.rules.get(rule);
      if (!index) {
        this.rules.set(rule, (index = new RuleIndex(rule.repeats)));
        for (const part of parts) index.add(part, partModel(part));
      }
      if (index.hasRepeats && this.lines?.text === context.text) useLineIndex(context.text, this.lines.index());
      diagnostics.push(...index.judge({ ...context, model }, settle));
    }
    return diagnostics;
  }
}

class RuleIndex {
  private readonly written = new Map<DocumentPart, Written<unknown>[]>();
  /** scope → key → the parts writing it, with how often each does */
  private readonly writers = new Map<Scope, Map<string, Writers>>();
  /** scope → keys written more than once in it */
  private readonly repeated = new Map<Scope, Set<string>>();

  constructor(private readonly check: RepeatCheck<unknown>) {}

  get hasRepeats(): boolean {
    return this.repeated.size > 0;
  }

  /** Every key written more than once, judged with its occurrences in document order. */
  judge(context: RuleContext, settle: (part: DocumentPart) => void): CoreDiagnostic[] {
    const groups: Written<unknown>[][] = [];
    for (const [scope, keys] of this.repeated) {
      const byKey = this.writers.get(scope);
      for (const key of keys) {
        for (const part of byKey?.get(key)?.parts.keys() ?? []) settle(part);
        // Parts never overlap and their ranges move with every edit, so any range of a part orders
        // the parts as the document does; within a part, occurrences keep the order they are written in.
        const parts = [...(byKey?.get(key)?.parts.keys() ?? [])].map((part) => this.written.get(part) ?? []);
        parts.sort((a, b) => (a[0]?.range.start ?? 0) - (b[0]?.range.start ?? 0));
        groups.push(parts.flatMap((written) => written.filter((occurrence) => occurrence.scope === scope && occurrence.key === key)));
      }
    }
    return judgeRepeats(this.check, groups, context);
  }

  add(part: DocumentPart, model: DocumentModel): void {
    const written = this.check.written(model);
    this.written.set(part, written);
    for (const { scope, key } of written) {
      let byKey = this.writers.get(scope);
      if (!byKey) this.writers.set(scope, (byKey = new Map()));
      let writers = byKey.get(key);
      if (!writers) byKey.set(key, (writers = { total: 0, parts: new Map() }));
      writers.parts.set(part, (writers.parts.get(part) ?? 0) + 1);
      if (++writers.total > 1) {
        let keys = this.repeated.get(scope);
        if (!keys) this.repeated.set(scope, (keys = new Set()));
        keys.add(key);
      }
    }
  }

  remove(part: DocumentPart): void {
    for (const { scope, key } of this.written.get(part) ?? []) {
      const byKey = this.writers.get(scope);
      const writers = byKey?.get(key);
      if (!byKey || !writers) continue;
      const own = writers.parts.get(part) ?? 0;
      if (own === 1) writers.parts.delete(part);
      else writers.parts.set(part, own - 1);
      if (--writers.total < 2) this.repeated.get(scope)?.delete(key);
      if (this.repeated.get(scope)?.size === 0) this.repeated.delete(scope);
      if (writers.total === 0) byKey.delete(key);
      if (byKey.size === 0) this.writers.delete(scope);
    }
    this.written.delete(part);
  }
}

interface Writers {
  total: number;
  parts: Map<DocumentPart, number>;
}
