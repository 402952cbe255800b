import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { firstFiveMinutes, readmeFirstFiveMinutes } from '../../support/readmeSteps';

// The e2e scenario test/e2e/readmeFirstFiveMinutes.test.ts follows these facts in code-server; here
// only that the README still states each of them (a fast failure before the slow one).
test("the README's first five minutes state every fact the e2e scenario follows", () => {
  const facts = readmeFirstFiveMinutes(join(__dirname, '..', '..', '..'));
  assert.deepEqual(facts, {
    step1: { file: 'orders-lineage.yml', line: 25 },
    step2: { file: 'team-datasets.yaml', wrongValue: 'marketing', quickFixFile: 'finance-datasets.yaml', renamed: 'io.catalogcode.quality.refreshHours', renamedIn: 'quality-properties.yaml' },
    step3: { entity: 'marts.revenue_daily', file: 'revenue-lineage.yml', marked: 2, mark: '+ added in revenue-lineage.yml', graphCommand: 'Catalog Code: Show Lineage Graph' },
    step4: { planCommand: 'Catalog Code: Plan', pushCommand: 'Catalog Code: Push File', pushFile: 'revenue-lineage.yml', button: 'Push: 2 add' },
    step5: { command: 'catalog-code plan .' },
  });
});

test('a README that drops a fact fails naming it', () => {
  assert.throws(() => firstFiveMinutes('## The first five minutes\n\n1. a\n2. b\n3. c\n4. d\n5. e\n'), /no longer says which file and line step 1 underlines/);
  assert.throws(() => firstFiveMinutes('# nothing'), /no section/);
});
