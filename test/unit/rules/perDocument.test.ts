import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateParts } from '../../../core/incremental/checkParts';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import type { DocumentModel } from '../../../core/model/facts';
import { oncePerDocument } from '../../../core/rules/perDocument';

test('a document-wide lookup is computed once per model, however many parts ask', () => {
  const seen: DocumentModel[] = [];
  const lookup = oncePerDocument((model) => {
    seen.push(model);
    return model.facts.length;
  });
  let text = '';
  for (let i = 0; i < 200; i++) text += `- id: t${i}\n  platform: hive\n`;
  const analysis = DocumentAnalysis.read('file:///w/many.datasets.yaml', text);
  const rule = { codes: ['test.lookup'], documentFacts: () => '', run: ({ document, model }: { document?: DocumentModel; model: DocumentModel }) => (lookup(document ?? model) >= 0 ? [] : []) };
  validateParts({ model: analysis.model, text, parts: analysis.parts ?? [], rules: [rule] });
  assert.equal(analysis.parts?.length, 201, 'the frame and 200 items');
  assert.deepEqual(seen, [analysis.model], 'one computation for the whole document');
  assert.equal(lookup(analysis.model), analysis.model.facts.length);
  assert.equal(seen.length, 1);
});
