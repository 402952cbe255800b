" Drives Vim + ALE (headless, `vim -es`) as a user would and writes what it saw to g:out as JSON
" (test/protocol/vim.test.ts). g:project, g:out, g:budget (a hang guard, in seconds) and
" g:props_allowing (the definitions file, changed on disk) and g:live_setting (the docs' block that
" changes a setting live) are set by the test.
let s:out = {}
function! s:Wait(what, Pred) abort
  let l:deadline = reltimefloat(reltime()) + g:budget
  while !a:Pred()
    if reltimefloat(reltime()) > l:deadline | throw 'timed out waiting for ' . a:what | endif
    sleep 50m
  endwhile
endfunction
function! s:Diag(code) abort
  for l:item in ale#engine#GetLoclist(bufnr(''))
    if get(l:item, 'code', '') is# a:code | return l:item | endif
  endfor
  return {}
endfunction
" A request through ALE's connection, in ALE's columns; its result.
function! s:Ask(message) abort
  let s:answer = v:null
  let s:answered = 0
  call ale#lsp_linter#SendRequest(bufnr(''), 'catalog-code', a:message, {response -> execute('let s:answer = get(response, "result", v:null) | let s:answered = 1')})
  call s:Wait(a:message[1], {-> s:answered})
  return s:answer
endfunction
function! s:PickFinance(data, items) abort
  for [l:kind, l:item] in a:items
    if l:item.title =~# "'finance'" | let s:fix = [a:data, l:item] | return | endif
  endfor
  let s:fix = [a:data, {}]
endfunction
try
  execute 'edit ' . fnameescape(g:project . '/data.yaml')
  call s:Wait('the notAllowedValue diagnostic', {-> !empty(s:Diag('property.notAllowedValue'))})
  let s:d = s:Diag('property.notAllowedValue')
  let s:out.diagnostic = strpart(getline(s:d.lnum), s:d.col - 1, s:d.end_col - s:d.col + 1)
  let s:hover = s:Ask(ale#lsp#message#Hover(bufnr(''), s:d.lnum, s:d.col + 2))
  let s:out.hover = s:hover.contents.value
  let s:completion = s:Ask(ale#lsp#message#Completion(bufnr(''), s:d.lnum, s:d.col, ''))
  let s:out.completion = map(copy(type(s:completion) == v:t_dict ? s:completion.items : s:completion), 'v:val.label')
  " The quick fix, as :ALECodeAction asks for it with the cursor on the value.
  call cursor(s:d.lnum, s:d.col + 2)
  let s:fix = v:null
  call ale#codefix#Execute(0, function('s:PickFinance'))
  call s:Wait('the code actions', {-> s:fix isnot v:null})
  if empty(s:fix[1]) | throw 'no quick fix for finance' | endif
  call ale#codefix#ApplyLSPCodeAction(s:fix[0], s:fix[1])
  let s:out.fixed = getline(s:d.lnum)
  write
  call s:Wait('no diagnostic after the fix', {-> empty(s:Diag('property.notAllowedValue'))})
  let s:symbols = s:Ask([0, 'textDocument/documentSymbol', {'textDocument': {'uri': ale#util#ToURI(expand('%:p'))}}])
  let s:out.symbols = map(copy(s:symbols), 'v:val.name')
  " A setting changed, then removed: ALE sends the settings with the next check.
  call setline(1, substitute(getline(1), 'finance', 'Finance', ''))
  ALELint
  call s:Wait('the diagnostic again', {-> !empty(s:Diag('property.notAllowedValue'))})
  " A new value, not the old one changed in place: ALE sends the settings only when they differ from the ones it sent.
  let g:catalog_code_settings = {'catalogCode': {'diagnostics': {'severity': {'property.notAllowedValue': 'off'}}}}
  ALELint
  call s:Wait('the diagnostic turned off', {-> empty(s:Diag('property.notAllowedValue'))})
  let s:out['setting-changed'] = v:true
  let g:catalog_code_settings = {'catalogCode': {}}
  ALELint
  call s:Wait('the diagnostic back once the setting is removed', {-> !empty(s:Diag('property.notAllowedValue'))})
  let s:out['setting-removed'] = v:true
  call writefile(split(g:props_allowing, "\n"), g:project . '/props.yaml')
  call s:Wait('the diagnostic gone after props.yaml changed on disk', {-> empty(s:Diag('property.notAllowedValue'))})
  let s:out['disk-change'] = v:true
  write
  " Go to definition, as :ALEGoToDefinition does: the property id in YAML, the upstream URN in JSON.
  call cursor(1, stridx(getline(1), 'io.acme.team') + 3)
  call ale#definition#GoTo({})
  call s:Wait('the definition in props.yaml', {-> expand('%:t') is# 'props.yaml'})
  let s:out['definition-yaml'] = expand('%:t')
  execute 'edit ' . fnameescape(g:project . '/lineage.json')
  call search('payments')
  call ale#definition#GoTo({})
  call s:Wait('the definition in data.yaml', {-> expand('%:t') is# 'data.yaml'})
  let s:out['definition-json'] = expand('%:t') . ':' . line('.')
  " The docs' live-setting block verbatim (g:live_setting): an association makes lineage/edges.yml
  " (no lineage file by its content) a lineage file, so its missing `lineage` key becomes a diagnostic.
  call mkdir(g:project . '/lineage', 'p')
  call writefile(['version: 1'], g:project . '/lineage/edges.yml')
  execute 'edit ' . fnameescape(g:project . '/lineage/edges.yml')
  for s:line in split(g:live_setting, "\n")
    execute s:line
  endfor
  call s:Wait('a diagnostic in lineage/edges.yml, a lineage file by the association', {-> !empty(filter(ale#engine#GetLoclist(bufnr('')), {_, d -> get(d, 'code', '') =~# '^format\.'}))})
  let s:out['live-setting'] = v:true
catch
  let s:out.error = v:exception . ' ' . v:throwpoint
endtry
redir => s:messages
silent messages
redir END
let s:out.messages = s:messages
call writefile([json_encode(s:out)], g:out)
qa!
