// Debian's Vim 9.0 with ALE 3.3 (vim-ale) as an LSP client of the built server, headless (`vim -es`),
// set up with exactly the snippet docs/editors.md gives, then driven as a user would by
// test/protocol/editors/ale-driver.vim. ALE counts columns in bytes: the diagnostic must still
// cover exactly the value after an `é` and an emoji, and its quick fix replace exactly it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
    const settings = `let g:project = ${quoted(project.project)} | let g:out = ${quoted(out)} | let g:budget = ${budgetMs(60_000) / 1000} | let g:props_allowing = ${quoted(PROPERTIES_ALLOWING)} | let g:live_setting = ${quoted(documentedSnippet('ale-live-setting', 'vim'))}`;
    await runEditor('vim', ['-N', '-u', vimrc, '-i', 'NONE', '-es', '--cmd', settings, '-S', join(repo, 'test', 'protocol', 'editors', 'ale-driver.vim')], project);
    const seen = JSON.parse(readFileSync(out, 'utf8')) as EditorSeen & { 'live-setting'?: boolean };
    assertEditorChecks(seen);
    assert.equal(seen['live-setting'], true, 'the documented live-setting block applied an association');
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});

test("Vim + ALE: the documented snippet roots the server at the project holding .git, and outside git at the file's own folder", { timeout: budgetMs(120_000) }, async (t) => {
  if (!editorAvailable(t, aleInstalled, 'vim-nox vim-ale')) return;
  const project = editorProject('catalog-vim-root-');
  try {
    const vimrc = join(project.root, 'vimrc');
    writeFileSync(vimrc, documentedSnippet('ale', 'vim'));
    const inGit = join(project.project, 'lineage', 'edges.yml');
    const outside = join(realpathSync(project.root), 'loose', 'files', 'edges.yml');
    for (const file of [inGit, outside]) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, 'version: 1\n');
    }
    const out = join(project.root, 'roots.json');
    // The root ALE gives the linter for each file, by ALE's own lookup (ale#lsp_linter#FindProjectRoot).
    const script = [
      'let s:roots = {}',
      `for s:file in [${quoted(inGit)}, ${quoted(outside)}]`,
      '  execute "edit " . fnameescape(s:file)',
      "  let s:linter = filter(copy(ale#linter#Get('yaml')), {_, l -> l.name is# 'catalog-code'})[0]",
      "  let s:roots[s:file] = ale#lsp_linter#FindProjectRoot(bufnr(''), s:linter)",
      'endfor',
      `call writefile([json_encode(s:roots)], ${quoted(out)})`,
      'qa!',
    ].join('\n');
    const driver = join(project.root, 'roots.vim');
    writeFileSync(driver, script);
    // From a folder above the file outside git, as a user starting Vim elsewhere would.
    await runEditor('vim', ['-N', '-u', vimrc, '-i', 'NONE', '-es', '-S', driver], { ...project, project: project.root });
    const roots = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
    assert.equal(roots[inGit], project.project, 'inside git: the folder holding .git');
    assert.equal(roots[outside], join(outside, '..'), "outside git: the file's own folder, not the one above it");
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});
