import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { md, mdCode, mdJoin, mdLink, mdText, safeLinkTarget } from '../../../core/output/markdown';

/**
 * The one Markdown builder (issue 33): data as text never becomes syntax or an autolink, a code
 * span is sized to its content, a link target is checked and encoded, and no source outside the
 * builder splices a value into Markdown with a plain template literal.
 */

test('mdText: Markdown syntax, HTML and whatever an autolinker matches come out as escapes', () => {
  assert.equal(mdText('![i](https://evil.example/p.png)'), '\\!\\[i\\]\\(https\\:\\/\\/evil\\.example\\/p\\.png\\)');
  assert.equal(mdText('<img src=x> & <!--'), '&lt;img src=x&gt; &amp; &lt;\\!\\-\\-');
  assert.equal(mdText('ops@evil.example www.evil.example'), 'ops\\@evil\\.example www\\.evil\\.example');
  // Words, commas, quotes and question marks stay as they are.
  assert.equal(mdText("it's 30 days, isn't it?"), "it's 30 days, isn't it?");
  // One line: a line break is a visible escape, so no line of a value starts a block.
  assert.equal(mdText('a\n# b'), 'a\\\\n\\# b');
});

test('mdCode: the fence is longer than any backtick run inside, padded when the value starts or ends with one', () => {
  assert.equal(mdCode('plain'), '`plain`');
  assert.equal(mdCode('x`![i](u)`'), '`` x`![i](u)` ``');
  assert.equal(mdCode('```'), '```` ``` ````');
  assert.equal(mdCode(''), '` `');
});

test('mdLink: only http(s) and command: targets without credentials, with what could end `<…>` encoded', () => {
  assert.equal(mdLink(md`Open`, 'https://datahub.example.com/a>b'), '[Open](<https://datahub.example.com/a%3Eb>)');
  assert.equal(mdLink(md`Open`, 'javascript:alert(1)'), 'Open');
  assert.equal(mdLink(md`Open`, 'https://u:p@datahub.example.com/'), 'Open');
  assert.equal(mdLink(md`Open`, 'not a url'), 'Open');
  assert.equal(safeLinkTarget('command:catalogCode.openInDataHub?%5B%22urn%22%5D'), 'command:catalogCode.openInDataHub?%5B%22urn%22%5D');
  assert.equal(safeLinkTarget('https://a.example/x y\nz\\'), 'https://a.example/x%20y%0Az%5C');
});

test('md and mdJoin: only Markdown (or a number) goes into a hole', () => {
  assert.equal(md`**${mdText('a_b')}** ${3} item(s)`, '**a\\_b** 3 item(s)');
  assert.equal(mdJoin([mdCode('a'), mdCode('b')], md`, `), '`a`, `b`');
  // @ts-expect-error a plain string is refused where Markdown is expected
  assert.equal(md`${'raw'}`, 'raw');
});

/** Every TypeScript source the server, client, CLI, core and the review Action build from. */
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('no plain template literal puts a value into Markdown syntax outside the builder', () => {
  const root = process.cwd();
  const files = [...['core', 'server', 'client', 'cli', 'scripts/review'].flatMap((dir) => sources(join(root, dir))), join(root, 'scripts', 'reviewAction.ts')];
  // A value right after Markdown syntax: bold, a code span, a link target, a list item or a quote.
  const spliced = /(?<!md)`[^`\n]*(\*\*\$\{|\\`\$\{|\]\(<?\$\{|^- \$\{|^> \$\{)/m;
  const offenders = files
    .filter((file) => !file.endsWith(join('core', 'output', 'markdown.ts')))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => !/^\s*(\*|\/\/)/.test(line) && spliced.test(line.replace(/md`/g, 'md\u0000'))),
    )
    .map(({ at, line }) => `${at}: ${line.trim().slice(0, 160)}`);
  assert.deepEqual(offenders, []);
});
