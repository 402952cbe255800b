// Debian's Vim 9.0 with YouCompleteMe (vim-youcompleteme 0+20230109, ycmd 0+20230103) as an LSP
// client of the built server. YouCompleteMe does not load under `vim -es`, so real Vim runs in a
// pseudo-terminal (test/protocol/editors/pty-run.py), set up with exactly the two snippets
// docs/editors.md gives (the vimrc and the extra conf that hands the server its settings), then
// driven as a user would by test/protocol/editors/ycm-driver.vim.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuilt } from './lspClient';
import { PROPERTIES_ALLOWING, assertEditorChecks, commandWorks, documentedSnippet, editorAvailable, editorProject, quoted, repo, runEditorInTerminal, type EditorSeen } from './editorHarness';
import { budgetMs } from '../support/timeScale';

/** Vim with Python 3, Debian's YouCompleteMe package on its path, Debian's ycmd, and a Python 3 for the terminal. */
const youCompleteMeInstalled = () =>
  existsSync('/usr/bin/ycmd') &&
  commandWorks('python3', ['-c', 'import pty']) &&
  commandWorks('vim', ['-N', '-u', 'NONE', '-i', 'NONE', '-es', '-c', "if !has('python3') || empty(globpath(&packpath, 'pack/*/opt/youcompleteme')) | cquit | endif", '-c', 'qa!']);

/** What the terminal showed, without its control sequences: what a failure shows. */
function screen(transcript: string): string {
  if (!existsSync(transcript)) return '(no transcript)';
  // eslint-disable-next-line no-control-regex -- the terminal's escape sequences are what is removed
  return readFileSync(transcript, 'utf8').replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]/g, ' ').slice(-4000);
}

test('Vim + YouCompleteMe (Debian vim-youcompleteme, ycmd), set up with the documented snippets, works on a line with é and an emoji', { timeout: budgetMs(300_000) }, async (t) => {
  if (!editorAvailable(t, youCompleteMeInstalled, 'vim-nox vim-youcompleteme')) return;
  await ensureServerBuilt();
  const project = editorProject('catalog-ycm-');
  try {
    const vimrc = join(project.root, 'vimrc');
    writeFileSync(vimrc, documentedSnippet('ycm', 'vim'));
    mkdirSync(join(project.env.HOME ?? '', '.vim'), { recursive: true });
    writeFileSync(join(project.env.HOME ?? '', '.vim', 'catalog_code_ycm_extra_conf.py'), documentedSnippet('ycm-extra-conf', 'python'));
    // ycmd's logs and options file go to TMPDIR: into the project's folder, removed with it.
    const tmp = join(project.root, 'tmp');
    mkdirSync(tmp);
    project.env = { ...project.env, TMPDIR: tmp, TERM: 'xterm', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    const out = join(project.root, 'seen.json');
    const files = { answers: join(project.root, 'answers.json'), transcript: join(project.root, 'transcript') };
    const settings = `let g:project = ${quoted(project.project)} | let g:out = ${quoted(out)} | let g:answers = ${quoted(files.answers)} | let g:budget = ${budgetMs(60_000) / 1000} | let g:props_allowing = ${quoted(PROPERTIES_ALLOWING)}`;
    const driver = join(repo, 'test', 'protocol', 'editors', 'ycm-driver.vim');
    await runEditorInTerminal('vim', ['-N', '-u', vimrc, '-i', 'NONE', '--not-a-term', '--cmd', settings, '-S', driver], project, files, 240_000).catch((error: Error) => {
      throw new Error(`${error.message}\nThe terminal showed:\n${screen(files.transcript)}`);
    });
    assert.ok(existsSync(out), `the driver wrote nothing; the terminal showed:\n${screen(files.transcript)}`);
    const seen = JSON.parse(readFileSync(out, 'utf8')) as EditorSeen;
    // YouCompleteMe's quickfix list garbles characters beyond the BMP (the emoji): the outline entry is matched up to it.
    assertEditorChecks(seen, { symbol: 'orders_é', context: `\nThe terminal showed:\n${screen(files.transcript)}` });
    assert.ok(seen.symbols?.some((name) => name.includes('payments')), JSON.stringify(seen.symbols));
    assert.doesNotMatch(seen.messages ?? '', /SHUT DOWN/, 'ycmd or the server stopped');
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});
