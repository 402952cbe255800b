import type { CatalogReachability, DefinitionsSource, StatusParams } from '../core/protocol';
import { shellPath } from '../core/output/shellPath';
import { MAX_OPEN_DOCUMENT_CHARS, megabytes, type DocumentCoverage } from '../core/workspace/openDocumentLimit';
import { describeTarget } from '../core/api/targetDescription';
import type { ScanLimit } from '../core/workspace/metadataFiles';
import { scanLimitMessage } from '../core/workspace/scanLimit';
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
  /** open documents not (yet) read whole, with what is read of them (core/workspace/session.ts coverage) */
  coverage?: readonly { uri: string; coverage: DocumentCoverage; length: number }[];
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
    message: messageOf(facts) + coverageLines(facts.coverage ?? []) + (facts.scanLimit ? ` ${scanLimitMessage(facts.scanLimit)}` : ''),
  };
  if (facts.scanLimit) status.workspaceFileLimit = { limit: facts.scanLimit.limit, firstLeftOut: facts.scanLimit.firstLeftOut };
  const coverage = facts.coverage ?? [];
  const notWhole = coverage.filter((document) => document.coverage.state !== 'reading');
  if (notWhole.length > 0) status.uncheckedDocuments = notWhole.map((document) => document.uri);
  const partial = coverage.flatMap((document) => (document.coverage.state === 'partial' ? [{ uri: document.uri, checkedChars: document.coverage.readChars, length: document.length }] : []));
  if (partial.length > 0) status.checkedPartially = partial;
  const reading = coverage.filter((document) => document.coverage.state === 'reading');
  if (reading.length > 0) status.readingDocuments = reading.map((document) => document.uri);
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

/**
 * " Checking …", " Checked partially: …", " Not checked as you type …" — what is read of the open
 * documents not read whole; empty when every open document is checked whole.
 */
function coverageLines(documents: readonly { uri: string; coverage: DocumentCoverage; length: number }[]): string {
  const named = (list: readonly string[]) => list.slice(0, 3).join(', ') + (list.length > 3 ? ` and ${list.length - 3} more` : '');
  const reading = documents.filter((document) => document.coverage.state === 'reading').map((document) => `${shellPath(document.uri)} (${megabytes(document.length)} MB)`);
  const partial = documents.flatMap((document) => (document.coverage.state === 'partial' ? [`${shellPath(document.uri)}: ${megabytes(document.coverage.readChars)} MB of ${megabytes(document.length)} MB`] : []));
  const unchecked = documents.filter((document) => document.coverage.state === 'unchecked').map((document) => shellPath(document.uri));
  const limit = `${MAX_OPEN_DOCUMENT_CHARS / (1024 * 1024)} MiB`;
  let lines = '';
  if (reading.length > 0) lines += ` Checking ${named(reading)}: its first items are checked, the rest follows; other files are answered meanwhile.`;
  if (partial.length > 0) lines += ` Checked partially (open documents over ${limit} are checked up to that limit): ${named(partial)}; run catalog-code validate on ${partial.length === 1 ? 'it' : 'them'} to check all of it.`;
  if (unchecked.length > 0) lines += ` Not checked as you type, being over ${limit}: ${named(unchecked)}; run catalog-code validate on ${unchecked.length === 1 ? 'it' : 'them'}.`;
  return lines;
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
