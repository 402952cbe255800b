-- Drives Neovim (headless) as a user would and writes what it saw to OUT as JSON
-- (test/protocol/neovim.test.ts). PROJECT, OUT, BUDGET (a hang guard per wait, in milliseconds),
-- PROPS_ALLOWING (the definitions file, changed on disk) and LIVE_SETTING (the docs' "change a
-- setting live" block) are set by the test.
local out = {}

local function wait(what, predicate)
  assert(vim.wait(BUDGET, predicate, 50), 'timed out waiting for ' .. what)
end

local function open(name)
  vim.cmd('edit ' .. vim.fn.fnameescape(PROJECT .. '/' .. name))
  return vim.api.nvim_get_current_buf()
end

local function diagnostic(buf, code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data and d.user_data.lsp) or {}
    if (d.code or lsp.code) == code then return d end
  end
end

-- The diagnostic as Neovim 0.7 sends it back in a code action's context: byte columns, its data.
local function as_lsp(d)
  local lsp = (d.user_data and d.user_data.lsp) or {}
  return {
    range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
    message = d.message, severity = d.severity, source = d.source, code = d.code or lsp.code, data = lsp.data,
  }
end

-- The text a diagnostic covers, in Neovim's byte columns.
local function covered(buf, d)
  return vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]:sub(d.col + 1, d.end_col)
end

local function ask(buf, method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, BUDGET) or {}
  for _, answer in pairs(answers) do
    if answer.result then return answer.result end
  end
end

-- The quick fix for 'finance', asked for as vim.lsp.buf.code_action() asks for it, and applied.
local function fix(buf, d)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = as_lsp(d).range, context = { diagnostics = { as_lsp(d) } } }
  for _, action in ipairs(ask(buf, 'textDocument/codeAction', params) or {}) do
    if action.edit and action.title:find('finance', 1, true) then
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
      return action.title
    end
  end
end

local function position_at(buf, line, column)
  vim.api.nvim_win_set_cursor(0, { line + 1, column })
  return vim.lsp.util.make_position_params()
end

local function catalog_client()
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    if client.name == 'catalog-code' then return client end
  end
end

local function names(symbols, into)
  for _, symbol in ipairs(symbols or {}) do
    table.insert(into, symbol.name)
    names(symbol.children, into)
  end
  return into
end

local ok, err = pcall(function()
  -- A block-style file: the diagnostic's exact range, and its fix.
  local orders = open('orders.yaml')
  wait('the diagnostic in orders.yaml', function() return diagnostic(orders, 'property.notAllowedValue') ~= nil end)
  out.ascii_range = as_lsp(diagnostic(orders, 'property.notAllowedValue')).range
  out.ascii_applied = fix(orders, diagnostic(orders, 'property.notAllowedValue'))
  out.ascii_fixed = vim.api.nvim_buf_get_lines(orders, 3, 4, false)[1]
  vim.cmd('write')

  -- The line with é and an emoji: Neovim 0.7 keeps byte columns and sends them back.
  local data = open('data.yaml')
  wait('the notAllowedValue diagnostic', function() return diagnostic(data, 'property.notAllowedValue') ~= nil end)
  local d = diagnostic(data, 'property.notAllowedValue')
  out.diagnostic = covered(data, d)
  local hover = ask(data, 'textDocument/hover', position_at(data, d.lnum, d.col + 2))
  out.hover = hover and hover.contents and (hover.contents.value or hover.contents) or ''
  local completion = ask(data, 'textDocument/completion', position_at(data, d.lnum, d.col))
  out.completion = {}
  for _, item in ipairs(completion and (completion.items or completion) or {}) do table.insert(out.completion, item.label) end
  out.applied = fix(data, d)
  out.fixed = vim.api.nvim_buf_get_lines(data, 0, 1, false)[1]
  out.lines = vim.api.nvim_buf_get_lines(data, 0, -1, false)
  vim.cmd('write')
  wait('no diagnostic after the fix', function() return diagnostic(data, 'property.notAllowedValue') == nil end)
  out.symbols = names(ask(data, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(data) } }), {})

  -- Settings: the docs' live-setting block verbatim, then a severity turned off and removed the same way.
  vim.api.nvim_buf_set_lines(data, 0, 1, false, { (out.fixed:gsub('finance', 'Finance')) })
  wait('the diagnostic again', function() return diagnostic(data, 'property.notAllowedValue') ~= nil end)
  vim.cmd(LIVE_SETTING)
  out.live_associations = catalog_client().config.settings.catalogCode.formats.associations
  local client = catalog_client()
  client.config.settings.catalogCode.diagnostics.severity = { ['property.notAllowedValue'] = 'off' }
  client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
  wait('the diagnostic turned off', function() return diagnostic(data, 'property.notAllowedValue') == nil end)
  out['setting-changed'] = true
  client.config.settings.catalogCode.diagnostics.severity = nil
  client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
  wait('the diagnostic back once the setting is removed', function() return diagnostic(data, 'property.notAllowedValue') ~= nil end)
  out['setting-removed'] = true

  -- A file changed on disk (Neovim 0.7 does not watch files: the server does).
  local file = io.open(PROJECT .. '/props.yaml', 'w')
  file:write(PROPS_ALLOWING)
  file:close()
  wait('the diagnostic gone after props.yaml changed on disk', function() return diagnostic(data, 'property.notAllowedValue') == nil end)
  out['disk-change'] = true
  vim.cmd('write')

  -- Go to definition, as vim.lsp.buf.definition() does: the property id in YAML, the upstream URN in JSON.
  local line = vim.api.nvim_buf_get_lines(data, 0, 1, false)[1]
  vim.api.nvim_win_set_cursor(0, { 1, line:find('io.acme.team', 1, true) + 2 })
  vim.lsp.buf.definition()
  wait('the definition in props.yaml', function() return vim.fn.expand('%:t') == 'props.yaml' end)
  out['definition-yaml'] = vim.fn.expand('%:t')
  local lineage = open('lineage.json')
  wait('the server attached to lineage.json', function() return #vim.lsp.buf_get_clients(lineage) > 0 end)
  vim.fn.search('payments')
  vim.lsp.buf.definition()
  wait('the definition in data.yaml', function() return vim.fn.expand('%:t') == 'data.yaml' end)
  out['definition-json'] = vim.fn.expand('%:t') .. ':' .. vim.fn.line('.')

  -- Completion inside a YAML flow mapping of a lineage file.
  local flow = open('lineage.yml')
  wait('the server attached to lineage.yml', function() return #vim.lsp.buf_get_clients(flow) > 0 end)
  local flow_line = vim.api.nvim_buf_get_lines(flow, 2, 3, false)[1]
  local flow_completion = ask(flow, 'textDocument/completion', position_at(flow, 2, flow_line:find('hi}', 1, true) + 1))
  out.flow_completion = {}
  for _, item in ipairs(flow_completion and (flow_completion.items or flow_completion) or {}) do table.insert(out.flow_completion, item.label) end
end)
if not ok then out.error = tostring(err) end
out.messages = vim.fn.execute('messages')
local file = io.open(OUT, 'w')
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd('qa!')
