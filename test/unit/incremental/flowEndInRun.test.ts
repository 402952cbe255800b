import { it } from 'node:test';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import { seededRandom } from '../../../support/random';
import { applyStep, randomStep, type Step } from '../../support/differential/actions';
import { generateDocument } from '../../support/differential/documents';
import { assertSameAsFresh } from '../../support/incrementalEquality';

// The differential test's long mode found it (CATALOG_DIFFERENTIAL_SEED=10501, dataset YAML): `{`
// typed at the end of the document, then a key split to column 0 further up. The run from the split
// to the end, read alone, got "Unexpected flow-error-end token in YAML stream" at the end of the
// text, which a fresh read of the whole text does not have: where the lexer ends a flow collection
// depends on the whole text, so such a run is now read with the file (core/formats/yamlUnits.ts).
it('a run whose lexer ends a flow collection after its document is read with the file (differential seed 10501)', () => {
  const random = seededRandom(10501);
  const lines = 200 + random.int(2_801);
  const text = generateDocument('datasetYaml', lines, random);
  const history: { before: string; step: Step }[] = [];
  let current = text;
  for (let i = 0; i < 26; i++) {
    const step = randomStep(current, random, history);
    history.push({ before: current, step });
    current = applyStep(current, step);
  }
  let analysis = DocumentAnalysis.read('file:///workspace/datasets.yaml', text);
  history.forEach(({ step }, i) => {
    for (const changes of step.notifications) analysis = analysis.apply(changes.map((change) => ({ start: change.start, end: change.end, text: change.text })));
    assertSameAsFresh(analysis, 0, `step ${i + 1} (${step.what})`);
  });
});
