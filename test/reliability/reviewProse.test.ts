import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FileDiagnostic } from '../../cli/report';
import type { Markdown } from '../../core/output/markdown';
import { jobSummary, reviewComment } from '../../scripts/review/reviewMarkdown';
import { startTestCatalog, TOKEN, type TestCatalog } from '../integration/catalog';
import { markdownParser, type MarkdownToken } from '../support/markdownParser';

/**
 * Issue 33, an attack no one had tried: bare URLs, `www.` names and e-mail addresses in the prose
 * of the review Action's comment and job summary — validate's messages (which quote keys and
 * values from files) and the plan's notes (which quote the catalog's allowed values) — which GitHub
 * and VS Code's preview autolink without any Markdown syntax. Sent through the real CLI (validate
 * and plan against a real local catalog), the Action's own builders, then markdown-it with linkify
 * on: the only links are the Action's own (each problem's code to its documentation, the run's
 * job summary). Then the honest path: the text is all there, and the own links still work.
 */

const parser = markdownParser({ html: true, linkify: true });

const DOCS = 'https://catalog-code.example/docs/diagnostics';
const RUN = 'https://github.com/acme/repo/actions/runs/1';
const BARE = 'see https://evil.example/bare, www.evil.example/w or ops@evil.example';

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), ...args], { env: { ...process.env, CATALOG_SERVICE_URL: '', CATALOG_TOKEN: '', ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The links a reader could click, with how each was made (inline, autolink, linkify). */
function links(markdown: string): { href: string; markup: string; label: string }[] {
  const found: { href: string; markup: string; label: string }[] = [];
  const visit = (tokens: readonly MarkdownToken[]) =>
    tokens.forEach((token, index) => {
      if (token.type === 'link_open') found.push({ href: token.attrs?.find(([name]) => name === 'href')?.[1] ?? '', markup: token.markup, label: tokens[index + 1]?.content ?? '' });
      if (token.type === 'image' || token.type === 'html_inline') found.push({ href: token.content, markup: token.type, label: '' });
      if (token.children) visit(token.children);
    });
  visit(parser.parse(markdown, {}));
  return found;
}

const propsWith = (values: readonly string[], version?: string) => `- id: io.acme.tier
${version ? `  version: '${version}'\n` : ''}  type: string
  entity_types: [dataset]
  allowed_values:
${values.map((value) => `    - value: ${JSON.stringify(value)}`).join('\n')}
`;

describe('reliability: bare URLs in the review comment and job summary prose', () => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await startTestCatalog();
  });
  after(() => catalog.close());

  it('validate messages and plan notes quoting a URL, a www. name and an address link nothing; the own links remain', async () => {
    // In the catalog: an allowed value that is a bare URL. The branch removes it: the plan's note quotes it.
    catalog.write('props.yaml', propsWith(['gold', BARE]));
    const pushed = await cli(['push', catalog.files, '--service', catalog.url, '--yes'], { CATALOG_TOKEN: TOKEN });
    assert.equal(pushed.code, 0, pushed.stderr);
    // With a new version: the service takes the removal (without one, the push stops on definition.breakingChange), and the plan's note quotes it.
    catalog.write('props.yaml', propsWith(['gold'], '20990101000000'));
    const planned = await cli(['plan', catalog.files, '--service', catalog.url, '--format', 'markdown'], { CATALOG_TOKEN: TOKEN });
    assert.equal(planned.code, 0, planned.stderr);
    assert.match(planned.stdout, /Breaking\\: allowed value\\\(s\\\) .*see https\\:\\\/\\\/evil\\\.example\\\/bare/, planned.stdout);
    // A file whose key and value quote them: validate's messages do.
    catalog.write('ds.yaml', `- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.tier: ${JSON.stringify(BARE)}\n  ${JSON.stringify(BARE)}: 1\n`);
    const validated = await cli(['validate', catalog.files, '--format', 'json']);
    const problems = JSON.parse(validated.stdout) as FileDiagnostic[];
    assert.ok(problems.filter((p) => p.message.includes('https://evil.example/bare')).length >= 2, validated.stdout);

    const comment = reviewComment({ problems, plan: { markdown: planned.stdout.trimEnd() as Markdown }, runUrl: RUN, settingsNote: `Settings from the base branch; ${BARE}` });
    const summary = jobSummary(problems, DOCS, BARE);
    for (const [name, markdown] of [['comment', comment], ['job summary', summary]] as const) {
      const foreign = links(markdown).filter((link) => !(link.markup === '' && (link.href === RUN || link.href.startsWith(`${DOCS}#`))));
      assert.deepEqual(foreign, [], `${name}:\n${markdown}`);
    }
    // The honest path: the own links are there, and the quoted text reads as it was written.
    assert.deepEqual(links(comment).map((link) => link.label), ['job summary']);
    assert.ok(links(summary).length >= problems.length, 'each problem links its code to the documentation');
    const rendered = parser.parse(summary, {}).flatMap((token) => token.children ?? []).filter((token) => token.type === 'text').map((token) => token.content).join('');
    assert.ok(rendered.includes(BARE), 'the URL is shown, as text');
  });
});
