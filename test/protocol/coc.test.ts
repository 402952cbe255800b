// Debian's Neovim (0.7.2) with coc.nvim as an LSP client of the built server, headless, set up with
// exactly the coc-settings.json docs/editors.md gives (coc's own `languageserver` entry, no
// extension), then driven as a user would by test/protocol/editors/coc-driver.vim. coc.nvim is not
// packaged by Debian: CATALOG_COC_NVIM names a coc.nvim build (the docs say which one works with
// Neovim 0.7); without it the test is skipped with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuilt } from './lspClient';
import { PROPERTIES_ALLOWING, assertEditorChecks, commandWorks, documentedSnippet, editorProject, quoted, repo, runEditor, type EditorSeen } from './editorHarness';
import { budgetMs } from '../support/timeScale';

const coc = process.env.CATALOG_COC_NVIM;
const missing = !commandWorks('nvim', ['--version'])
  ? 'Neovim is not installed (apt-get install neovim)'
  : !coc || !existsSync(join(coc, 'build', 'index.js'))
    ? "CATALOG_COC_NVIM does not name a coc.nvim build (a folder with build/index.js): git clone --branch release https://github.com/neoclide/coc.nvim && git -C coc.nvim checkout f0ce9ae23 (docs/editors.md, coc.nvim), then CATALOG_COC_NVIM=$PWD/coc.nvim"
    : undefined;

test('Neovim + coc.nvim, set up with the documented coc-settings.json, works on a line with é and an emoji', { skip: missing, timeout: budgetMs(300_000) }, async () => {
  await ensureServerBuilt();
  const project = editorProject('catalog-coc-');
  try {
    const config = join(project.root, 'coc-config');
    mkdirSync(config);
    writeFileSync(join(config, 'coc-settings.json'), documentedSnippet('coc', 'json'));
    const init = join(project.root, 'init.vim');
    writeFileSync(init, [`set runtimepath^=${coc}`, `let g:coc_config_home = ${quoted(config)}`, `let g:coc_data_home = ${quoted(join(project.root, 'coc-data'))}`, 'filetype plugin indent on', ''].join('\n'));
    const out = join(project.root, 'seen.json');
    const settings = `let g:project = ${quoted(project.project)} | let g:out = ${quoted(out)} | let g:budget = ${budgetMs(60_000) / 1000} | let g:props_allowing = ${quoted(PROPERTIES_ALLOWING)} | let g:coc_settings_file = ${quoted(join(config, 'coc-settings.json'))}`;
    await runEditor('nvim', ['--headless', '-i', 'NONE', '-u', init, '--cmd', settings, '-S', join(repo, 'test', 'protocol', 'editors', 'coc-driver.vim')], project, 180_000);
    const seen = JSON.parse(readFileSync(out, 'utf8')) as EditorSeen & { 'live-setting'?: boolean };
    assertEditorChecks(seen);
    assert.equal(seen['live-setting'], true, 'an association added to coc-settings.json applied without a restart');
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});
