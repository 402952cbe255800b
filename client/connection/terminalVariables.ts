import { join } from 'node:path';
import { CONNECTION_FILE_NAME, TOKEN_FILE_VARIABLE } from '../../core/api/localCatalogToken';
import { describeTarget } from '../../core/api/targetDescription';
import { targetOf, type ConnectionState } from './connectionState';

/**
 * The variables the editor gives its integrated terminals so `catalog-code` there reaches the
 * catalog the editor uses, with no VS Code dependency so the rules are unit-tested. Never the
 * token: the local catalog's token stays in its private token file, bound to its URL
 * (core/api/localCatalogToken.ts), and a DataHub token stays in SecretStorage.
 */
export interface TerminalVariables {
  variables: Record<string, string>;
  /** shown by VS Code beside the terminal's environment changes */
  description: string;
}

export interface RemoteFacts {
  /** the URL in effect comes from this workspace's settings, not the user's */
  fromWorkspace: boolean;
  /** the editor sends its token there (the user signed in and, for a workspace's URL, said yes) */
  tokenSent: boolean;
}

/**
 * Local catalog: its URL and its token file. A DataHub the user chose: its URL (the CLI's token is
 * the terminal's own CATALOG_TOKEN). A DataHub only this workspace's settings chose, and the user
 * has not confirmed: nothing — a CATALOG_TOKEN the user exports in every shell would otherwise go
 * to an address a cloned repository picked, the step the editor itself confirms first
 * (client/connection/tokenBinding.ts). Nothing either while not connected.
 */
export function terminalVariablesFor(state: ConnectionState, remote: RemoteFacts): TerminalVariables | undefined {
  const target = targetOf(state);
  if (!target) return undefined;
  if (target.kind === 'local') {
    const tokenFile = join(target.dataDir, CONNECTION_FILE_NAME);
    return {
      variables: { CATALOG_SERVICE_URL: target.url, [TOKEN_FILE_VARIABLE]: tokenFile },
      description: `Catalog Code: catalog-code here uses ${describeTarget('localCatalog', target.url)}, the one the editor uses (CATALOG_SERVICE_URL); its token is read from ${tokenFile}, never put in the environment.`,
    };
  }
  if (remote.fromWorkspace && !remote.tokenSent) return undefined;
  return {
    variables: { CATALOG_SERVICE_URL: target.url },
    description: `Catalog Code: catalog-code here uses the catalog service at ${target.url}, the one the editor uses (CATALOG_SERVICE_URL). Its token is not shared with terminals: set CATALOG_TOKEN for the CLI.`,
  };
}
