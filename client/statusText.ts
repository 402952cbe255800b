import { countText } from '../core/common/countText';
import type { StatusParams } from '../core/protocol';

/**
 * The words of the language status item, kept apart from VS Code so they are unit-tested. VS Code's
 * language status hover shows an item's detail on one line and cuts what does not fit ("…6 live
 * definit"), so the detail is a short summary and everything else goes into the tooltip of the
 * item's command, which shows in full.
 */
export const MAX_STATUS_DETAIL = 36;

export interface StatusText {
  /** one short line for the hover: never longer than MAX_STATUS_DETAIL */
  detail: string;
  /** every line: the connection, the definitions, the last failure, files not checked as typed */
  tooltip: string;
}

export function statusText(connectionLine: string, server: StatusParams | undefined, now = Date.now()): StatusText {
  const lines = [connectionLine];
  // The same words the CLI's target line uses, so an editor warning and a CLI one can be told apart.
  if (server?.checkedAgainst) lines.push(`Checks against ${server.checkedAgainst}`);
  if (server) lines.push(describeDefinitions(server, now));
  if (server?.lastError) lines.push(server.lastError);
  lines.push(...coverageLines(server));
  const limit = server?.workspaceFileLimit;
  if (limit) lines.push(`Workspace larger than the language server reads: the first ${countText(limit.limit)} YAML/JSON files read, the rest left out from ${limit.firstLeftOut.slice(Math.max(limit.firstLeftOut.lastIndexOf('/'), limit.firstLeftOut.lastIndexOf('\\')) + 1)} on (see the warning in the Problems panel; CATALOG_MAX_WORKSPACE_FILES raises the limit)`);
  const detail = shortDetail(server);
  // First, so the cut of a long detail never hides it.
  return { detail: bounded(limit ? `partly read · ${detail}` : detail), tooltip: lines.join('\n') };
}

/** Open files being read in slices, checked partially (over 2 MiB, up to that limit) or not checked, as the server reports them. */
function coverageLines(server: StatusParams | undefined): string[] {
  const name = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
  const mb = (chars: number) => (chars / 1_000_000).toFixed(1);
  const lines: string[] = [];
  const reading = server?.readingDocuments ?? [];
  if (reading.length > 0) lines.push(`Checking ${reading.map(name).join(', ')}: its first items are checked, the rest follows`);
  const partial = server?.checkedPartially ?? [];
  if (partial.length > 0) lines.push(`Checked partially (open files over 2 MiB are checked up to it; run catalog-code validate for all): ${partial.map((p) => `${name(p.uri)} ${mb(p.checkedChars)} of ${mb(p.length)} MB`).join(', ')}`);
  const unchecked = (server?.uncheckedDocuments ?? []).filter((uri) => !partial.some((p) => p.uri === uri));
  if (unchecked.length > 0) lines.push(`${unchecked.length} open file${unchecked.length === 1 ? '' : 's'} over 2 MiB not checked as you type (run catalog-code validate): ${unchecked.map(name).join(', ')}`);
  return lines;
}

function shortDetail(server: StatusParams | undefined): string {
  if (!server) return 'starting';
  if (server.state === 'unreachable') return 'catalog unreachable';
  if (server.state === 'unauthorized') return 'sign-in refused';
  const { source, serviceCount, workspaceCount } = server.definitions;
  if (source === 'none') return `offline · ${workspaceCount} in files`;
  return `${serviceCount} ${source === 'live' ? 'live' : 'cached'} · ${workspaceCount} in files`;
}

function bounded(text: string): string {
  return text.length <= MAX_STATUS_DETAIL ? text : `${text.slice(0, MAX_STATUS_DETAIL - 1)}…`;
}

export function describeDefinitions(status: StatusParams, now = Date.now()): string {
  const { source, serviceCount, workspaceCount, fetchedAt } = status.definitions;
  const workspace = `${workspaceCount} in the workspace`;
  if (source === 'none') return `no definitions from the service, ${workspace}`;
  const age = fetchedAt ? ` (${describeAge(now - fetchedAt)} old)` : '';
  return source === 'live' ? `${serviceCount} live definitions${age}, ${workspace}` : `${serviceCount} cached definitions${age}, ${workspace}`;
}

export function describeAge(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}
