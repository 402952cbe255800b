import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startService, type RunningService } from '../../service/main';
import { TestClient, type StartOptions } from './lspClient';

export interface ServerOnCatalog {
  service: RunningService;
  client: TestClient;
  token: string;
  /** the file: URI of a workspace file */
  uri: (name: string) => string;
  stop: () => Promise<void>;
}

/**
 * The real local catalog seeded with `seeds` (file name → text), a workspace holding `files`, and
 * the real language server over stdio on that workspace, told the catalog's URL and token (as the
 * VS Code client does) and connected.
 */
export async function serverOnCatalog(options: { seeds: Record<string, string>; files: Record<string, string>; token: string; client?: Partial<StartOptions>; beforeClient?: (service: RunningService) => Promise<void> }): Promise<ServerOnCatalog> {
  const root = mkdtempSync(join(tmpdir(), 'catalog-code-protocol-'));
  const seeds = join(root, 'seed');
  const workspace = join(root, 'ws');
  mkdirSync(seeds);
  mkdirSync(workspace);
  for (const [name, text] of Object.entries(options.seeds)) writeFileSync(join(seeds, name), text);
  for (const [name, text] of Object.entries(options.files)) writeFileSync(join(workspace, name), text);
  const service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: options.token, seeds: [seeds] });
  await options.beforeClient?.(service);
  const { client } = await TestClient.start({ rootPath: workspace, pull: true, initializationOptions: { storagePath: join(root, 'storage'), refreshIntervalSeconds: 0 }, ...options.client });
  await client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: options.token });
  await client.waitFor('a connected status', () => client.statuses.find((s) => s.state === 'connected'));
  return {
    service,
    client,
    token: options.token,
    uri: (name) => pathToFileURL(join(workspace, name)).toString(),
    stop: async () => {
      await client.stop();
      await service.close().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
