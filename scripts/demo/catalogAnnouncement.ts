// The demo's line about the local catalog the extension starts in the sample workspace: its URL
// and token file (never the token), printed once the extension has started it, so the terminal
// beside the demo reaches the same catalog as the editor.
import { join } from 'node:path';
import { CONNECTION_FILE_NAME, parseConnectionFile } from '../../core/api/localCatalogToken';
import { readPrivateFileSync } from '../../core/files/readFile';

/** "Local catalog (started by the editor): URL — token file: PATH" plus how to use it, or undefined when none runs. */
export function localCatalogAnnouncement(dataDir: string, cliPath: string): string | undefined {
  const tokenFile = join(dataDir, CONNECTION_FILE_NAME);
  const read = readPrivateFileSync(tokenFile, 4096);
  if ('problem' in read) return undefined;
  const content = parseConnectionFile(read.text);
  if ('problem' in content) return undefined;
  return [
    `  ✓ Local catalog (started by the editor): ${content.url}`,
    `    Token file: ${tokenFile} (mode 0600; the CLI reads it for this URL, so no token to copy)`,
    `    In VS Code's terminal: catalog-code plan   (catalog-code is on PATH and CATALOG_SERVICE_URL is set there)`,
    `    In this shell:         CATALOG_SERVICE_URL=${content.url} CATALOG_TOKEN_FILE=${tokenFile} node ${cliPath} plan`,
  ].join('\n');
}

/**
 * Prints the announcement whenever the local catalog's URL changes (it starts when the browser
 * opens the workspace, and again after a restart); polls the token file once a second.
 */
export function announceLocalCatalog(dataDir: string, cliPath: string, print: (text: string) => void): () => void {
  let shown: string | undefined;
  const timer = setInterval(() => {
    const text = localCatalogAnnouncement(dataDir, cliPath);
    if (text === undefined || text === shown) return;
    shown = text;
    print(`\n${text}`);
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
