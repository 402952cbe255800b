// Debian's Emacs 28 as an LSP client of the built server, in batch: eglot (elpa-eglot 1.9) and
// lsp-mode (elpa-lsp-mode 8.0), each set up with exactly the snippet docs/editors.md gives, then
// driven as a user would by test/protocol/editors/*-driver.el.
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
  'json-mode'?: string;
  messages?: string;
  warnings?: string;
}

/** Emacs with the Debian ELPA package `elpa` can load `feature`. */
const emacsHas = (feature: string) => commandWorks('emacs', ['--batch', '-q', '--eval', `(progn (package-initialize) (require '${feature}))`]);

/** Runs `driver` in a batch Emacs whose init file is the docs' `snippet`, as Debian's packages start (site-start, then the ELPA packages). */
async function driveEmacs(snippet: string, driver: string): Promise<Seen> {
  await ensureServerBuilt();
  const project = editorProject('catalog-emacs-');
  try {
    const init = join(project.root, 'init.el');
    writeFileSync(init, snippet);
    const out = join(project.root, 'seen.json');
    const settings = `(setq PROJECT ${quoted(`${project.project}/`)} OUT ${quoted(out)} BUDGET ${budgetMs(60_000) / 1000} PROPS-ALLOWING ${quoted(PROPERTIES_ALLOWING)})`;
    await runEditor('emacs', ['--batch', '-q', '--eval', '(package-initialize)', '-l', init, '--eval', settings, '-l', join(repo, 'test', 'protocol', 'editors', driver)], project);
    return JSON.parse(readFileSync(out, 'utf8')) as Seen;
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
}

/** What every client must have seen (issue 26's checks). */
function assertSeen(seen: Seen): void {
  assert.equal(seen.error, undefined, `the driver failed: ${seen.error}\n${seen.messages ?? ''}`);
  assert.equal(seen.diagnostic, 'Finance', 'the diagnostic covers exactly the value, after é and an emoji');
  assert.match(seen.hover ?? '', /io\.acme\.team[\s\S]*finance/);
  // lsp-mode filters the items by the text before the point ('Fi'); eglot shows them all.
  assert.ok(seen.completion?.includes('finance'), JSON.stringify(seen.completion));
  assert.equal(seen.fixed, FIXED_LINE, 'the quick fix replaced the value and nothing else');
  assert.ok(seen.symbols?.some((name) => name.includes('orders_é🚀')), JSON.stringify(seen.symbols));
  assert.ok(seen['setting-off'] && seen['setting-removed'], 'a severity turned off applied live, and its removal restored the diagnostic');
  assert.ok(seen['disk-change'], 'props.yaml changed on disk was seen');
  assert.equal(seen['definition-yaml'], 'props.yaml');
  assert.equal(seen['definition-json'], 'data.yaml:2');
  for (const log of [seen.messages ?? '', seen.warnings ?? '']) assert.doesNotMatch(log, /Unknown notification|unknown method/i);
}

test('Emacs eglot (Debian elpa-eglot 1.9), set up with the documented snippet, works on a line with é and an emoji', { timeout: budgetMs(240_000) }, async (t) => {
  if (!editorAvailable(t, () => emacsHas('eglot') && emacsHas('yaml-mode'), 'emacs-nox elpa-eglot elpa-yaml-mode')) return;
  const seen = await driveEmacs(documentedSnippet('eglot', 'elisp'), 'eglot-driver.el');
  assertSeen(seen);
  assert.equal(seen['json-mode'], 'catalog-code-json-mode', 'JSON opens in the mode the snippet gives it, so eglot starts for it');
});

test('Emacs lsp-mode (Debian elpa-lsp-mode 8.0), set up with the documented snippet, works on a line with é and an emoji', { timeout: budgetMs(240_000) }, async (t) => {
  if (!editorAvailable(t, () => emacsHas('lsp-mode') && emacsHas('yaml-mode'), 'emacs-nox elpa-lsp-mode elpa-yaml-mode')) return;
  const seen = await driveEmacs(documentedSnippet('lsp-mode', 'elisp'), 'lsp-mode-driver.el');
  assertSeen(seen);
  assert.equal(seen['json-mode'], 'catalog-code-json-mode');
});
