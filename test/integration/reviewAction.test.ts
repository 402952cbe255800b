// The GitHub Action as the runner runs it: the committed bundle action.yml names (`runs.main`, a
// node24 JavaScript action), nothing built first, in a process with GitHub's environment (inputs as
// `INPUT_<NAME>` with hyphens kept, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), a fake event payload, and a
// recording HTTP stand-in for GitHub's REST API on 127.0.0.1 (real HTTP). Attacks:
// hostile file names and messages in the Markdown, someone else's comment holding the marker, an
// API answering 403 and 500, a pagination link to another origin (the token must not follow).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { budgetMs } from '../support/timeScale';
import { PROPERTIES_YAML, startTestCatalog, type TestCatalog } from './catalog';

const root = join(__dirname, '..', '..');
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { runs: Record<string, unknown>; outputs: Record<string, unknown> };
const script = join(root, String(action.runs.main));
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const MARKER = '<!-- catalog-code-review -->';
const BOT = 'github-actions[bot]';
const BASE_SHA = 'a'.repeat(40);

interface Comment {
  id: number;
  body: string;
  html_url?: string;
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
      const id = this.nextId++;
      const comment = { id, body: (JSON.parse(body) as { body: string }).body, user: { login: BOT, type: 'Bot' }, html_url: `https://github.example/acme/warehouse/pull/7#issuecomment-${id}` };
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

/** Prose as it reads once rendered: the builder backslash-escapes punctuation (core/output/markdown.ts's mdText). */
function unescaped(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
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
  /** the step's outputs, as the runner reads them from GITHUB_OUTPUT */
  outputs: Record<string, string>;
}

/** GITHUB_OUTPUT's `name<<delimiter` blocks. */
function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = /^([\w-]+)<<(.+)$/.exec(lines[i]);
    if (!start) continue;
    const end = lines.indexOf(start[2], i + 1);
    outputs[start[1]] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

function runAction(workspace: string, github: FakeGitHub, extra: Record<string, string> = {}, payload: unknown = { action: 'synchronize', pull_request: { number: 7 } }): Promise<Run> {
  const summaryFile = join(workspace, '..', `summary-${Date.now()}-${Math.random()}.md`);
  writeFileSync(summaryFile, '');
  const outputFile = `${summaryFile}.output`;
  writeFileSync(outputFile, '');
  const event = join(workspace, '..', 'event.json');
  writeFileSync(event, JSON.stringify(payload));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_EVENT_PATH: event,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_REPOSITORY: 'acme/warehouse',
    GITHUB_RUN_ID: '42',
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    // The inputs as the runner sets them, defaults included (action.yml).
    INPUT_PATHS: '.',
    'INPUT_GITHUB-TOKEN': 'ghs_test_token_1234',
    INPUT_COMMENT: 'true',
    'INPUT_COMMENT-AUTHOR': BOT,
    'INPUT_SETTINGS-FROM': 'base',
    'INPUT_FAIL-ON-ERROR': 'true',
    ...extra,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [script], { cwd: workspace, env, timeout: budgetMs(120_000), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr, summary: readFileSync(summaryFile, 'utf8'), outputs: readOutputs(readFileSync(outputFile, 'utf8')) });
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
    await github.start();
    await elsewhere.start();
    workspace = hostileWorkspace(25);
  });
  after(async () => {
    await github.stop();
    await elsewhere.stop();
    rmSync(join(workspace, '..'), { recursive: true, force: true });
  });

  it('is a node24 JavaScript action running its committed bundle, with the outputs it sets declared', () => {
    assert.equal(action.runs.using, 'node24');
    assert.equal(action.runs.steps, undefined, 'no composite steps: nothing installed or built, no Node.js put on the PATH');
    assert.ok(existsSync(script), `${script} is committed`);
    assert.deepEqual(Object.keys(action.outputs).sort(), ['comment-url', 'errors', 'plan-add', 'plan-change', 'plan-changes', 'plan-remove', 'warnings']);
    assert.doesNotMatch(readFileSync(join(root, 'action.yml'), 'utf8'), /action_repository|action_ref|setup-node|npm ci/);
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
    // Links to the docs of the version that runs, whatever github.action_repository says (empty for `uses: ./`).
    assert.ok(run.summary.includes(`(<https://github.com/catalog-code/catalog-code/blob/v${version}/docs/diagnostics.md#format.enumValue>)`), run.summary.slice(0, 2000));
    // One comment, by the API's own rules, with the marker first and nothing hidden or rendered.
    assert.deepEqual(github.seen.map((s) => s.method), ['GET', 'POST']);
    assert.ok(github.seen.every((s) => s.authorization === 'Bearer ghs_test_token_1234'));
    const [comment] = github.comments;
    assert.ok(comment.body.startsWith(MARKER));
    assert.equal(outsideCodeSpans(comment.body).split('<!--').length, 2, 'the marker is the only HTML comment');
    assert.doesNotMatch(outsideCodeSpans(comment.body), /<img/);
    assert.match(comment.body, /\*\*Catalog Code validate:\*\* 25 error\(s\), 0 warning\(s\) — every problem is in the \[job summary\]\(<https:\/\/github\.example\/acme\/warehouse\/actions\/runs\/42>\)/);
    assert.ok(comment.body.length <= 65_536);
    assert.deepEqual(run.outputs, { errors: '25', warnings: '0', 'comment-url': comment.html_url });
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
      const run = await runAction(catalog.files, github, { INPUT_SERVICE: catalog.url, 'INPUT_CATALOG-TOKEN': catalog.token });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      const [comment] = github.comments;
      assert.ok(comment, run.stdout);
      assert.match(comment.body, /### Catalog Code plan/);
      assert.match(comment.body, /\*\*\d+ change\(s\) to \d+ entit/);
      assert.match(run.summary, /### Catalog Code plan/);
      // The whole plan in the step's log, where a cut comment or summary points.
      assert.match(run.stdout, /^The whole plan:\n/m);
      assert.match(run.stdout, /^Summary: \d+ to add/m);
      // The plan's counts as outputs, the same numbers the comment's header and summary give.
      const header = /\*\*(\d+) change\(s\) to \d+ entit\S+\*\* against `[^`]+`: (\d+) to add, (\d+) to change, (\d+) to remove/.exec(comment.body);
      assert.ok(header, comment.body.slice(0, 2000));
      assert.deepEqual([run.outputs['plan-changes'], run.outputs['plan-add'], run.outputs['plan-change'], run.outputs['plan-remove']], header.slice(1));
      assert.equal(Number(header[1]), Number(header[2]) + Number(header[3]) + Number(header[4]));
      assert.ok(Number(header[2]) > 0, 'the definitions are added');
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
      assert.match(unescaped(github.comments[0].body), note);
      assert.match(unescaped(run.summary), note);
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
      const run = await runAction(branch, github, { 'INPUT_SETTINGS-FROM': 'branch' }, pullRequest);
      assert.equal(run.code, 0, run.stdout);
      assert.ok(!github.seen.some((s) => s.path.includes('/contents/')));
    });

    it('a settings-from that is neither base nor branch stops with a clear error', async () => {
      reset();
      const run = await runAction(branch, github, { 'INPUT_SETTINGS-FROM': 'mine' }, pullRequest);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /the settings-from input is 'mine'; write base/);
    });
  });
});
