// Prints the figures and the disagreements of the SQL lineage replay of DataHub's goldens
// (support/sql/datahubGoldens.ts) as markdown, for docs/sql-lineage.md:
//   node --import tsx scripts/sqlLineageReport.ts [path/to/cases.json]
import { figuresByDialect, readGoldenCases, replayCase, type CaseVerdict } from '../support/sql/datahubGoldens';
import { referencePath } from '../test/support/reference';

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)} %`;
}

function disagreement(verdict: CaseVerdict): string {
  const ours = new Set(verdict.actual.map((line) => line.toLowerCase()));
  const theirs = new Set(verdict.expected.map((line) => line.toLowerCase()));
  const onlyTheirs = verdict.expected.filter((line) => !ours.has(line.toLowerCase()));
  const onlyOurs = verdict.actual.filter((line) => !theirs.has(line.toLowerCase()));
  const lines = [`#### \`${verdict.id}\` (${verdict.dialect})`, ''];
  if (verdict.failure) lines.push(`Ours: not read — ${verdict.failure}`, '');
  lines.push('```diff', ...onlyTheirs.map((line) => `- DataHub: ${line}`), ...onlyOurs.map((line) => `+ ours:    ${line}`), '```', '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const cases = readGoldenCases(process.argv[2] ?? referencePath('datahub-sql-lineage', 'cases.json'));
  const verdicts: CaseVerdict[] = [];
  for (const golden of cases) verdicts.push(await replayCase(golden));
  const same = verdicts.filter((verdict) => verdict.same).length;
  const cased = verdicts.filter((verdict) => verdict.sameCased).length;
  const out = ['| dialect | cases | identical | identical, letter case too |', '|---|---:|---:|---:|'];
  for (const figure of figuresByDialect(verdicts)) out.push(`| ${figure.dialect} | ${figure.cases} | ${figure.same} | ${figure.sameCased} |`);
  out.push(`| **all** | **${verdicts.length}** | **${same} (${percent(same, verdicts.length)})** | **${cased} (${percent(cased, verdicts.length)})** |`, '');
  for (const verdict of verdicts) if (!verdict.same) out.push(disagreement(verdict));
  const sameTables = verdicts.filter((verdict) => verdict.sameTables).length;
  out.push(`Tables read and written: the same in **${sameTables} of ${verdicts.length} (${percent(sameTables, verdicts.length)})**.`, '', '| case | DataHub | ours |', '|---|---|---|');
  for (const verdict of verdicts) if (verdict.tables) out.push(`| \`${verdict.id}\` | ${verdict.tables.expected} | ${verdict.tables.actual} |`);
  process.stdout.write(`${out.join('\n')}\n`);
}

void main();
