import type { CoreDiagnostic } from '../model/diagnostic';
import { byPosition, oneLine } from './order';

/**
 * A document's diagnostics with each one that stands for more of its kind (`rest`, the stream
 * errors after a YAML document that ends early: core/formats/yamlStreamTail.ts) replaced by all
 * of them, as a read of the whole text finds them: same severity and code as the one standing for
 * them (they are of one code, so they were judged alike), their messages made one line as
 * finishDiagnostics does, in its order. The same array when none stands for others.
 */
export function expandCollapsed(diagnostics: CoreDiagnostic[]): CoreDiagnostic[] {
  if (!diagnostics.some((diagnostic) => diagnostic.rest)) return diagnostics;
  const all: CoreDiagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (!diagnostic.rest) {
      all.push(diagnostic);
      continue;
    }
    const { rest, ...own } = diagnostic;
    all.push(own);
    for (const other of rest.expand(diagnostic.range.start)) all.push({ range: other.range, severity: diagnostic.severity, code: diagnostic.code, message: oneLine(other.message) });
  }
  return all.sort(byPosition);
}

/** How many diagnostics `diagnostics` stand for: each one, and the rest each collapsed one stands for. */
export function countCollapsed(diagnostics: readonly CoreDiagnostic[]): { plain: CoreDiagnostic[]; total: number } {
  const plain: CoreDiagnostic[] = [];
  let total = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.rest) total += diagnostic.rest.count;
    else {
      plain.push(diagnostic);
      total++;
    }
  }
  return { plain, total };
}
