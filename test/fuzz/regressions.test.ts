import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyMutation, type Mutation } from './arbitraries';
import { exerciseDocument } from './exercise';

/**
 * Every failing case the fuzzers found, replayed as a fixed test so the bug stays fixed. Each
 * entry names the seed that found it.
 */

const FIXTURES = join(process.cwd(), 'test', 'fixtures');

const CASES: { found: string; file: string; mutations: Mutation[]; why: string }[] = [
  {
    found: 'mutatedCorpus, seed 1529702672',
    file: 'formats/aliases.yml',
    mutations: [{ kind: 'delete', at: 0.4477, length: 1 }],
    why: 'a URN error on a YAML alias (*rawId) got a range computed as if the URN were written there, and its quick fix broke the YAML',
  },
  {
    found: 'mutatedCorpus, seed 510955007',
    file: 'formats/aliases.yml',
    mutations: [{ kind: 'duplicateLine', line: 0 }, { kind: 'insert', at: 0, text: '\u0000' }, { kind: 'swapLines', a: 0, b: 0 }],
    why: "the unknown-key quick fix offered a key the mapping already had ('version'), writing a duplicate key",
  },
];

for (const c of CASES) {
  test(`regression (${c.found}): ${c.why}`, () => {
    const text = c.mutations.reduce(applyMutation, readFileSync(join(FIXTURES, c.file), 'utf8'));
    exerciseDocument(`file:///fuzz/${c.file}`, text, { caretFractions: [0, 0.25, 0.5, 0.75, 1], maxFixedDiagnostics: 50 });
  });
}
