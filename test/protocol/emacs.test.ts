// Debian's Emacs 28 as an LSP client of the built server, in batch: eglot (elpa-eglot 1.9) and
// lsp-mode (elpa-lsp-mode 8.0), each set up with exactly the snippet docs/editors.md gives, then
// driven as a user would by test/protocol/editors/*-driver.el.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuilt } from './lspClient';
import { PROPERTIES_ALLOWING, assertEditorChecks, commandWorks, documentedSnippet, editorAvailable, editorProject, quoted, repo, runEditor, type EditorSeen } from './editorHarness';
import { budgetMs } from '../support/timeScale';

interface Seen extends EditorSeen {
  'json-mode'?: string;
  'live-setting'?: boolean;
}

/** Emacs with the Debian ELPA package `elpa` can load `feature`. */
const emacsHas = (feature: string) => commandWorks('emacs', ['--batch', '-q', '--eval', `(progn (package-initialize) (require '${feature}))`]);

/** Runs `driver` in a batch Emacs whose init file is the docs' `snippet`, as Debian's packages start (site-start, then the ELPA packages). */
async function driveEmacs(snippet: string, driver: string, liveSetting = ''): Promise<Seen> {
  await ensureServerBuilt();
  const project = editorProject('catalog-emacs-');
  try {
    const init = join(project.root, 'init.el');
    writeFileSync(init, snippet);
    const out = join(project.root, 'seen.json');
    const settings = `(setq PROJECT ${quoted(`${project.project}/`)} OUT ${quoted(out)} BUDGET ${budgetMs(60_000) / 1000} PROPS-ALLOWING ${quoted(PROPERTIES_ALLOWING)} LIVE-SETTING ${quoted(liveSetting)})`;
    await runEditor('emacs', ['--batch', '-q', '--eval', '(package-initialize)', '-l', init, '--eval', settings, '-l', join(repo, 'test', 'protocol', 'editors', driver)], project);
    return JSON.parse(readFileSync(out, 'utf8')) as Seen;
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
}

/** The checks every editor passes; lsp-mode filters the completion by the text before the point ('Fi'), eglot shows it all. */
function assertSeen(seen: Seen): void {
  assertEditorChecks(seen, { completion: ['finance'] });
}

test('Emacs eglot (Debian elpa-eglot 1.9), set up with the documented snippet, works on a line with é and an emoji', { timeout: budgetMs(240_000) }, async (t) => {
  if (!editorAvailable(t, () => emacsHas('eglot') && emacsHas('yaml-mode'), 'emacs-nox elpa-eglot elpa-yaml-mode')) return;
  const seen = await driveEmacs(documentedSnippet('eglot', 'elisp'), 'eglot-driver.el');
  assertSeen(seen);
  assert.equal(seen['json-mode'], 'catalog-code-json-mode', 'JSON opens in the mode the snippet gives it, so eglot starts for it');
});

test('Emacs lsp-mode (Debian elpa-lsp-mode 8.0), set up with the documented snippet, works on a line with é and an emoji', { timeout: budgetMs(240_000) }, async (t) => {
  if (!editorAvailable(t, () => emacsHas('lsp-mode') && emacsHas('yaml-mode'), 'emacs-nox elpa-lsp-mode elpa-yaml-mode')) return;
  const seen = await driveEmacs(documentedSnippet('lsp-mode', 'elisp'), 'lsp-mode-driver.el', documentedSnippet('lsp-mode-live-setting', 'elisp'));
  assertSeen(seen);
  assert.equal(seen['json-mode'], 'catalog-code-json-mode');
  assert.equal(seen['live-setting'], true, 'the documented live-setting block applied an association without a restart');
});
