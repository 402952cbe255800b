/**
 * How long tests wait: every wait budget (for an event, a predicate, a process to start) is a base
 * budget times CATALOG_TEST_TIME_SCALE (default 1; set 3 on a slow or shared machine). Budgets are
 * generous hang guards, never the thing a test checks: no test asserts that something was fast
 * (that is `npm run bench`, as ratios against a floor measured in the same run).
 */
export const TIME_SCALE = timeScale(process.env.CATALOG_TEST_TIME_SCALE);

function timeScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`CATALOG_TEST_TIME_SCALE must be a positive number, e.g. 3; got ${JSON.stringify(value)}`);
  return scale;
}

/** A wait budget of `baseMs` on an ordinary machine, scaled by CATALOG_TEST_TIME_SCALE. */
export function budgetMs(baseMs: number): number {
  return Math.round(baseMs * TIME_SCALE);
}
