import { describe, it } from 'node:test';
import { FUZZ_RUNS, runSuite } from './harness';
import { testsNeedingReference } from '../support/reference';

/**
 * Property-based fuzzing of the language service (detection, adapters, rules, completion, hover,
 * code actions). `npm test` runs a fixed number of cases per suite; `npm run fuzz` or
 * CATALOG_FUZZ_RUNS=<n> runs more; CATALOG_FUZZ_SEED=<seed> replays a failure.
 */

const runs = (ciDefault: number) => FUZZ_RUNS ?? ciDefault;

// Without DataHub's example files the corpus suites still run, seeded by this repository's fixtures;
// this line says that the examples were left out.
testsNeedingReference('fuzzing seeded with DataHub’s example files (the fixtures alone are used)', ['datahub-examples']);

describe('fuzzing the language service', { concurrency: 1 }, () => {
  for (const [suite, ciRuns] of [
    ['corpusAsIs', 60],
    ['mutatedCorpus', 600],
    ['jsonCorpus', 300],
    ['arbitraryText', 600],
    ['arbitraryDocuments', 600],
    ['pathological', 50],
  ] as const) {
    it(`${suite}: nothing throws, hangs or points outside the document`, async (t) => {
      const outcome = await runSuite(suite, runs(ciRuns), { stallMs: suite === 'pathological' ? 60_000 : 30_000, maxOldSpaceMb: suite === 'pathological' ? 2048 : 1024 });
      t.diagnostic(`${outcome.cases} cases in ${outcome.ms} ms, seed ${outcome.seed}`);
    });
  }
});
