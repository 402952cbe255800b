import { SUPPRESSION_WORD, type CoreDiagnostic } from '../model/diagnostic';
import { LineIndex } from '../model/range';
import { WORK } from '../model/workCounters';

/**
 * `# catalog-code-disable-next-line [code ...]` silences the next line (all codes, or the listed
 * ones); `# catalog-code-disable [code ...]` anywhere silences the whole file. JSON-with-comments
 * files use `//` instead of `#`.
 */
const DIRECTIVE = /(?:#|\/\/)\s*catalog-code-disable(-next-line)?\b([^\n\r]*)/g;

interface Suppressions {
  file: Set<string> | 'all' | undefined;
  /** zero-based line → codes ('all' for every code) */
  lines: Map<number, Set<string> | 'all'>;
}

function parseCodes(rest: string): Set<string> | 'all' {
  const codes = rest
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter((c) => /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(c));
  return codes.length === 0 ? 'all' : new Set(codes);
}

function merge(a: Set<string> | 'all' | undefined, b: Set<string> | 'all'): Set<string> | 'all' {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...(a ?? []), ...b]);
}

export function findSuppressions(text: string, lines: LineIndex): Suppressions {
  const result: Suppressions = { file: undefined, lines: new Map() };
  if (!text.includes('catalog-code-disable')) return result;
  for (const match of text.matchAll(DIRECTIVE)) {
    const codes = parseCodes(match[2] ?? '');
    if (match[1]) {
      const line = lines.positionAt(match.index ?? 0).line + 1;
      result.lines.set(line, merge(result.lines.get(line), codes));
    } else {
      result.file = merge(result.file, codes);
    }
  }
  return result;
}

const covers = (codes: Set<string> | 'all' | undefined, code: string): boolean =>
  codes === 'all' || (codes !== undefined && codes.has(code));

export { SUPPRESSION_WORD };

/**
 * Whether a document holds a suppression comment, when something keeps that per unit
 * (core/incremental/suppressionUnits.ts): then a document without any is not read for them,
 * which would otherwise be a pass over the whole text per check.
 */
export interface SuppressionSource {
  any(): boolean;
}

export function applySuppressions(text: string, diagnostics: CoreDiagnostic[], source?: SuppressionSource): CoreDiagnostic[] {
  // Nothing to suppress (the usual clean file): the text is not searched.
  if (diagnostics.length === 0 || (source && !source.any())) return diagnostics;
  WORK.suppressionScan += text.length;
  if (!text.includes(SUPPRESSION_WORD)) return diagnostics;
  const lines = new LineIndex(text);
  const suppressions = findSuppressions(text, lines);
  return diagnostics.filter((diagnostic) => {
    if (covers(suppressions.file, diagnostic.code)) return false;
    const line = lines.positionAt(diagnostic.range.start).line;
    return !covers(suppressions.lines.get(line), diagnostic.code);
  });
}
