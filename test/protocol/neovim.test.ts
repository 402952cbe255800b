// Debian's Neovim (0.7.2 in CI) as an LSP client of the built server, headless, set up with exactly
// the snippet docs/editors.md gives, then driven as a user would by
// test/protocol/editors/neovim-driver.lua: the checks every editor passes (editorHarness), plus
// Neovim's own: the exact range and fix in a block-style file, the docs' live-setting block, and
// completion inside a YAML flow mapping. Neovim 0.7 keeps byte columns and sends them back in a code
// action's context: the fix must still replace the value only (no joined line, no lost braces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuilt } from './lspClient';
import { DATASET, PROPERTIES_ALLOWING, assertEditorChecks, commandWorks, documentedSnippet, editorAvailable, editorProject, quoted, repo, runEditor, type EditorSeen } from './editorHarness';
import { budgetMs } from '../support/timeScale';

/** A block-style dataset: `Finance` on line 4 (0-based 3), columns 18–25. */
const ORDERS = '- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.team: Finance\n';
/** A lineage file whose platform is being typed inside a flow mapping. */
const FLOW_LINEAGE = 'version: 1\nlineage:\n  - entity: {name: orders, platform: hi}\n';

interface Seen extends EditorSeen {
  ascii_range?: unknown;
  ascii_applied?: string;
  ascii_fixed?: string;
  applied?: string;
  lines?: string[];
  live_associations?: unknown;
  flow_completion?: string[];
}

test('Neovim, set up with the documented snippet, works on a line with é and an emoji, in block style and in a flow mapping', { timeout: budgetMs(240_000) }, async (t) => {
  if (!editorAvailable(t, () => commandWorks('nvim', ['--version']), 'neovim')) return;
  await ensureServerBuilt();
  const project = editorProject('catalog-nvim-');
  try {
    writeFileSync(join(project.project, 'orders.yaml'), ORDERS);
    writeFileSync(join(project.project, 'lineage.yml'), FLOW_LINEAGE);
    const init = join(project.root, 'init.lua');
    writeFileSync(init, documentedSnippet('neovim', 'lua'));
    const out = join(project.root, 'seen.json');
    const live = `lua << EOF\n${documentedSnippet('neovim-live-setting', 'lua')}EOF`;
    const settings = join(project.root, 'settings.lua');
    writeFileSync(settings, `PROJECT = ${quoted(project.project)}\nOUT = ${quoted(out)}\nBUDGET = ${budgetMs(60_000)}\nPROPS_ALLOWING = ${quoted(PROPERTIES_ALLOWING)}\nLIVE_SETTING = ${quoted(live)}\n`);
    const driver = join(repo, 'test', 'protocol', 'editors', 'neovim-driver.lua');
    await runEditor('nvim', ['--headless', '-i', 'NONE', '-u', init, '-c', `luafile ${settings}`, '-c', `luafile ${driver}`], project);
    const seen = JSON.parse(readFileSync(out, 'utf8')) as Seen;
    assertEditorChecks(seen);
    assert.ok(seen.applied, 'no quick fix for finance on the line with é and an emoji');
    assert.deepEqual(seen.lines, DATASET.replace('Finance', 'finance').split('\n').slice(0, -1), 'the fix left every other line and brace as it was');

    assert.deepEqual(seen.ascii_range, { start: { line: 3, character: 18 }, end: { line: 3, character: 25 } }, 'the diagnostic covers the value, not the line');
    assert.ok(seen.ascii_applied, 'no quick fix for finance in orders.yaml');
    assert.equal(seen.ascii_fixed, '    io.acme.team: finance');
    assert.deepEqual(seen.live_associations, { 'lineage/**/*.yml': 'lineageFile' }, "the documented live-setting block changed the client's settings");
    assert.ok(seen.flow_completion?.includes('hive'), `"hive" missing from the completion in a flow mapping: ${JSON.stringify(seen.flow_completion)}`);
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
});
