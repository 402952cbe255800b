// Debian's Vim 9.0 with ALE 3.3 (vim-ale) as an LSP client of the built server, headless (`vim -es`),
// set up with exactly the snippet docs/editors.md gives, then driven as a user would by
// test/protocol/editors/ale-driver.vim. ALE counts columns in bytes: the diagnostic must still
// cover exactly the value after an `é` and an emoji, and its quick fix replace exactly it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuilt } from './lspClient';
import { FIXED_LINE, PROPERTIES_ALLOWING, commandWorks, documentedSnippet, editorAvailable, editorProject, quoted, repo, runEditor } from './editorHarness';
import { budgetMs } from '../support/timeScale';

interface Seen {
  error?: string;
  diagnostic?: string;
  hover?: string;
  completion?: string[];
  fixed?: string;
  symbols?: string[];
  'setting-off'?: boolean;
  'setting-removed'?: boolean;
  'disk-change'?: boolean;
  'definition-yaml'?: string;
  'definition-json'?: string;
  messages?: string;
}

/** Vim with Debian's ALE package (an optional package `ale` on Vim's path). */
const aleInstalled = () => commandWorks('vim', ['-N', '-u', 'NONE', '-i', 'NONE', '-es', '-c', 'packadd ale', '-c', "if !exists('g:loaded_ale') | cquit | endif", '-c', 'qa!']);

test('Vim + ALE (Debian vim-ale 3.3), set up with the documented snippet, works on a line with é and an emoji', { timeout: budgetMs(240_000) }, async (t) => {
  if (!editorAvailable(t, aleInstalled, 'vim-nox vim-ale')) return;
  await ensureServerBuilt();
  const project = editorProject('catalog-vim-');
  try {
    const vimrc = join(project.root, 'vimrc');
    writeFileSync(vimrc, documentedSnippet('ale', 'vim'));
    const out = join(project.root, 'seen.json');
    const settings = `let g:project = ${quoted(project.project)} | let g:out = ${quoted(out)} | let g:budget = ${budgetMs(60_000) / 1000} | let g:props_allowing = ${quoted(PROPERTIES_ALLOWING)}`;
    await runEditor('vim', ['-N', '-u', vimrc, '-i', 'NONE', '-es', '--cmd', settings, '-S', join(repo, 'test', 'protocol', 'editors', 'ale-driver.vim')], project);
    const seen = JSON.parse(readFileSync(out, 'utf8')) as Seen;
    assert.equal(seen.error, undefined, `the driver failed: ${seen.error}\n${seen.messages ?? ''}`);
    assert.equal(seen.diagnostic, 'Finance', 'the diagnostic covers exactly the value, after é and an emoji');
    assert.match(seen.hover ?? '', /io\.acme\.team[\s\S]*finance/);
    assert.ok(seen.completion?.includes('finance') && seen.completion.includes('marketing'), JSON.stringify(seen.completion));
    assert.equal(seen.fixed, FIXED_LINE, 'the quick fix replaced the value and nothing else');
    assert.ok(seen.symbols?.some((name) => name.includes('orders_é🚀')), JSON.stringify(seen.symbols));
    assert.ok(seen['setting-off'] && seen['setting-removed'], 'a severity turned off applied live, and its removal restored the diagnostic');
    assert.ok(seen['disk-change'], 'props.yaml changed on disk was seen');
    assert.equal(seen['definition-yaml'], 'props.yaml');
    assert.equal(seen['definition-json'], 'data.yaml:2');
    assert.doesNotMatch(seen.messages ?? '', /Unknown notification|unknown method/i);
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});
