" Drives coc.nvim (in headless Neovim) as a user would and writes what it saw to g:out as JSON
" (test/protocol/coc.test.ts). g:project, g:out, g:budget (a hang guard, in seconds),
" g:props_allowing (the definitions file, changed on disk) and g:coc_settings_file (the documented
" coc-settings.json, which the driver edits as a user would) are set by the test. coc's own actions where it has one (diagnostics,
" hover, code actions, symbols, definition); CocRequest, through coc's connection, for completion.
let s:out = {}
function! s:Wait(what, Pred) abort
  let l:deadline = reltimefloat(reltime()) + g:budget
  while !a:Pred()
    if reltimefloat(reltime()) > l:deadline | throw 'timed out waiting for ' . a:what | endif
    sleep 50m
  endwhile
endfunction
function! s:Diag(code) abort
  for l:item in CocAction('diagnosticList')
    if get(l:item, 'code', '') is# a:code && fnamemodify(l:item.file, ':p') is# expand('%:p') | return l:item | endif
  endfor
  return {}
endfunction
function! s:AnyFormatDiag() abort
  return !empty(filter(CocAction('diagnosticList'), {_, d -> get(d, 'code', '') =~# '^format\.' && fnamemodify(d.file, ':p') is# expand('%:p')}))
endfunction
" coc-settings.json with `changes` merged into languageserver.catalog-code.settings.catalogCode, saved.
function! s:EditSettings(changes) abort
  let l:config = json_decode(join(readfile(g:coc_settings_file), "\n"))
  call extend(l:config.languageserver['catalog-code'].settings.catalogCode, a:changes)
  call writefile([json_encode(l:config)], g:coc_settings_file)
endfunction
function! s:Definition() abort
  call CocAction('jumpDefinition')
endfunction
function! s:Main() abort
try
  call s:Wait('coc to start', {-> get(g:, 'coc_service_initialized', 0)})
  execute 'edit ' . fnameescape(g:project . '/data.yaml')
  call s:Wait('the notAllowedValue diagnostic', {-> !empty(s:Diag('property.notAllowedValue'))})
  let s:d = s:Diag('property.notAllowedValue')
  " coc's columns are bytes, 1-based, the end exclusive.
  let s:out.diagnostic = strpart(getline(s:d.lnum), s:d.col - 1, s:d.end_col - s:d.col)
  call cursor(s:d.lnum, s:d.col + 2)
  let s:out.hover = join(CocAction('getHover'), "\n")
  let [s:line, s:character] = coc#cursor#position()
  let s:completion = CocRequest('catalog-code', 'textDocument/completion', {'textDocument': {'uri': v:lua.vim.uri_from_bufnr(0)}, 'position': {'line': s:line, 'character': s:character - 2}})
  let s:out.completion = map(copy(type(s:completion) == v:t_dict ? s:completion.items : s:completion), 'v:val.label')
  " The quick fix, as <Plug>(coc-codeaction-cursor) asks for it.
  let s:fixes = filter(CocAction('codeActions', 'cursor'), {_, a -> a.title =~# "'finance'"})
  if empty(s:fixes) | throw 'no quick fix for finance' | endif
  call CocAction('doCodeAction', s:fixes[0])
  call s:Wait('the fix applied', {-> getline(s:d.lnum) !~# 'Finance'})
  let s:out.fixed = getline(s:d.lnum)
  write
  call s:Wait('no diagnostic after the fix', {-> empty(s:Diag('property.notAllowedValue'))})
  let s:out.symbols = map(CocAction('documentSymbols'), 'v:val.text')
  " A setting changed, then removed, live.
  call setline(1, substitute(getline(1), 'finance', 'Finance', ''))
  call s:Wait('the diagnostic again', {-> !empty(s:Diag('property.notAllowedValue'))})
  " As a user changes a setting: coc-settings.json edited (:CocConfig) and saved; coc sends the change.
  let s:original = readfile(g:coc_settings_file)
  call s:EditSettings({'diagnostics': {'severity': {'property.notAllowedValue': 'off'}}})
  call s:Wait('the diagnostic turned off', {-> empty(s:Diag('property.notAllowedValue'))})
  let s:out['setting-changed'] = v:true
  call writefile(s:original, g:coc_settings_file)
  call s:Wait('the diagnostic back once the setting is removed', {-> !empty(s:Diag('property.notAllowedValue'))})
  let s:out['setting-removed'] = v:true
  call writefile(split(g:props_allowing, "\n"), g:project . '/props.yaml')
  call s:Wait('the diagnostic gone after props.yaml changed on disk', {-> empty(s:Diag('property.notAllowedValue'))})
  let s:out['disk-change'] = v:true
  write
  call cursor(1, stridx(getline(1), 'io.acme.team') + 3)
  call s:Definition()
  call s:Wait('the definition in props.yaml', {-> expand('%:t') is# 'props.yaml'})
  let s:out['definition-yaml'] = expand('%:t')
  execute 'edit ' . fnameescape(g:project . '/lineage.json')
  call s:Wait('coc to attach lineage.json', {-> CocAction('ensureDocument')})
  call search('payments')
  call s:Definition()
  call s:Wait('the definition in data.yaml', {-> expand('%:t') is# 'data.yaml'})
  let s:out['definition-json'] = expand('%:t') . ':' . line('.')
  " An association added to coc-settings.json makes lineage/edges.yml (no lineage file by its
  " content) a lineage file, so its missing `lineage` key becomes a diagnostic. A key with dots
  " ('lineage/**/*.yml', 'property.notAllowedValue') stays whole in the file, where coc#config()
  " would split it.
  call mkdir(g:project . '/lineage', 'p')
  call writefile(['version: 1'], g:project . '/lineage/edges.yml')
  call s:EditSettings({'formats': {'associations': {'lineage/**/*.yml': 'lineageFile'}}})
  execute 'edit ' . fnameescape(g:project . '/lineage/edges.yml')
  call s:Wait('a diagnostic in lineage/edges.yml, a lineage file by the association', function('s:AnyFormatDiag'))
  let s:out['live-setting'] = v:true
catch
  let s:out.error = v:exception . ' ' . v:throwpoint
endtry
let s:out.messages = execute('messages')
let s:out.warnings = join(get(g:, 'coc_status', '') ==# '' ? [] : [g:coc_status], "\n")
call writefile([json_encode(s:out)], g:out)
qa!
endfunction
" coc starts its service at VimEnter, as in a user's editor; this script (run by -S) comes before it.
autocmd VimEnter * ++once ++nested call s:Main()
