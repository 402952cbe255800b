// The GitHub Action's script (scripts/reviewAction.ts → dist/reviewAction.js, run by action.yml),
// run as the Action runs it: a process with GitHub's environment, a fake event payload, a job
// summary file, and a local HTTP stand-in for GitHub's REST API on 127.0.0.1 (real HTTP). Attacks:
// hostile file names and messages in the Markdown, someone else's comment holding the marker, an
// API answering 403 and 500, a pagination link to another origin (the token must not follow).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { budgetMs } from '../support/timeScale';
import { PROPERTIES_YAML, startTestCatalog, type TestCatalog } from './catalog';

const root = join(__dirname, '..', '..');
const script = join(root, 'dist', 'reviewAction.js');
const MARKER = '<!-- catalog-code-review -->';
const BOT = 'github-actions[bot]';
const BASE_SHA = 'a'.repeat(40);

interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
}
interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** GitHub's issue-comment API, as much as the Action uses, with switches for failures. */
class FakeGitHub {
  comments: Comment[] = [];
  seen: Seen[] = [];
  failWith: { method: string; status: number } | undefined;
  /** a Link header's next page, on the first list answer */
  nextLink: string | undefined;
  /** the base commit's .vscode/settings.json (undefined: the commit has none), or a status to fail with */
  baseSettings: string | undefined;
  baseSettingsStatus: number | undefined;
  private server: Server | undefined;
  private nextId = 1000;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async answer(request: IncomingMessage, response: import('node:http').ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const path = request.url ?? '';
    this.seen.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };
    if (this.failWith && this.failWith.method === request.method) return send(this.failWith.status, { message: this.failWith.status === 403 ? 'Resource not accessible by integration' : 'Server Error' });
    if (request.method === 'GET' && path === `/repos/acme/warehouse/contents/.vscode/settings.json?ref=${BASE_SHA}`) {
      if (this.baseSettingsStatus) return send(this.baseSettingsStatus, { message: 'Server Error' });
      if (this.baseSettings === undefined) return send(404, { message: 'Not Found' });
      const content = Buffer.from(this.baseSettings).toString('base64');
      return send(200, { type: 'file', encoding: 'base64', size: Buffer.byteLength(this.baseSettings), content });
    }
    if (request.method === 'GET' && /^\/repos\/acme\/warehouse\/issues\/7\/comments\?/.test(path)) return send(200, this.comments, this.nextLink ? { link: `<${this.nextLink}>; rel="next"` } : {});
    if (request.method === 'POST' && path === '/repos/acme/warehouse/issues/7/comments') {
      const comment = { id: this.nextId++, body: (JSON.parse(body) as { body: string }).body, user: { login: BOT, type: 'Bot' } };
      this.comments.push(comment);
      return send(201, comment);
    }
    const patch = /^\/repos\/acme\/warehouse\/issues\/comments\/(\d+)$/.exec(path);
    if (request.method === 'PATCH' && patch) {
      const comment = this.comments.find((c) => c.id === Number(patch[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = (JSON.parse(body) as { body: string }).body;
      return send(200, comment);
    }
    send(404, { message: 'Not Found' });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Markdown with its code spans taken out: what is left is rendered, so it must hold no raw HTML. */
function outsideCodeSpans(markdown: string): string {
  return markdown.replace(/(`+)[\s\S]*?\1/g, '');
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  summary: string;
}

function runAction(workspace: string, github: FakeGitHub, extra: Record<string, string> = {}, payload: unknown = { action: 'synchronize', pull_request: { number: 7 } }): Promise<Run> {
  const summaryFile = join(workspace, '..', `summary-${Date.now()}-${Math.random()}.md`);
  writeFileSync(summaryFile, '');
  const event = join(workspace, '..', 'event.json');
  writeFileSync(event, JSON.stringify(payload));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_EVENT_PATH: event,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_REPOSITORY: 'acme/warehouse',
    GITHUB_RUN_ID: '42',
    GITHUB_TOKEN: 'ghs_test_token_1234',
    GITHUB_STEP_SUMMARY: summaryFile,
    INPUT_PATHS: '.',
    CATALOG_CODE_DOCS_URL: 'https://docs.example/diagnostics.md',
    ...extra,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [script], { cwd: workspace, env, timeout: budgetMs(120_000), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr, summary: readFileSync(summaryFile, 'utf8') });
    });
  });
}

/** A lineage file with `count` entries, each with an entity type DataHub refuses; the file name and the type are hostile. */
function hostileWorkspace(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-code-review-'));
  const workspace = join(dir, 'repo');
  mkdirSync(workspace);
  const entries = Array.from({ length: count }, (_, i) => `  - entity:\n      name: db.t${i}\n      type: "<!-- hide --><img src=x onerror=alert(1)>|::error::x"\n      env: PROD\n      platform: hive\n`).join('');
  writeFileSync(join(workspace, 'evil <img src=x>|`name`.yml'), `version: 1\nlineage:\n${entries}`);
  return workspace;
}

describe('the GitHub Action script against a stand-in for GitHub', { timeout: budgetMs(600_000) }, () => {
  const github = new FakeGitHub();
  const elsewhere = new FakeGitHub();
  let workspace = '';

  before(async () => {
    if (!existsSync(script)) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    await github.start();
    await elsewhere.start();
    workspace = hostileWorkspace(25);
  });
  after(async () => {
    await github.stop();
    await elsewhere.stop();
    rmSync(join(workspace, '..'), { recursive: true, force: true });
  });

  it('annotates within GitHub limits, lists every problem in the job summary and creates one comment, all escaped', async () => {
    const run = await runAction(workspace, github);
    assert.equal(run.code, 1, `the files have errors: the step fails\n${run.stderr}`);
    const commands = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    assert.equal(commands.filter((l) => l.startsWith('::error ')).length, 10, 'GitHub shows 10 errors per step');
    assert.ok(commands.every((l) => /^::error file=[^,:]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[a-zA-Z.]+::[^\n]*$/.test(l)), commands.join('\n'));
    assert.match(run.stdout, /^Catalog Code: 15 more errors not annotated \(GitHub shows 10 of each kind per step; 25 problem\(s\) in all\)\. The full list: the job summary of this run/m);
    // Every problem in the job summary, the hostile text shown as text.
    assert.equal(run.summary.split('\n').filter((l) => l.startsWith("- **error**")).length, 25);
    assert.doesNotMatch(outsideCodeSpans(run.summary), /<img|<!--/);
    assert.match(run.summary, /&lt;\\!\\-\\- hide/, 'the message is shown, escaped');
    assert.match(run.summary, /\(https:\/\/docs\.example\/diagnostics\.md#format\.enumValue\)/);
    // One comment, by the API's own rules, with the marker first and nothing hidden or rendered.
    assert.deepEqual(github.seen.map((s) => s.method), ['GET', 'POST']);
    assert.ok(github.seen.every((s) => s.authorization === 'Bearer ghs_test_token_1234'));
    const [comment] = github.comments;
    assert.ok(comment.body.startsWith(MARKER));
    assert.equal(outsideCodeSpans(comment.body).split('<!--').length, 2, 'the marker is the only HTML comment');
    assert.doesNotMatch(outsideCodeSpans(comment.body), /<img/);
    assert.match(comment.body, /\*\*Catalog Code validate:\*\* 25 error\(s\), 0 warning\(s\) — every problem is in the \[job summary\]\(https:\/\/github\.example\/acme\/warehouse\/actions\/runs\/42\)/);
    assert.ok(comment.body.length <= 65_536);
  });

  it('a second run updates the same comment instead of adding one', async () => {
    github.seen = [];
    await runAction(workspace, github);
    assert.deepEqual(github.seen.map((s) => s.method), ['GET', 'PATCH']);
    assert.equal(github.comments.length, 1);
  });

  it("never overwrites someone else's comment that holds the marker text: it writes its own", async () => {
    github.comments = [{ id: 1, body: `${MARKER}\nI copied your marker`, user: { login: 'mallory', type: 'User' } }];
    github.seen = [];
    await runAction(workspace, github);
    assert.deepEqual(github.seen.map((s) => s.method), ['GET', 'POST']);
    assert.equal(github.comments[0].body, `${MARKER}\nI copied your marker`);
    assert.equal(github.comments.length, 2);
  });

  for (const [method, status] of [['POST', 403], ['GET', 500]] as const) {
    it(`GitHub answering ${status} to ${method}: a warning saying why, the job summary still written, the verdict unchanged`, async () => {
      github.comments = [];
      github.failWith = { method, status };
      try {
        const run = await runAction(workspace, github);
        assert.equal(run.code, 1, 'still the verdict of the files, not a crash');
        const warning = run.stdout.split('\n').find((l) => l.startsWith('::warning title=Catalog Code review::'));
        assert.ok(warning, run.stdout);
        assert.match(warning, new RegExp(`Could not write the review comment on pull request #7: GitHub answered ${status}`));
        if (status === 403) assert.match(warning, /read-only token/);
        assert.match(run.summary, /## Catalog Code: validate/);
      } finally {
        github.failWith = undefined;
      }
    });
  }

  it('never sends the token to another origin named in a pagination link', async () => {
    github.comments = [];
    github.nextLink = `${elsewhere.url}/repos/acme/warehouse/issues/7/comments?page=2`;
    try {
      const run = await runAction(workspace, github);
      assert.equal(elsewhere.seen.length, 0, 'the other origin got no request');
      assert.match(run.stdout, /refused to send the token to http:\/\/127\.0\.0\.1:\d+: only http:\/\/127\.0\.0\.1:\d+ \(GITHUB_API_URL\) gets it/);
    } finally {
      github.nextLink = undefined;
    }
  });

  describe('with a catalog', () => {
    let catalog: TestCatalog;
    before(async () => (catalog = await startTestCatalog()));
    after(async () => catalog.close());

    it('puts the plan in the comment and the job summary', async () => {
      catalog.write('properties.yaml', PROPERTIES_YAML);
      github.comments = [];
      const run = await runAction(catalog.files, github, { INPUT_SERVICE: catalog.url, CATALOG_TOKEN: catalog.token });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      const [comment] = github.comments;
      assert.ok(comment, run.stdout);
      assert.match(comment.body, /### Catalog Code plan/);
      assert.match(comment.body, /\*\*\d+ change\(s\) to \d+ entit/);
      assert.match(run.summary, /### Catalog Code plan/);
    });
  });

  describe("a pull request's own settings do not decide its review", () => {
    const pullRequest = { action: 'synchronize', pull_request: { number: 7, base: { sha: BASE_SHA } } };
    const silencing = JSON.stringify({ 'catalogCode.diagnostics.severity': { 'format.*': 'off' } });
    let branch = '';
    before(() => {
      branch = hostileWorkspace(3);
      mkdirSync(join(branch, '.vscode'));
      writeFileSync(join(branch, '.vscode', 'settings.json'), `// this branch turns the checks off\n${silencing}`);
    });
    after(() => rmSync(join(branch, '..'), { recursive: true, force: true }));
    const reset = () => {
      github.comments = [];
      github.seen = [];
      github.baseSettings = undefined;
      github.baseSettingsStatus = undefined;
    };

    it('judges by the base commit (which has no settings), and names the change in the comment and the job summary', async () => {
      reset();
      const run = await runAction(branch, github, {}, pullRequest);
      assert.equal(run.code, 1, `the errors the branch turned off still fail the step\n${run.stdout}\n${run.stderr}`);
      assert.ok(github.seen[0].path.startsWith('/repos/acme/warehouse/contents/.vscode/settings.json?ref='), 'the base settings were asked for first');
      const note = /This pull request changes catalogCode\.diagnostics\.severity in \.vscode\/settings\.json\. The review judged the files by the base branch's settings/;
      assert.match(github.comments[0].body, /3 error\(s\)/);
      assert.match(github.comments[0].body, note);
      assert.match(run.summary, note);
    });

    it("applies the base commit's settings when it has them, and says nothing when the branch keeps them", async () => {
      reset();
      github.baseSettings = silencing;
      const run = await runAction(branch, github, {}, pullRequest);
      assert.equal(run.code, 0, `the base's own settings turn the code off\n${run.stdout}\n${run.stderr}`);
      assert.match(github.comments[0].body, /0 error\(s\)/);
      assert.doesNotMatch(github.comments[0].body, /changes catalogCode/);
    });

    it("GitHub failing to give the base's settings: the defaults judge, and a warning says so", async () => {
      reset();
      github.baseSettingsStatus = 500;
      const run = await runAction(branch, github, {}, pullRequest);
      assert.equal(run.code, 1);
      const warning = run.stdout.split('\n').find((l) => l.startsWith('::warning title=Catalog Code review::Could not read the base branch'));
      assert.ok(warning, run.stdout);
      assert.match(warning, /judged with Catalog Code's default settings\. This branch sets catalogCode\.diagnostics\.severity/);
    });

    it("settings-from: branch keeps the branch's own settings and asks GitHub for nothing else", async () => {
      reset();
      const run = await runAction(branch, github, { INPUT_SETTINGS_FROM: 'branch' }, pullRequest);
      assert.equal(run.code, 0, run.stdout);
      assert.ok(!github.seen.some((s) => s.path.includes('/contents/')));
    });

    it('a settings-from that is neither base nor branch stops with a clear error', async () => {
      reset();
      const run = await runAction(branch, github, { INPUT_SETTINGS_FROM: 'mine' }, pullRequest);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /the settings-from input is 'mine'; write base/);
    });
  });
});
