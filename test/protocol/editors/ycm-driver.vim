" Drives Vim + YouCompleteMe (real Vim in a pseudo-terminal: test/protocol/editors/pty-run.py) as a
" user would and writes what it saw to g:out as JSON (test/protocol/vim.test.ts). g:project, g:out,
" g:answers (where to ask pty-run.py to pick from a list), g:budget (a hang guard per step, in
" seconds) and g:props_allowing (the definitions file, changed on disk) are set by the test.
"
" YouCompleteMe works from timers (its server, its message polls), so this never blocks: one timer
" runs the steps in order, each an action and the condition that ends it, checked every 100 ms.
let s:out = {}
let s:steps = []
let s:step = 0
let s:acted = 0
let s:started = 0.0

function! s:Step(name, Do, Until) abort
  call add(s:steps, {'name': a:name, 'do': a:Do, 'until': a:Until})
endfunction

" The texts YouCompleteMe underlines on line `lnum` as errors or warnings (its text properties, in
" bytes; a diagnostic's extent and its range may both be marked).
function! s:Underlined(lnum, types = ['YcmErrorProperty', 'YcmWarningProperty']) abort
  return uniq(sort(map(prop_list(a:lnum, {'types': a:types}), {_, p -> strpart(getline(a:lnum), p.col - 1, p.length)})))
endfunction

function! s:OnValue() abort
  call cursor(1, stridx(getline(1), 'inance}') + 1)
endfunction

" A :YcmCompleter subcommand's text answer, as YouCompleteMe's own GetCommandResponse gives it.
function! s:Ask(...) abort
  return call('youcompleteme#GetCommandResponse', a:000)
endfunction

function! s:Finish(error) abort
  if a:error isnot# '' | let s:out.error = a:error | endif
  let s:out.messages = execute('messages')
  call writefile([json_encode(s:out)], g:out)
  qa!
endfunction

function! s:Tick(timer) abort
  if s:step >= len(s:steps)
    call timer_stop(a:timer)
    call s:Finish('')
    return
  endif
  let l:current = s:steps[s:step]
  try
    if !s:acted
      let s:acted = 1
      let s:started = reltimefloat(reltime())
      call l:current.do()
    endif
    if l:current.until()
      let s:step += 1
      let s:acted = 0
    elseif reltimefloat(reltime()) - s:started > g:budget
      throw 'timed out waiting for ' . l:current.name
    endif
  catch
    call timer_stop(a:timer)
    call s:Finish(l:current.name . ': ' . v:exception . ' ' . v:throwpoint)
  endtry
endfunction

" 1. Diagnostics: the value underlined, after an é and an emoji.
call s:Step('the notAllowedValue diagnostic', {-> execute('edit ' . fnameescape(g:project . '/data.yaml'))}, {-> !empty(s:Underlined(1))})
call s:Step('the underlined text', {-> execute('let s:out.diagnostic = s:Underlined(1)[0]')}, {-> 1})
" 2. Hover (:YcmCompleter GetHover) on the value.
function! s:Hover() abort
  call s:OnValue()
  let s:out.hover = s:Ask('GetHover')
endfunction
call s:Step('the hover', function('s:Hover'), {-> s:out.hover !=# ''})
" 3. Completion at the value's start, as <C-Space> asks for it (YouCompleteMe's semantic completion).
function! s:Complete() abort
  call cursor(1, stridx(getline(1), 'Finance}') + 1)
  py3 ycm_state.SendCompletionRequest(True)
endfunction
function! s:Completed() abort
  if !py3eval('ycm_state.CompletionRequestReady()') | return 0 | endif
  " What the menu shows (abbr). Its 'word' is cut on this line: YouCompleteMe's client strips the text
  " after the cursor counted in bytes from a string of characters (docs/editors.md says so).
  let s:out.completion = map(py3eval('ycm_state.GetCompletionResponse()')['completions'], 'v:val.abbr')
  return 1
endfunction
call s:Step('the completion', function('s:Complete'), function('s:Completed'))
" 4. The quick fix, as :YcmCompleter FixIt offers it: a numbered list, from which pty-run.py types
" the number of "finance" as a user would; then :w typed. (Vim runs its own loop, where
" YouCompleteMe notices a change, only after a key: a change made from a timer alone is not sent.)
function! s:Type(keys) abort
  call writefile([json_encode({'keys': a:keys})], g:answers)
endfunction
function! s:FixIt() abort
  call s:OnValue()
  call writefile([json_encode({'choose': "'finance'"})], g:answers)
  YcmCompleter FixIt
  let s:out.fixed = getline(1)
  call s:Type(":w\r")
endfunction
call s:Step('the fix applied and its diagnostic gone', function('s:FixIt'), {-> !&modified && empty(s:Underlined(1))})
" 5. Document symbols: :YcmCompleter GoToDocumentOutline fills the quickfix list.
function! s:Outline() abort
  YcmCompleter GoToDocumentOutline
  let s:out.symbols = map(getqflist(), 'v:val.text')
  cclose
  execute 'buffer ' . bufnr(g:project . '/data.yaml')
endfunction
call s:Step('the outline', function('s:Outline'), {-> !empty(s:out.symbols)})
" 6. A setting changed, then removed. Debian's YouCompleteMe hands the server its settings when it
" starts it (workspace/didChangeConfiguration, from the extra conf): change g:catalog_code_settings,
" then :YcmRestartServer. First the value back to 'Finance', typed as a user types it.
call s:Step('the diagnostic again', {-> cursor(1, stridx(getline(1), 'finance}') + 1) + s:Type("ciwFinance\<Esc>")}, {-> s:Underlined(1, ['YcmErrorProperty']) == ['Finance']})
function! s:Restart(settings) abort
  write
  let g:catalog_code_settings = a:settings
  YcmRestartServer
endfunction
" The error made a warning: a change only the setting makes (a restart alone would show the error).
call s:Step('the diagnostic made a warning', {-> s:Restart({'catalogCode': {'diagnostics': {'severity': {'property.notAllowedValue': 'warning'}}}})}, {-> s:Underlined(1, ['YcmWarningProperty']) == ['Finance']})
call s:Step('setting-changed', {-> execute('let s:out["setting-changed"] = v:true')}, {-> 1})
call s:Step('the error back once the setting is removed', {-> s:Restart({'catalogCode': {}})}, {-> s:Underlined(1, ['YcmErrorProperty']) == ['Finance']})
call s:Step('setting-removed', {-> execute('let s:out["setting-removed"] = v:true')}, {-> 1})
" 7. props.yaml changed on disk allows 'Finance'.
call s:Step('the diagnostic gone after props.yaml changed on disk', {-> writefile(split(g:props_allowing, "\n"), g:project . '/props.yaml')}, {-> empty(s:Underlined(1))})
call s:Step('disk-change', {-> execute('let s:out["disk-change"] = v:true')}, {-> 1})
" 8. Go to definition (:YcmCompleter GoTo): the property id in YAML, the upstream URN in JSON. The
" server may still be opening a buffer just entered; a user asks again.
function! s:InFile(file) abort
  if expand('%:t') isnot# a:file | silent! YcmCompleter GoTo | endif
  return expand('%:t') is# a:file
endfunction
call s:Step('the definition in props.yaml', {-> cursor(1, stridx(getline(1), 'io.acme.team') + 3)}, {-> s:InFile('props.yaml')})
call s:Step('definition-yaml', {-> execute('let s:out["definition-yaml"] = expand("%:t")')}, {-> 1})
function! s:GoToJson() abort
  execute 'edit ' . fnameescape(g:project . '/lineage.json')
  call search('payments')
endfunction
call s:Step('the definition in data.yaml', function('s:GoToJson'), {-> s:InFile('data.yaml')})
call s:Step('definition-json', {-> execute('let s:out["definition-json"] = expand("%:t") . ":" . line(".")')}, {-> 1})

call timer_start(100, function('s:Tick'), {'repeat': -1})
