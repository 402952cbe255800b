import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applySuppressions } from '../../../core/rules/suppression';
import type { CoreDiagnostic } from '../../../core/model/diagnostic';

const at = (text: string, needle: string, code: string): CoreDiagnostic => {
  const start = text.indexOf(needle);
  assert.ok(start >= 0, `fixture lacks ${needle}`);
  return { range: { start, end: start + needle.length }, severity: 'error', code, message: code };
};

test('disable-next-line without codes silences every diagnostic of the next line only', () => {
  const text = 'a: 1\n# catalog-code-disable-next-line\nb: bad\nc: bad2\n';
  const kept = applySuppressions(text, [at(text, 'bad\n', 'x.one'), at(text, 'bad2', 'x.two')]);
  assert.deepEqual(kept.map((d) => d.code), ['x.two']);
});

test('disable-next-line with codes silences only those codes', () => {
  const text = '# catalog-code-disable-next-line property.cardinality\nb: [one, two]\n';
  const kept = applySuppressions(text, [at(text, 'one', 'property.cardinality'), at(text, 'two', 'property.notAllowedValue')]);
  assert.deepEqual(kept.map((d) => d.code), ['property.notAllowedValue']);
});

test('a file-level disable with codes silences those codes everywhere; without codes everything', () => {
  const text = 'x: 1 # catalog-code-disable lineage.selfLoop\ny: 2\n';
  const kept = applySuppressions(text, [at(text, '2', 'lineage.selfLoop'), at(text, '1', 'urn.syntax')]);
  assert.deepEqual(kept.map((d) => d.code), ['urn.syntax']);
  const all = '# catalog-code-disable\ny: 2\n';
  assert.deepEqual(applySuppressions(all, [at(all, '2', 'urn.syntax')]), []);
});

test('JSON-with-comments uses // for the same directives', () => {
  const text = '{\n  // catalog-code-disable-next-line urn.syntax\n  "a": "urn:li:bad"\n}';
  assert.deepEqual(applySuppressions(text, [at(text, 'urn:li:bad', 'urn.syntax')]), []);
});
