import type { CatalogReachability, DefinitionsSource, StatusParams } from '../core/protocol';
import { MAX_OPEN_DOCUMENT_CHARS, shellPath } from '../core/workspace/openDocumentLimit';
import { describeTarget } from '../core/api/targetDescription';
import { scanLimitMessage, type ScanLimit } from '../core/workspace/scanLimit';
import type { ServiceTarget } from '../core/rules/target';

export interface StatusFacts {
  state: CatalogReachability;
  url: string | undefined;
  source: DefinitionsSource;
  serviceCount: number;
  workspaceCount: number;
  fetchedAt: number | undefined;
  refreshing: boolean;
  lastError: string | undefined;
  now: number;
  /** open documents too large to check as they are typed, by URI */
  unchecked?: readonly string[];
  /** the kind of service the files are judged for */
  target?: ServiceTarget;
  /** where the workspace scan stopped at its limit of files; undefined when it read every file */
  scanLimit?: ScanLimit;
}

/** The `catalogCode/status` payload, with a one-line message a person can read. */
export function describeStatus(facts: StatusFacts): StatusParams {
  const status: StatusParams = {
    state: facts.state,
    definitions: { source: facts.source, serviceCount: facts.serviceCount, workspaceCount: facts.workspaceCount },
    refreshing: facts.refreshing,
    message: messageOf(facts) + uncheckedLine(facts.unchecked ?? []) + (facts.scanLimit ? ` ${scanLimitMessage(facts.scanLimit)}` : ''),
  };
  if (facts.scanLimit) status.workspaceFileLimit = { limit: facts.scanLimit.limit, firstLeftOut: facts.scanLimit.firstLeftOut };
  if (facts.unchecked?.length) status.uncheckedDocuments = [...facts.unchecked];
  if (facts.url) status.url = facts.url;
  if (facts.fetchedAt !== undefined) status.definitions.fetchedAt = facts.fetchedAt;
  if (facts.lastError) status.lastError = facts.lastError;
  if (facts.target) status.checkedAgainst = describeTarget(facts.target, facts.url);
  return status;
}

function messageOf(facts: StatusFacts): string {
  const workspace = `${facts.workspaceCount} defined in the workspace`;
  if (facts.state === 'offline') return `Offline: no catalog service configured (VS Code: catalogCode.service.url or Catalog Code: Start Local Catalog; other editors: CATALOG_SERVICE_URL and CATALOG_TOKEN in the language server's environment); using ${workspace}.`;
  const age = facts.fetchedAt !== undefined ? ageOf(facts.now - facts.fetchedAt) : undefined;
  const service = `${facts.serviceCount} definition(s)`;
  const refreshing = facts.refreshing ? ' Refreshing…' : '';
  switch (facts.state) {
    case 'connecting':
      return `Connecting to ${facts.url}…${facts.source === 'cache' ? ` Meanwhile using ${service} from the cache (${age} old).` : ''}`;
    case 'connected':
      return `Connected to ${facts.url}: ${service} live (fetched ${age} ago), ${workspace}.${refreshing}`;
    case 'unreachable':
    case 'unauthorized': {
      const fallback = facts.source === 'cache' ? `using ${service} from the cache (${age} old)` : 'no cached definitions yet';
      const todo =
        facts.state === 'unauthorized'
          ? ' Sign in (VS Code: Catalog Code: Sign In; other editors: set CATALOG_TOKEN for the language server).'
          : ' Check that it runs, then refresh (VS Code: Catalog Code: Refresh Definitions; other editors: the catalogCode.refreshDefinitions command).';
      return `${facts.state === 'unauthorized' ? 'Not signed in to' : 'Cannot reach'} ${facts.url}: ${fallback}, ${workspace}.${refreshing}${todo}`;
    }
  }
}

/** " Not checked as you type (over 2 MiB): …" — empty when every open document is checked. */
function uncheckedLine(uris: readonly string[]): string {
  if (uris.length === 0) return '';
  const names = uris.slice(0, 3).map(shellPath).join(', ') + (uris.length > 3 ? ` and ${uris.length - 3} more` : '');
  return ` Not checked as you type, being over ${MAX_OPEN_DOCUMENT_CHARS / (1024 * 1024)} MiB: ${names}; run catalog-code validate on ${uris.length === 1 ? 'it' : 'them'}.`;
}

function ageOf(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}
