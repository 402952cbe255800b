/**
 * The few GitHub REST calls the review Action makes: list a pull request's comments, create one,
 * update one. The token goes only to the API's own origin (GITHUB_API_URL): a pagination link or a
 * redirect elsewhere is never followed with it. Every failure is a GitHubApiError with the status.
 */

export interface IssueComment {
  id: number;
  body: string;
  /** the comment's page on GitHub (the Action's comment-url output) */
  html_url?: string;
  user: { login: string; type?: string } | null;
}

export class GitHubApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface GitHubTarget {
  /** e.g. https://api.github.com (GITHUB_API_URL) */
  apiUrl: string;
  /** owner/name */
  repository: string;
  token: string;
}

/** a pull request with more comments than this is searched no further (100 per page) */
const MAX_PAGES = 30;
const REQUEST_TIMEOUT_MS = 30_000;

async function call(target: GitHubTarget, method: string, url: URL, body?: unknown): Promise<Response> {
  const origin = new URL(target.apiUrl).origin;
  if (url.origin !== origin) throw new GitHubApiError(0, `refused to send the token to ${url.origin}: only ${origin} (GITHUB_API_URL) gets it`);
  const response = await fetch(url, {
    method,
    redirect: 'error',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${target.token}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'catalog-code-review-action',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new GitHubApiError(response.status, `GitHub answered ${response.status} to ${method} ${url.pathname}${text ? `: ${text}` : ''}`);
  }
  return response;
}

function repoPath(target: GitHubTarget, rest: string): URL {
  const [owner, name] = target.repository.split('/');
  if (!owner || !name) throw new GitHubApiError(0, `GITHUB_REPOSITORY is '${target.repository}', not owner/name`);
  const base = target.apiUrl.replace(/\/+$/, '');
  return new URL(`${base}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}${rest}`);
}

/** The `rel="next"` address of a Link header, if any. */
function nextLink(header: string | null): string | undefined {
  return header?.split(',').map((part) => /<([^>]+)>\s*;\s*rel="next"/.exec(part)?.[1]).find(Boolean);
}

/**
 * The text of the file at `path` in commit `ref`, or undefined when that commit has no such file.
 * At most `maxBytes`: a larger file is an error, not read.
 */
export async function fileAtCommit(target: GitHubTarget, path: string, ref: string, maxBytes: number): Promise<string | undefined> {
  const url = repoPath(target, `/contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${encodeURIComponent(ref)}`);
  let response: Response;
  try {
    response = await call(target, 'GET', url);
  } catch (error) {
    if (error instanceof GitHubApiError && error.status === 404) return undefined;
    throw error;
  }
  const file = (await response.json()) as { type?: unknown; encoding?: unknown; content?: unknown; size?: unknown };
  if (file.type !== 'file' || file.encoding !== 'base64' || typeof file.content !== 'string') throw new GitHubApiError(response.status, `GitHub answered for ${path} with something other than a file's content`);
  if (typeof file.size !== 'number' || file.size > maxBytes) throw new GitHubApiError(response.status, `${path} is larger than ${maxBytes} bytes`);
  return Buffer.from(file.content, 'base64').toString('utf8');
}

export async function listComments(target: GitHubTarget, pullRequest: number): Promise<IssueComment[]> {
  const out: IssueComment[] = [];
  let url: URL | undefined = repoPath(target, `/issues/${pullRequest}/comments?per_page=100`);
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const response = await call(target, 'GET', url);
    const comments = (await response.json()) as unknown;
    if (!Array.isArray(comments)) throw new GitHubApiError(response.status, 'GitHub answered the comment list with something other than a list');
    out.push(...(comments as IssueComment[]));
    const next = nextLink(response.headers.get('link'));
    url = next ? new URL(next) : undefined;
  }
  return out;
}

export async function createComment(target: GitHubTarget, pullRequest: number, body: string): Promise<IssueComment> {
  return (await (await call(target, 'POST', repoPath(target, `/issues/${pullRequest}/comments`), { body })).json()) as IssueComment;
}

export async function updateComment(target: GitHubTarget, id: number, body: string): Promise<IssueComment> {
  return (await (await call(target, 'PATCH', repoPath(target, `/issues/comments/${id}`), { body })).json()) as IssueComment;
}
