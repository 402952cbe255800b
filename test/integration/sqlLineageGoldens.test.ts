import assert from 'node:assert/strict';
import { figuresByDialect, readGoldenCases, replayCase, type CaseVerdict } from '../../support/sql/datahubGoldens';
import { referencePath, testsNeedingReference } from '../support/reference';

/**
 * DataHub's own SQL-lineage test cases (../shared/reference/datahub-sql-lineage/, 133 cases from
 * test_sqlglot_lineage.py and the MSSQL procedure tests) replayed through deriveSqlLineage: the
 * agreement per dialect is printed, and must stay at or above the figure docs/sql-lineage.md gives.
 * Every disagreement is listed and argued there (`node --import tsx scripts/sqlLineageReport.ts`).
 */

const { it } = testsNeedingReference('SQL lineage agrees with DataHub goldens', ['datahub-sql-lineage/cases.json']);

/** The cases with identical column lineage (letter case aside) the document records; the test fails below it. */
const AGREEING_AT_LEAST = 120;
/** The cases with the same tables read and written (a wrong dataset URN is wrong even where no column edge shows it). */
const SAME_TABLES_AT_LEAST = 104;

it('agrees with DataHub on the column lineage of at least 120 of its 133 cases, and on the tables read and written of at least 104', async () => {
  const cases = readGoldenCases(referencePath('datahub-sql-lineage', 'cases.json'));
  const verdicts: CaseVerdict[] = [];
  for (const golden of cases) verdicts.push(await replayCase(golden));
  for (const figure of figuresByDialect(verdicts)) console.log(`${figure.dialect}: ${figure.same}/${figure.cases} identical (${figure.sameCased} with letter case)`);
  const same = verdicts.filter((verdict) => verdict.same).length;
  console.log(`all: ${same}/${verdicts.length} identical; disagreements: ${verdicts.filter((verdict) => !verdict.same).map((verdict) => verdict.id).join(', ')}`);
  assert.ok(same >= AGREEING_AT_LEAST, `${same} of ${verdicts.length} cases agree, fewer than the ${AGREEING_AT_LEAST} docs/sql-lineage.md records`);
  const sameTables = verdicts.filter((verdict) => verdict.sameTables).length;
  console.log(`tables read and written: ${sameTables}/${verdicts.length} the same; different: ${verdicts.filter((verdict) => !verdict.sameTables).map((verdict) => verdict.id).join(', ')}`);
  assert.ok(sameTables >= SAME_TABLES_AT_LEAST, `${sameTables} of ${verdicts.length} cases read and write the same tables, fewer than the ${SAME_TABLES_AT_LEAST} docs/sql-lineage.md records`);
});
