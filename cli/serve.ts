import * as path from 'node:path';
import { startService } from '../service/main';
import { watchParent } from './parentWatch';
import { describeError } from '../core/errors/describeError';

const HELP = `Usage: catalog-code serve [--host 127.0.0.1] [--port 8080] [--data DIR] [--seed FILE_OR_DIR...]
                          [--allowed-host NAME...] [--exit-with-parent]

Runs the local catalog: the DataHub-compatible service (GraphQL, OpenAPI v2, ingestion) on an
embedded database in DIR (default .catalog/ in the current directory).

  --host HOST     address to listen on (default 127.0.0.1). Off loopback every route needs the token.
  --port PORT     port to listen on (default 8080; 0 picks a free port)
  --data DIR      data directory: database, token file, lock (default .catalog)
  --seed PATH...  files or directories to load at start (properties YAML, dataset YAML,
                  lineage file, MCP JSON, updateLineage documents)
  --exit-with-parent  stop when the process that started it is gone (the extension and
                  \`npm start\` pass it, so no catalog is left running on its own)
  --allowed-host NAME  another name clients address it by (repeatable). Requests whose Host is
                  not a loopback name, --host or such a name are refused (DNS rebinding defence).

The token is CATALOG_TOKEN when set; otherwise it is kept in DIR/token (mode 0600). While it runs,
DIR/connection.json (mode 0600) holds its URL and token: catalog-code in another terminal, given this
URL (--service or CATALOG_SERVICE_URL), reads the token from it. DIR/.gitignore keeps DIR out of git.`;

interface ServeArgs {
  host: string;
  port: number;
  dataDir: string;
  seeds: string[];
  allowedHosts: string[];
  exitWithParent: boolean;
}

function parseArgs(argv: string[]): ServeArgs | { help: true } | { error: string } {
  const args: ServeArgs = { host: '127.0.0.1', port: 8080, dataDir: '.catalog', seeds: [], allowedHosts: [], exitWithParent: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const next = (): string | undefined => inline ?? (i + 1 < argv.length && !argv[i + 1].startsWith('--') ? argv[++i] : undefined);
    switch (flag) {
      case '--help':
      case '-h':
        return { help: true };
      case '--host': {
        const host = next();
        if (!host) return { error: '--host needs an address, e.g. --host 127.0.0.1' };
        args.host = host;
        break;
      }
      case '--port': {
        const text = next();
        const port = Number(text);
        if (text === undefined || !Number.isInteger(port) || port < 0 || port > 65535) return { error: `--port needs a number from 0 to 65535 (0 picks a free port); got ${text ?? 'nothing'}` };
        args.port = port;
        break;
      }
      case '--data': {
        const dir = next();
        if (!dir) return { error: '--data needs a directory, e.g. --data .catalog' };
        args.dataDir = dir;
        break;
      }
      case '--seed': {
        if (inline !== undefined) args.seeds.push(inline);
        else {
          const before = args.seeds.length;
          while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) args.seeds.push(argv[++i]);
          if (args.seeds.length === before) return { error: '--seed needs at least one file or directory' };
        }
        break;
      }
      case '--exit-with-parent':
        args.exitWithParent = true;
        break;
      case '--allowed-host': {
        const name = next();
        if (!name) return { error: '--allowed-host needs a host name, e.g. --allowed-host catalog.internal' };
        args.allowedHosts.push(name);
        break;
      }
      default:
        return { error: `Unknown option '${argv[i]}' for serve.` };
    }
  }
  return args;
}

/** `catalog-code serve`: resolves with the exit code once SIGINT/SIGTERM has closed the service. */
export async function runServe(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if ('help' in parsed) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n\n${HELP}\n`);
    return 2;
  }
  const envToken = process.env.CATALOG_TOKEN?.trim();
  // Set once the service runs: a fatal condition (lost data-folder lock, parent gone) ends it with this code.
  let fatal: (message: string, exitCode?: number) => void = () => undefined;
  let service;
  try {
    service = await startService({
      host: parsed.host,
      port: parsed.port,
      dataDir: parsed.dataDir,
      token: envToken || undefined,
      seeds: parsed.seeds,
      allowedHosts: parsed.allowedHosts,
      onFatal: (message) => fatal(message),
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    process.stderr.write(`The local catalog could not start: ${describeError(error)}\n`);
    return 1;
  }
  // The signals close it gracefully from before it says it listens: a supervisor may send SIGINT as soon as it reads that line.
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stderr.write(`Received ${signal}; closing the local catalog.\n`);
      service.close().then(
        () => resolve(0),
        (error: unknown) => {
          process.stderr.write(`Closing failed: ${describeError(error)}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // A parent that is gone is a normal end (exit 0); a lost data-folder lock is not (exit 1).
    const stopWatching = parsed.exitWithParent ? watchParent((message) => fatal(message, 0)) : () => undefined;
    fatal = (message, exitCode = 1) => {
      stopWatching();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stderr.write(`${message}\nClosing the local catalog.\n`);
      void service.close().finally(() => resolve(exitCode));
    };
  });
  // One write, so a reader that sees the first line also sees the rest.
  process.stdout.write(
    [
      `Catalog Code local catalog listening on ${service.url}`,
      `Data directory: ${path.resolve(parsed.dataDir)}`,
      service.tokenFile ? `Token file: ${service.tokenFile}` : 'Token: taken from CATALOG_TOKEN',
      // Never the token itself: the path, and how a terminal uses it.
      `Token file for the CLI: ${service.connectionFile} (catalog-code reads it for ${service.url}: CATALOG_SERVICE_URL=${service.url} catalog-code plan)`,
      '',
    ].join('\n'),
  );

  return stopped;
}
