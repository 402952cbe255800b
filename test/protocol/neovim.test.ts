// Debian's Neovim (0.7.2 in CI) as a third-party LSP client of the built server, configured with
// exactly the snippet docs/editors.md gives users: diagnostics land on the right range, completion
// works inside a YAML flow mapping, and a quick fix is applied to the buffer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ensureServerBuilt } from './lspClient';
import { LINE, documentedSnippet } from './editorHarness';

const repo = resolve(__dirname, '..', '..');

/** The Lua block between the neovim-snippet markers of docs/editors.md, verbatim. */
export function documentedNeovimSnippet(): string {
  const docs = readFileSync(join(repo, 'docs', 'editors.md'), 'utf8');
  const match = /<!-- neovim-snippet:start -->\s*```lua\n([\s\S]*?)```\s*<!-- neovim-snippet:end -->/.exec(docs);
  assert.ok(match, 'docs/editors.md has no Lua block between <!-- neovim-snippet:start --> and <!-- neovim-snippet:end -->');
  return match[1];
}

const PROPERTIES = '- id: io.acme.team\n  type: string\n  allowed_values:\n    - value: finance\n    - value: marketing\n  entity_types: [dataset]\n';
const DATASET = '- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.team: Finance\n';
const LINEAGE = 'version: 1\nlineage:\n  - entity: {name: orders, platform: hi}\n';
const UNICODE_DATASET = `${LINE}\n- id: payments\n  platform: hive\n`;

/** Drives the editor the way a user would, and writes what it saw as JSON. */
const DRIVER = String.raw`
local out = {}
local function lsp_diagnostic(d)
  local lsp = (d.user_data and d.user_data.lsp) or {}
  return {
    range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
    message = d.message, severity = d.severity, source = d.source,
    code = d.code or lsp.code, data = lsp.data,
  }
end
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(DATA))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50), 'no diagnostics within 20 s')
  out.diagnostics = {}
  local target
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local item = lsp_diagnostic(d)
    table.insert(out.diagnostics, item)
    if item.code == 'property.notAllowedValue' then target = item end
  end
  assert(target, 'no property.notAllowedValue diagnostic')
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = target.range, context = { diagnostics = { target } } }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000) or {}
  out.actions = {}
  for _, answer in pairs(answers) do
    for _, action in ipairs(answer.result or {}) do
      table.insert(out.actions, action.title)
      if not out.applied and action.edit and action.title:find('finance', 1, true) then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        out.applied = action.title
      end
    end
  end
  out.fixed_line = vim.api.nvim_buf_get_lines(buf, target.range.start.line, target.range.start.line + 1, false)[1]

  -- A line with é and an emoji: Neovim 0.7 keeps byte columns and sends them back in the code action request.
  vim.cmd('edit ' .. vim.fn.fnameescape(UNICODE))
  local unicode = vim.api.nvim_get_current_buf()
  assert(vim.wait(20000, function() return #vim.diagnostic.get(unicode) > 0 end, 50), 'no diagnostics in unicode.yaml within 20 s')
  local wide = vim.diagnostic.get(unicode)[1]
  local wide_line = vim.api.nvim_buf_get_lines(unicode, wide.lnum, wide.lnum + 1, false)[1]
  out.unicode_diagnostic = wide_line:sub(wide.col + 1, wide.end_col)
  local wide_lsp = lsp_diagnostic(wide)
  local wide_answers = vim.lsp.buf_request_sync(unicode, 'textDocument/codeAction', { textDocument = { uri = vim.uri_from_bufnr(unicode) }, range = wide_lsp.range, context = { diagnostics = { wide_lsp } } }, 10000) or {}
  for _, answer in pairs(wide_answers) do
    for _, action in ipairs(answer.result or {}) do
      if not out.unicode_applied and action.edit and action.title:find('finance', 1, true) then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        out.unicode_applied = action.title
      end
    end
  end
  out.unicode_lines = vim.api.nvim_buf_get_lines(unicode, 0, -1, false)

  -- The docs' "change a setting live" block, verbatim.
  vim.cmd(LIVE_SETTING)
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    if client.name == 'catalog-code' then out.live_associations = client.config.settings.catalogCode.formats.associations end
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(LINEAGE))
  local lineage = vim.api.nvim_get_current_buf()
  assert(vim.wait(10000, function() return #vim.lsp.buf_get_clients(lineage) > 0 end, 50), 'the server was not attached to the lineage file')
  local line = vim.api.nvim_buf_get_lines(lineage, 2, 3, false)[1]
  local character = line:find('hi}', 1, true) + 1
  local completion = vim.lsp.buf_request_sync(lineage, 'textDocument/completion', { textDocument = { uri = vim.uri_from_bufnr(lineage) }, position = { line = 2, character = character } }, 10000) or {}
  out.completion = {}
  for _, answer in pairs(completion) do
    local items = answer.result and (answer.result.items or answer.result) or {}
    for _, item in ipairs(items) do table.insert(out.completion, item.label) end
  end
end)
if not ok then out.error = tostring(err) end
local file = io.open(OUT, 'w')
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd('qa!')
`;

interface Seen {
  error?: string;
  diagnostics?: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; code: string }[];
  actions?: string[];
  applied?: string;
  fixed_line?: string;
  completion?: string[];
  unicode_diagnostic?: string;
  unicode_applied?: string;
  unicode_lines?: string[];
  live_associations?: unknown;
}

test('Neovim, set up with the documented snippet, shows diagnostics, completes in a flow mapping and applies a quick fix', { timeout: 120_000 }, async (t) => {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    if (process.env.CI === 'true') assert.fail('nvim is not installed; CI installs Debian\'s neovim package (.ci/run).');
    t.skip('nvim is not installed (apt-get install neovim)');
    return;
  }
  await ensureServerBuilt();
  const root = mkdtempSync(join(tmpdir(), 'catalog-nvim-'));
  try {
    const project = join(root, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'props.yaml'), PROPERTIES);
    writeFileSync(join(project, 'data.yaml'), DATASET);
    writeFileSync(join(project, 'lineage.yml'), LINEAGE);
    // The installed command the snippet names, as `npm install -g catalog-code` provides it.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    const command = join(bin, 'catalog-code-language-server');
    writeFileSync(command, `#!/bin/sh\nexec "${process.execPath}" "${join(repo, 'dist', 'language-server.js')}" "$@"\n`);
    chmodSync(command, 0o755);
    const init = join(root, 'init.lua');
    writeFileSync(init, documentedNeovimSnippet());
    const output = join(root, 'seen.json');
    const driver = join(root, 'driver.lua');
    const lua = (value: string) => JSON.stringify(value);
    writeFileSync(join(project, 'unicode.yaml'), UNICODE_DATASET);
    const live = `lua << EOF\n${documentedSnippet('neovim-live-setting', 'lua')}EOF`;
    writeFileSync(driver, `DATA = ${lua(join(project, 'data.yaml'))}\nUNICODE = ${lua(join(project, 'unicode.yaml'))}\nLIVE_SETTING = ${lua(live)}\nLINEAGE = ${lua(join(project, 'lineage.yml'))}\nOUT = ${lua(output)}\n${DRIVER}`);
    const xdg = (name: string) => join(root, 'xdg', name);
    const env = {
      ...process.env,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      XDG_CONFIG_HOME: xdg('config'),
      XDG_DATA_HOME: xdg('data'),
      XDG_CACHE_HOME: xdg('cache'),
      XDG_STATE_HOME: xdg('state'),
      CATALOG_SERVICE_URL: '',
      CATALOG_TOKEN: '',
    };
    await promisify(execFile)('nvim', ['--headless', '-i', 'NONE', '-u', init, '-c', `luafile ${driver}`], { cwd: project, env, timeout: 90_000 }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`nvim failed: ${error.message}\n${error.stderr ?? ''}`);
    });
    const seen = JSON.parse(readFileSync(output, 'utf8')) as Seen;
    assert.equal(seen.error, undefined, `the driver failed: ${seen.error}`);

    // `Finance` on line 4 (0-based 3), columns 18–25: the value, not the line.
    const notAllowed = seen.diagnostics?.find((d) => d.code === 'property.notAllowedValue');
    assert.deepEqual(notAllowed?.range, { start: { line: 3, character: 18 }, end: { line: 3, character: 25 } }, JSON.stringify(seen.diagnostics));
    assert.ok(seen.applied, `no quick fix for 'finance' among ${JSON.stringify(seen.actions)}`);
    assert.equal(seen.fixed_line, '    io.acme.team: finance');
    // On the line with é and an emoji, the diagnostic covers the value in Neovim's byte columns, and
    // the fix asked for in those columns replaces the value only: no joined line, no lost braces.
    assert.equal(seen.unicode_diagnostic, 'Finance');
    assert.ok(seen.unicode_applied, 'no quick fix for finance on the line with é and an emoji');
    assert.deepEqual(seen.unicode_lines, UNICODE_DATASET.replace('Finance', 'finance').split('\n').slice(0, -1));
    assert.deepEqual(seen.live_associations, { 'lineage/**/*.yml': 'lineageFile' }, 'the documented live-setting block changed the client\'s settings');
    assert.ok(seen.completion?.includes('hive'), `"hive" missing from the completion in a flow mapping: ${JSON.stringify(seen.completion)}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
