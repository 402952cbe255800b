import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readDocument } from '../../../core/formats';
import { snippetFileText, SNIPPET_FILES } from '../../../core/features/snippetFiles';
import { LIST_SKELETONS, SNIPPETS, snippetItem, type SnippetName } from '../../../core/features/snippets';
import { validateDocument } from '../../../core/validate';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { caret, documentOf } from './helpers';
import { complete } from '../../../core/features/completion';

const root = join(__dirname, '..', '..', '..');

/** The tab stops of a snippet in the order Tab visits them (numbers ascending, $0 last), with whether each is a choice. */
function tabStops(body: string): { index: number; choice: boolean }[] {
  const stops = [...body.matchAll(/\$\{(\d+)(\||:|\})|\$(\d+)/g)].map((m) => ({ index: Number(m[1] ?? m[3]), choice: m[2] === '|' }));
  return stops;
}

/** The text a snippet leaves when every stop keeps its default (a choice: its first option). */
function expand(body: string): string {
  return body.replace(/\$\{\d+\|([^,|]*)[^|]*\|\}/g, '$1').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{?\d+\}?/g, '');
}

test('every template: stops numbered 1…n without gaps or repeats, each choice followed by another stop, $0 last', () => {
  for (const [name, template] of Object.entries(SNIPPETS)) {
    const stops = tabStops(template.lines.join('\n'));
    const numbered = stops.filter((s) => s.index > 0).map((s) => s.index);
    assert.deepEqual(numbered, numbered.map((_, i) => i + 1), `${name}: stops in order, none repeated`);
    assert.equal(stops[stops.length - 1]?.index, 0, `${name}: ends with $0`);
    stops.forEach((stop, i) => {
      if (stop.choice) assert.ok(i < stops.length - 1, `${name}: a choice is never the last stop`);
    });
  }
});

test('every template, expanded with its defaults, is a file of its format with no error', () => {
  const files: Record<SnippetName, string> = {} as Record<SnippetName, string>;
  for (const name of Object.keys(SNIPPETS) as SnippetName[]) files[name] = expand(snippetItem(name, false).insertText ?? '');
  const asFile: Partial<Record<SnippetName, string>> = { lineageEntry: `version: 1\nlineage:\n  ${files.lineageEntry.replace(/\n/g, '\n  ')}\n` };
  for (const name of Object.keys(SNIPPETS) as SnippetName[]) {
    const text = asFile[name] ?? `${files[name]}\n`;
    const uri = `file:///w/${name}.${SNIPPETS[name].language}`;
    const model = readDocument(uri, text);
    assert.notEqual(model.format, null, `${name} is recognised:\n${text}`);
    const errors = validateDocument({ model, text, definitions: EMPTY_DEFINITIONS }).filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((e) => `${e.code}: ${e.message}`), [], `${name}:\n${text}`);
  }
});

test('the snippet files of package.json are generated from core/features/snippets.ts (node --import tsx scripts/generateSnippets.ts)', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { snippets: { language: string; path: string }[] } };
  for (const [language, path] of Object.entries(SNIPPET_FILES)) {
    assert.equal(readFileSync(join(root, path), 'utf8'), snippetFileText(language as keyof typeof SNIPPET_FILES), `${path} is out of date: run node --import tsx scripts/generateSnippets.ts`);
    assert.ok(manifest.contributes.snippets.some((s) => s.language === language && s.path === `./${path}`), `${path} is contributed for ${language}`);
  }
});

test('allowed_values, entity_types and structured_properties complete with a skeleton of their first item', () => {
  const at = (uri: string, marked: string) => {
    const { text, offset } = caret(marked);
    return complete({ document: documentOf(uri, text), definitions: EMPTY_DEFINITIONS, workspace: [] }, offset).items;
  };
  const definition = at('file:///w/props.yaml', '- id: io.acme.tier\n  type: string\n  allo|\n');
  const allowed = definition.find((i) => i.label === 'allowed_values');
  assert.equal(allowed?.textEdit && 'newText' in allowed.textEdit ? allowed.textEdit.newText : undefined, LIST_SKELETONS.allowed_values);
  assert.equal(allowed?.insertTextFormat, 2);
  const entityTypes = definition.find((i) => i.label === 'entity_types');
  assert.match(entityTypes?.textEdit && 'newText' in entityTypes.textEdit ? entityTypes.textEdit.newText : '', /^entity_types:\n {2}- \$\{1:dataset\}\$0$/);
  const dataset = at('file:///w/datasets.yaml', 'id: orders\nplatform: hive\nstruct|\n');
  const properties = dataset.find((i) => i.label === 'structured_properties');
  assert.match(properties?.textEdit && 'newText' in properties.textEdit ? properties.textEdit.newText : '', /^structured_properties:\n {2}\$\{1:io\.example\.property\}: \$\{2:value\}\$0$/);
});
