import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { isLoopbackAddress } from './http/auth';
import type { GraphqlExecutor } from './http/graphqlRoute';
import { httpError } from './http/errors';
import { createCatalogHandler, serveCatalog } from './http/server';
import { hostPolicy } from './http/hostCheck';
import { openStore } from './store/sqliteStore';
import type { CatalogStore } from './store/types';
import { loadOrCreateToken } from './tokenFile';
import { ignoreDataFolder, removeConnectionFile, writeConnectionFile } from './connectionFile';
import { seedCatalog } from './seed';
import { createGraphqlExecutor } from './graphql/index';
import { describeError } from '../core/errors/describeError';

export interface StartServiceOptions {
  host?: string;
  port?: number;
  dataDir: string;
  /** the bearer token; without one, the token of `DIR/token` (made on first start) */
  token?: string;
  /** files or directories to load at start (properties YAML, dataset YAML, lineage file, MCP JSON, updateLineage documents) */
  seeds?: string[];
  log?: (line: string) => void;
  bodyLimitBytes?: number;
  /** more names requests may address it by, besides loopback names and `host` (DNS rebinding defence, DESIGN §8) */
  allowedHosts?: string[];
  /** lease timing of the data-folder lock (tests shorten it) */
  lockTiming?: { heartbeatMs?: number; leaseMs?: number };
  /** called when the service cannot go on (another instance took its data folder over); it has stopped writing */
  onFatal?: (message: string) => void;
}

export interface RunningService {
  url: string;
  /** set when the token came from (or was written to) the token file */
  tokenFile?: string;
  /** the token file bound to `url` (core/api/localCatalogToken.ts) the CLI reads, while the service runs */
  connectionFile: string;
  store: CatalogStore;
  close(): Promise<void>;
}

function unavailableGraphql(reason: string): GraphqlExecutor {
  return () => Promise.reject(httpError(503, 'Service Unavailable', `GraphQL is not available in this build: ${reason}. Use the OpenAPI endpoints, or run a build that includes GraphQL.`));
}

export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const store = openStore(dataDir, {
    ...options.lockTiming,
    onLost: (message) => {
      log(message);
      options.onFatal?.(message);
    },
  });
  let tokenFile: string | undefined;
  let token = options.token;
  try {
    ignoreDataFolder(dataDir);
    if (!token) ({ token, tokenFile } = loadOrCreateToken(dataDir));
    if (options.seeds && options.seeds.length > 0) {
      const report = await seedCatalog(store, options.seeds);
      log(`Seeded ${report.written} aspects and ${report.edges} lineage edges from ${report.files} files.`);
      for (const problem of report.problems) log(`Seed: ${problem}`);
    }
  } catch (error) {
    store.close();
    throw error;
  }

  let graphql: GraphqlExecutor;
  try {
    graphql = createGraphqlExecutor(store);
  } catch (error) {
    graphql = unavailableGraphql(describeError(error));
  }
  const handler = createCatalogHandler({
    store,
    token,
    graphql,
    log,
    bodyLimitBytes: options.bodyLimitBytes,
    listeningOnLoopback: () => isLoopbackAddress(host),
    hosts: hostPolicy(host, options.allowedHosts),
  });
  const server = http.createServer();
  serveCatalog(server, handler);
  server.keepAliveTimeout = 5000;
  try {
    await listen(server, options.port ?? 8080, host);
  } catch (error) {
    store.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;
  let connectionFile: string;
  try {
    connectionFile = writeConnectionFile(dataDir, url, token);
  } catch (error) {
    server.close();
    store.close();
    throw new Error(`Cannot write the token file in ${dataDir} (${describeError(error)}); check that you may write there.`, { cause: error });
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    tokenFile,
    connectionFile,
    store,
    close() {
      closing ??= new Promise<void>((resolve) => {
        removeConnectionFile(connectionFile);
        server.close(() => resolve());
        server.closeAllConnections();
      }).finally(() => store.close());
      return closing;
    },
  };
}

/** Listens on host:port; the usual failures in words (a port in use, an address this machine lacks). */
async function listen(server: http.Server, port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`Port ${port} on ${host} is already in use. Pick another with --port, or --port 0 for any free port.`, { cause: error });
    if (code === 'EADDRNOTAVAIL') throw new Error(`Cannot listen on ${host}: this machine has no such address. Use --host 127.0.0.1.`, { cause: error });
    throw error;
  }
}
