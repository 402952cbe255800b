// Debian's Vim 9.0 with ALE 3.3 (vim-ale) as an LSP client of the built server, headless (`vim -es`),
// set up with exactly the snippet docs/editors.md gives, then driven as a user would by
// test/protocol/editors/ale-driver.vim. ALE counts columns in bytes: the diagnostic must still
// cover exactly the value after an `é` and an emoji, and its quick fix replace exactly it.
import { test } from 'node:test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuilt } from './lspClient';
import { PROPERTIES_ALLOWING, assertEditorChecks, commandWorks, documentedSnippet, editorAvailable, editorProject, quoted, repo, runEditor, type EditorSeen } from './editorHarness';
import { budgetMs } from '../support/timeScale';

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
    assertEditorChecks(JSON.parse(readFileSync(out, 'utf8')) as EditorSeen);
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});
