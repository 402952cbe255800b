/**
 * Closest-value suggestions for "did you mean" candidates (URN parts, enum values, property names).
 * Case differences cost nothing, so `prod` suggests `PROD` first; a swapped pair of letters costs one
 * edit, so `PORD` also suggests `PROD`.
 */

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  return editDistanceWithin(a, b, Math.max(a.length, b.length));
}

/** Three rows of the distance table, reused: a workspace check compares an unknown name with thousands of known ones. */
let rows: Int32Array[] = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];

/**
 * editDistance(a, b) when it is at most `limit`; otherwise some number above `limit`, found as soon
 * as two rows of the table are past it (every later cell is built from those two rows, each step
 * adding zero or more).
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rows[0].length <= b.length) rows = [0, 1, 2].map(() => new Int32Array(b.length + 1));
  let [twoBack, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) best = Math.min(best, twoBack[j - 2] + 1);
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit && previousMin > limit) return limit + 1;
    previousMin = rowMin;
    const reused = twoBack;
    twoBack = previous;
    previous = current;
    current = reused;
  }
  return previous[b.length];
}

/** How many edits still count as "probably meant": one for short words, a third of the length for long ones. */
function allowedEdits(length: number): number {
  return Math.max(1, Math.floor(length / 3));
}

/**
 * Candidates close to `input`, best first, at most `max` (default 3). Exact matches (ignoring case)
 * come first, then candidates that start with the input (3+ characters), then by edit distance.
 * Returns [] when nothing is close enough to be a plausible fix.
 */
export function closestMatches(input: string, candidates: readonly string[], max = 3): string[] {
  const needle = input.toLowerCase();
  const limit = allowedEdits(needle.length);
  const scored: { candidate: string; score: number }[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    const folded = candidate.toLowerCase();
    let score: number;
    if (folded === needle) score = candidate === input ? 0 : 0.1;
    else if (needle.length >= 3 && folded.startsWith(needle)) score = 0.5;
    else {
      const distance = editDistanceWithin(needle, folded, limit);
      if (distance > limit) continue;
      score = distance;
    }
    scored.push({ candidate, score });
  }
  scored.sort(
    (x, y) =>
      x.score - y.score ||
      Math.abs(x.candidate.length - input.length) - Math.abs(y.candidate.length - input.length) ||
      (x.candidate < y.candidate ? -1 : x.candidate > y.candidate ? 1 : 0),
  );
  return scored.slice(0, Math.max(0, max)).map((s) => s.candidate);
}
