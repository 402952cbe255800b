import type { CoreDiagnostic } from '../model/diagnostic';
import type { RepeatCheck, Rule, RuleContext, Written } from './types';

/**
 * Rules about the same thing written twice in one document (an edge, a definition). Each is said
 * once, as what a stretch of facts writes (`written`) and how to judge one thing written more than
 * once (`judge`): on a whole document the occurrences are grouped in one pass; for a document kept
 * in parts (core/incremental/repeatIndex.ts) each part's occurrences are taken once and kept in an
 * index, so an edit looks only at the part it changed and at keys written more than once. The
 * shapes (Written, RepeatCheck) are declared with Rule in ./types.ts.
 */

/** A document rule made of a repeat check. */
export function repeatRule<T>(codes: readonly string[], check: RepeatCheck<T>): Rule {
  return {
    codes,
    scope: 'document',
    repeats: check as RepeatCheck<unknown>,
    run: (context) => judgeRepeats(check, groupWritten(check.written(context.model)), context),
  };
}

/** The occurrences of each key, keys in order of first occurrence. */
export function groupWritten<T>(written: readonly Written<T>[]): Written<T>[][] {
  const groups = new Map<object | undefined, Map<string, Written<T>[]>>();
  const ordered: Written<T>[][] = [];
  for (const occurrence of written) {
    let byKey = groups.get(occurrence.scope);
    if (!byKey) groups.set(occurrence.scope, (byKey = new Map()));
    const group = byKey.get(occurrence.key);
    if (group) group.push(occurrence);
    else {
      const fresh = [occurrence];
      byKey.set(occurrence.key, fresh);
      ordered.push(fresh);
    }
  }
  return ordered;
}

export function judgeRepeats<T>(check: RepeatCheck<T>, groups: readonly (readonly Written<T>[])[], context: RuleContext): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  for (const group of groups) if (group.length > 1) diagnostics.push(...check.judge(group, context));
  return diagnostics;
}
