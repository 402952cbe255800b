import { appendFileSync, readFileSync } from 'node:fs';
import type { CliIo } from '../cli/io';
import { formatGithub, type FileDiagnostic } from '../cli/report';
import { diagnosticsDocUrlFor } from '../core/diagnostics/codeDocs';
import { formatPlanReport } from '../core/plan/planReport';
import { planCounts } from '../core/plan/planReportInput';
import { actionInput, setOutputs } from './review/actionIo';
import { describeError } from '../core/errors/describeError';
import { logLines } from '../core/output/logText';
import type { Markdown } from '../core/output/markdown';
import { createComment, GitHubApiError, listComments, updateComment, type GitHubTarget } from './review/githubComments';
import { baseCommit, parseSettingsFrom, reviewSettings, type ReviewSettings, type SettingsFrom } from './review/reviewSettings';
import { jobSummary, ownReviewComment, planSection, reviewComment, type CommentInput } from './review/reviewMarkdown';

/**
 * The GitHub Action's logic (action.yml runs its committed bundle action/review.js, built by
 * scripts/actionBundle.mjs, on the runner's own node24): validate the files and
 * annotate within GitHub's limits, write every problem to the job summary, plan against the catalog
 * when one is given, and create or update the one pull-request comment holding the plan. A comment
 * that cannot be written (a fork's read-only token, GitHub failing) is a warning, never a failed
 * check: the plan is in the job summary too. Exit 1 when the files have errors.
 */

declare const CATALOG_CODE_VERSION: string | undefined;
const version = typeof CATALOG_CODE_VERSION === 'string' ? CATALOG_CODE_VERSION : '0.1.0';

interface Inputs {
  paths: string[];
  service?: string;
  comment: boolean;
  commentAuthor: string;
  failOnError: boolean;
  docsUrl: string;
  settingsFrom: SettingsFrom;
}

function settingsFrom(value: string | undefined): SettingsFrom {
  const chosen = parseSettingsFrom(value);
  if (!chosen) throw new Error(`the settings-from input is '${(value ?? '').slice(0, 40)}'; write base (judge a pull request by its base branch's settings, the default) or branch`);
  return chosen;
}

function inputs(env: NodeJS.ProcessEnv): Inputs {
  const flag = (value: string | undefined, fallback: boolean) => (value === undefined || value.trim() === '' ? fallback : value.trim().toLowerCase() === 'true');
  const service = actionInput(env, 'service')?.trim();
  return {
    paths: (actionInput(env, 'paths') ?? '.').split(/\r?\n/).map((p) => p.trim()).filter(Boolean),
    ...(service ? { service } : {}),
    comment: flag(actionInput(env, 'comment'), true),
    commentAuthor: actionInput(env, 'comment-author')?.trim() || 'github-actions[bot]',
    failOnError: flag(actionInput(env, 'fail-on-error'), true),
    // The docs of the version that runs, never github.action_repository/action_ref (empty for `uses: ./`).
    docsUrl: env.CATALOG_CODE_DOCS_URL?.trim() || diagnosticsDocUrlFor(version),
    settingsFrom: settingsFrom(actionInput(env, 'settings-from')),
  };
}

/** The tokens given as inputs reach the CLI (CATALOG_TOKEN) and the GitHub client (GITHUB_TOKEN) as the variables they read. */
function adoptTokens(env: NodeJS.ProcessEnv): void {
  const catalogToken = actionInput(env, 'catalog-token');
  if (catalogToken) env.CATALOG_TOKEN = catalogToken;
  const githubToken = actionInput(env, 'github-token');
  if (githubToken) env.GITHUB_TOKEN = githubToken;
}

/** Runs a CLI verb in this process, keeping what it prints. */
async function captured(run: (argv: string[], io: CliIo) => Promise<number>, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => (stdout += `${t}\n`), stderr: (t) => (stderr += `${t}\n`), version });
  return { code, stdout, stderr };
}

/** A warning annotation built here from data: its text escaped by GitHub's rules, so it stays one command. */
function warn(text: string): void {
  process.stdout.write(`::warning title=Catalog Code review::${logLines(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
}

function say(text: string): void {
  process.stdout.write(`${logLines(text)}\n`);
}

function readEvent(eventPath: string | undefined): unknown {
  return eventPath ? (JSON.parse(readFileSync(eventPath, 'utf8')) as unknown) : undefined;
}

function pullRequestNumber(payload: unknown): number | undefined {
  const event = (payload ?? {}) as { pull_request?: { number?: unknown }; issue?: { number?: unknown; pull_request?: unknown } };
  const number = event.pull_request?.number ?? (event.issue?.pull_request ? event.issue.number : undefined);
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The address of this run (GitHub's own variables), or undefined when they are missing or odd. */
function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY || !/^\d+$/.test(env.GITHUB_RUN_ID ?? '')) return undefined;
  try {
    const url = new URL(`${env.GITHUB_SERVER_URL.replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`);
    return /^https?:$/.test(url.protocol) ? url.href.replace(/[()\s]/g, encodeURIComponent) : undefined;
  } catch {
    return undefined;
  }
}

async function validate(options: Inputs, settings: ReviewSettings): Promise<{ problems: FileDiagnostic[]; code: number }> {
  const { runValidate } = await import('../cli/validate/validate.js');
  const result = await captured(runValidate, [...options.paths, '--format', 'json', ...settings.cliArguments, ...(options.service ? ['--service', options.service] : [])]);
  if (result.code === 2 || !result.stdout.trim()) throw new Error(`catalog-code validate failed: ${result.stderr.trim() || `exit ${result.code}`}`);
  return { problems: JSON.parse(result.stdout) as FileDiagnostic[], code: result.code };
}

type Planned = { planned: CommentInput['plan']; counts?: ReturnType<typeof planCounts> };

async function plan(options: Inputs, settings: ReviewSettings): Promise<Planned> {
  if (!options.service) return { planned: { missing: 'No plan: the Action was given no catalog (its service input), so only the files were checked.' } };
  const { planReport } = await import('../cli/plan.js');
  let stderr = '';
  const io: CliIo = { stdout: () => undefined, stderr: (t) => (stderr += `${t}\n`), version };
  const result = await planReport([...options.paths, '--service', options.service, '--format', 'markdown', ...settings.cliArguments], io);
  if (!result.ok) return { planned: { missing: `No plan: ${stderr.trim() || `catalog-code plan exited ${result.exit}`}` } };
  // The whole plan in the step's log: where the comment and the summary point when they are cut at their size.
  say(`The whole plan:\n${formatPlanReport(result.value.report, 'text')}`);
  // The Action's own `plan --format markdown` (core/plan/planMarkdown.ts), in this process: Markdown the builder made.
  return { planned: { markdown: formatPlanReport(result.value.report, 'markdown').trimEnd() as Markdown }, counts: planCounts(result.value.report.plan) };
}

/** Updates the Action's own comment (marker and author both match), or adds one. */
async function upsertComment(target: GitHubTarget, pullRequest: number, author: string, body: string): Promise<{ said: string; url?: unknown }> {
  const own = ownReviewComment(await listComments(target, pullRequest), author);
  if (own) {
    const updated = await updateComment(target, own.id, body);
    return { said: `updated comment ${own.id}`, url: updated.html_url };
  }
  const created = await createComment(target, pullRequest, body);
  return { said: `created comment ${created.id}`, url: created.html_url };
}

function gitHubTarget(env: NodeJS.ProcessEnv): GitHubTarget | undefined {
  return env.GITHUB_TOKEN ? { apiUrl: env.GITHUB_API_URL || 'https://api.github.com', repository: env.GITHUB_REPOSITORY ?? '', token: env.GITHUB_TOKEN } : undefined;
}

/** Validates (annotating as it goes) and plans, under the settings chosen for the review. */
async function checkAndPlan(options: Inputs, settings: ReviewSettings): Promise<{ problems: FileDiagnostic[]; code: number } & Planned> {
  const { problems, code } = await validate(options, settings);
  const report = formatGithub(problems, 'the job summary of this run (its Summary page)');
  if (report.annotations) process.stdout.write(`${report.annotations}\n`);
  if (report.summary) say(report.summary);
  return { problems, code, ...(await plan(options, settings)) };
}

/** Creates or updates the review comment on a pull request; its address, or undefined when none was written (a warning says why). */
async function writeComment(env: NodeJS.ProcessEnv, options: Inputs, pullRequest: number, body: string): Promise<string | undefined> {
  const target = gitHubTarget(env);
  if (!target) {
    warn('No review comment: GITHUB_TOKEN is not set (pass `github-token`). The plan is in the job summary.');
    return undefined;
  }
  try {
    const written = await upsertComment(target, pullRequest, options.commentAuthor, body);
    say(`Catalog Code review: ${written.said} on pull request #${pullRequest}.`);
    return typeof written.url === 'string' ? written.url : undefined;
  } catch (error) {
    const why = error instanceof GitHubApiError && error.status === 403 ? ' The token may not write to pull requests: a pull request from a fork gets a read-only token, and the job needs `permissions: pull-requests: write`.' : '';
    warn(`Could not write the review comment on pull request #${pullRequest}: ${describeError(error)}.${why} The plan is in the job summary.`);
    return undefined;
  }
}

async function main(env: NodeJS.ProcessEnv): Promise<number> {
  adoptTokens(env);
  const options = inputs(env);
  const event = readEvent(env.GITHUB_EVENT_PATH);
  const settings = await reviewSettings(options.settingsFrom, baseCommit(event), gitHubTarget(env), process.cwd());
  if (settings.warning) warn(settings.warning);
  if (settings.note) say(settings.note);
  const { problems, code, planned, counts } = await checkAndPlan(options, settings).finally(() => settings.cleanUp?.());
  const settingsNote = settings.note ?? settings.warning;
  if (env.GITHUB_STEP_SUMMARY) {
    appendFileSync(env.GITHUB_STEP_SUMMARY, jobSummary(problems, options.docsUrl, settingsNote));
    appendFileSync(env.GITHUB_STEP_SUMMARY, `\n${planSection(planned)}\n`);
  }
  const pullRequest = pullRequestNumber(event);
  let commentUrl: string | undefined;
  if (options.comment && pullRequest !== undefined) {
    const run = runUrl(env);
    const body = reviewComment({ problems, plan: planned, ...(run ? { runUrl: run } : {}), ...(settingsNote ? { settingsNote } : {}) });
    commentUrl = await writeComment(env, options, pullRequest, body);
  } else if (options.comment) say('Catalog Code review: not a pull request event, so no comment; the plan is in the job summary.');
  const outputProblem = setOutputs(env, {
    errors: problems.filter((d) => d.severity === 'error').length,
    warnings: problems.filter((d) => d.severity === 'warning').length,
    'plan-changes': counts?.changes,
    'plan-add': counts?.add,
    'plan-change': counts?.change,
    'plan-remove': counts?.remove,
    'comment-url': commentUrl,
  });
  if (outputProblem) warn(outputProblem);
  return options.failOnError && code === 1 ? 1 : 0;
}

main(process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${logLines(`Catalog Code review failed: ${describeError(error)}`)}\n`);
    process.exit(2);
  },
);
