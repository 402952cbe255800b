import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALIAS_EXPANSION_BUDGET, parseYaml } from '../../../core/formats/yamlTree';
import type { DocNode } from '../../../core/formats/tree';

/** Every node of a tree (what the checks' work grows with). */
function countNodes(node: DocNode | null): number {
  if (!node) return 0;
  if (node.type === 'seq') return 1 + node.items.reduce((sum, item) => sum + countNodes(item), 0);
  if (node.type === 'map') return 1 + node.entries.reduce((sum, entry) => sum + 1 + countNodes(entry.value), 0);
  return 1;
}

/** 14 levels each aliasing the one before 10 times: 10^13 values if expanded (issue 21, finding 11). */
function chain(levels: number, prefix = 'e'): string {
  const lines = [`- &${prefix}0 {name: t0}`];
  for (let i = 1; i < levels; i++) lines.push(`- &${prefix}${i} [${Array(10).fill(`*${prefix}${i - 1}`).join(', ')}]`);
  return lines.join('\n');
}

describe('the alias expansion bound of YAML reading', () => {
  it(`aliases add at most ${ALIAS_EXPANSION_BUDGET} values to a file, and one problem says so`, () => {
    const parsed = parseYaml(chain(14));
    const nodes = parsed.documents.reduce((sum, root) => sum + countNodes(root), 0);
    assert.ok(nodes <= ALIAS_EXPANSION_BUDGET + 200, `${nodes} nodes`);
    const bombs = parsed.problems.filter((problem) => /Aliases in this file expand to more than 10,000 values/.test(problem.message));
    assert.equal(bombs.length, 1);
  });

  it('the bound is for the whole file, not each of its --- documents', () => {
    const text = Array.from({ length: 20 }, (_, i) => chain(6, `d${i}x`)).join('\n---\n');
    const parsed = parseYaml(text);
    const nodes = parsed.documents.reduce((sum, root) => sum + countNodes(root), 0);
    assert.ok(nodes <= ALIAS_EXPANSION_BUDGET + 2_000, `${nodes} nodes in 20 documents`);
    assert.equal(parsed.problems.filter((problem) => /Aliases in this file expand/.test(problem.message)).length, 1);
  });

  it('an alias refers to the last anchor of its name written before it, as the yaml package resolves it', () => {
    const parsed = parseYaml('a: &x one\nb: *x\nc: &x two\nd: *x\ne: *nothing\n');
    const root = parsed.documents[0];
    assert.ok(root?.type === 'map');
    const values = root.entries.map((entry) => (entry.value.type === 'scalar' ? entry.value.value : entry.value.type));
    assert.deepEqual(values.slice(0, 4), ['one', 'one', 'two', 'two']);
    assert.ok(parsed.problems.some((problem) => /\*nothing refers to no anchor/.test(problem.message)));
  });
});
