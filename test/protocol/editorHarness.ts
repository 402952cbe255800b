// What the headless editor tests share (Emacs with eglot or lsp-mode, Vim with ALE): a project with
// a line holding `é` and an emoji, the installed server command the docs name, an environment of
// their own, the docs' snippet extracted verbatim, and the rule for a missing editor.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { budgetMs } from '../support/timeScale';

export const repo = resolve(__dirname, '..', '..');

export const PROPERTIES = '- id: io.acme.team\n  type: string\n  allowed_values:\n    - value: finance\n    - value: marketing\n  entity_types: [dataset]\n';
/** The same definitions after a change on disk: 'Finance' allowed too. */
export const PROPERTIES_ALLOWING = PROPERTIES.replace('- value: marketing', '- value: Finance');
/** `Finance` is not allowed; it sits after an `é` (2 bytes, 1 UTF-16 unit) and an emoji (4 bytes, 2 units, 1 character). */
export const LINE = '- {id: orders_é🚀, platform: hive, structured_properties: {io.acme.team: Finance}}';
export const FIXED_LINE = LINE.replace('Finance', 'finance');
export const DATASET = `${LINE}\n- id: payments\n  platform: hive\n`;
/** MCP JSON whose upstream is declared in data.yaml (line 2). */
export const LINEAGE_JSON = `[
  {
    "entityType": "dataset",
    "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,report,PROD)",
    "changeType": "UPSERT",
    "aspectName": "upstreamLineage",
    "aspect": {"json": {"upstreams": [{"dataset": "urn:li:dataset:(urn:li:dataPlatform:hive,payments,PROD)", "type": "TRANSFORMED"}]}}
  }
]
`;

/** The block of `language` between `<!-- NAME-snippet:start -->` and `<!-- NAME-snippet:end -->` of docs/editors.md, verbatim. */
export function documentedSnippet(name: string, language: string): string {
  const docs = readFileSync(join(repo, 'docs', 'editors.md'), 'utf8');
  const match = new RegExp(`<!-- ${name}-snippet:start -->\\s*\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}-snippet:end -->`).exec(docs);
  assert.ok(match, `docs/editors.md has no ${language} block between <!-- ${name}-snippet:start --> and <!-- ${name}-snippet:end -->`);
  return match[1];
}

/**
 * Whether the editor can run here. When it cannot, the test fails in CI (`.ci/run` installs it from
 * Debian) and is skipped with the reason elsewhere.
 */
export function editorAvailable(t: { skip: (message: string) => void }, probe: () => boolean, install: string): boolean {
  if (probe()) return true;
  if (process.env.CI) assert.fail(`${install} is not installed; CI installs it from Debian (.ci/run).`);
  t.skip(`not installed: ${install} (apt-get install ${install})`);
  return false;
}

export function commandWorks(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0;
}

export interface EditorProject {
  root: string;
  project: string;
  /** the environment the editor runs in: the server command on PATH, XDG folders of its own, offline */
  env: NodeJS.ProcessEnv;
}

/** A project (with `.git`) holding the fixtures, and `catalog-code-language-server` as `npm install -g catalog-code` provides it. */
export function editorProject(prefix: string): EditorProject {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const project = join(root, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, 'props.yaml'), PROPERTIES);
  writeFileSync(join(project, 'data.yaml'), DATASET);
  writeFileSync(join(project, 'lineage.json'), LINEAGE_JSON);
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const command = join(bin, 'catalog-code-language-server');
  writeFileSync(command, `#!/bin/sh\nexec "${process.execPath}" "${join(repo, 'dist', 'language-server.js')}" "$@"\n`);
  chmodSync(command, 0o755);
  const xdg = (name: string) => join(root, 'xdg', name);
  const env = {
    ...process.env,
    HOME: join(root, 'home'),
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: xdg('config'),
    XDG_DATA_HOME: xdg('data'),
    XDG_CACHE_HOME: xdg('cache'),
    XDG_STATE_HOME: xdg('state'),
    CATALOG_SERVICE_URL: '',
    CATALOG_TOKEN: '',
  };
  mkdirSync(env.HOME, { recursive: true });
  return { root, project, env };
}

/** Runs the editor; its failure carries its output. */
export async function runEditor(command: string, args: string[], project: EditorProject, baseMs = 120_000): Promise<void> {
  await promisify(execFile)(command, args, { cwd: project.project, env: project.env, timeout: budgetMs(baseMs), maxBuffer: 16 * 1024 * 1024 }).catch((error: { stderr?: string; stdout?: string; message: string }) => {
    throw new Error(`${command} failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
}

/**
 * Runs the editor in a pseudo-terminal (test/protocol/editors/pty-run.py), for plugins that need one:
 * the driver asks for keys through `answers`; what the terminal showed is in `transcript`.
 */
export async function runEditorInTerminal(command: string, args: string[], project: EditorProject, files: { answers: string; transcript: string }, baseMs = 120_000): Promise<void> {
  const runner = join(repo, 'test', 'protocol', 'editors', 'pty-run.py');
  await runEditor('python3', [runner, files.answers, files.transcript, '--', command, ...args], project, baseMs);
}

/** What a driver in test/protocol/editors/ writes: what the editor showed for each check. */
export interface EditorSeen {
  error?: string;
  /** the text the diagnostic covers, in the editor's own columns */
  diagnostic?: string;
  hover?: string;
  completion?: string[];
  /** the line after the quick fix */
  fixed?: string;
  symbols?: string[];
  /** a setting changed (a severity) applied, and its removal undone */
  'setting-changed'?: boolean;
  'setting-removed'?: boolean;
  'disk-change'?: boolean;
  /** the file go to definition opened from the property id in data.yaml */
  'definition-yaml'?: string;
  /** file:line go to definition opened from the upstream URN in lineage.json */
  'definition-json'?: string;
  messages?: string;
  warnings?: string;
}

/**
 * The checks every editor passes (issue 26), on the line with `é` and an emoji. `completion`: the
 * labels it must offer; `symbol`: what an outline entry must contain.
 */
export function assertEditorChecks(seen: EditorSeen, expect: { completion?: string[]; symbol?: string; context?: string } = {}): void {
  const context = expect.context ?? '';
  assert.equal(seen.error, undefined, `the driver failed: ${seen.error}\n${seen.messages ?? ''}${context}`);
  assert.equal(seen.diagnostic, 'Finance', 'the diagnostic covers exactly the value, after é and an emoji');
  assert.match(seen.hover ?? '', /io\.acme\.team[\s\S]*finance/);
  for (const label of expect.completion ?? ['finance', 'marketing']) assert.ok(seen.completion?.includes(label), `${label} missing from the completion ${JSON.stringify(seen.completion)}`);
  assert.equal(seen.fixed, FIXED_LINE, 'the quick fix replaced the value and nothing else');
  const symbol = expect.symbol ?? 'orders_é🚀';
  assert.ok(seen.symbols?.some((name) => name.includes(symbol)), `no outline entry with ${symbol}: ${JSON.stringify(seen.symbols)}`);
  assert.ok(seen['setting-changed'] && seen['setting-removed'], 'a severity changed applied, and its removal restored the diagnostic');
  assert.ok(seen['disk-change'], 'props.yaml changed on disk was seen');
  assert.equal(seen['definition-yaml'], 'props.yaml');
  assert.equal(seen['definition-json'], 'data.yaml:2');
  for (const log of [seen.messages ?? '', seen.warnings ?? '']) assert.doesNotMatch(log, /Unknown notification|unknown method/i);
}

/** A Lisp (or Vim script) string literal of `value`. */
export function quoted(value: string): string {
  return JSON.stringify(value);
}
