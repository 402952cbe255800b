import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { parseYaml } from '../../../core/formats/yamlTree';

/**
 * An unclosed quote ends at the first line indented too little to continue it (docs/formats.md
 * "Syntax errors and an unclosed quote"), whether or not a matching quote comes later in the file:
 * the `yaml` package's own answer when one does, and Catalog Code's when none does (it would read
 * the rest of the file into the value). The incremental reads rely on it (core/incremental/).
 */
const items = (first: string) => `- id: ${first}\n  platform: hive\n- id: b.c\n  platform: hive\n- id: d.e\n  platform: kafka\n`;

describe('an unclosed quote', () => {
  for (const [label, later] of [
    ['with no quote later in the file', ''],
    ['with a quote later in the file', '- id: f.g\n  description: "closed"\n'],
  ] as const) {
    it(`${label}: the error is on the quote's line and every later item is read`, () => {
      const text = items('"a.b') + later;
      const parsed = parseYaml(text);
      assert.equal(parsed.problems.length, 1);
      const [problem] = parsed.problems;
      assert.match(problem.message, /has no closing quote .*Add the closing quote/);
      assert.equal(problem.range.start, text.indexOf('\n'), 'at the end of the line the quote is on');
      const root = parsed.documents[0];
      assert.ok(root?.type === 'seq');
      assert.equal(root.items.length, later ? 4 : 3, 'every item is still an item');
      const model = readDocument('file:///w/datasets.yaml', text);
      assert.equal(model.format, 'datasetYaml');
      assert.equal(model.parseProblems.length, 1);
      assert.ok(model.facts.some((fact) => JSON.stringify(fact).includes('kafka')), 'a later item still has its facts');
    });
  }

  it('a single quote, and a text without a final line break, end the same way', () => {
    const text = items("'a.b").slice(0, -1);
    const parsed = parseYaml(text);
    assert.equal(parsed.problems.length, 1);
    assert.equal(parsed.problems[0].range.start, text.indexOf('\n'));
    const root = parsed.documents[0];
    assert.ok(root?.type === 'seq' && root.items.length === 3);
    assert.equal(root.range.end, text.length, 'nothing ends past the text');
  });

  it('a quote on the last line runs to the end of the text, as before', () => {
    const text = '- id: a.b\n  platform: "hive';
    const parsed = parseYaml(text);
    assert.equal(parsed.problems.length, 1);
    assert.equal(parsed.problems[0].range.start, text.length);
  });

  it('a quoted value that goes on over lines indented enough is not an error', () => {
    const text = '- id: a.b\n  description: "one\n    two"\n- id: c.d\n';
    assert.deepEqual(parseYaml(text).problems, []);
  });

  it('problems are listed in the order of where they are', () => {
    const text = '- id: a\n  id: b\n  x: "y\n- id: c\n';
    const starts = parseYaml(text).problems.map((problem) => problem.range.start);
    assert.ok(starts.length >= 2);
    assert.deepEqual(starts, [...starts].sort((a, b) => a - b));
  });
});
