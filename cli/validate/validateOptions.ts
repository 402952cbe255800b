import { parseArgs } from 'node:util';
import { serviceUrlFrom } from '../serviceUrl';

/** `catalog-code validate`'s options (./validate.ts), also read by validateMain.ts to pick the bundle that runs it. */
export const VALIDATE_OPTIONS = {
  format: { type: 'string', default: 'text' },
  service: { type: 'string' },
  target: { type: 'string' },
  'datahub-version': { type: 'string' },
  severity: { type: 'string', multiple: true },
  settings: { type: 'string' },
  staged: { type: 'boolean' },
} as const;

/**
 * The catalog validate checks against: --service URL, else $CATALOG_SERVICE_URL as every verb reads it
 * (../serviceUrl.ts) — unless `--target offline` asks for the files alone.
 */
export function validateServiceUrl(values: { service?: string; target?: string }, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (values.service === undefined && values.target?.toLowerCase() === 'offline') return undefined;
  return serviceUrlFrom(values.service, env);
}

/**
 * Whether validate's command line asks for a service (--service URL or $CATALOG_SERVICE_URL), read exactly as runValidate
 * reads it (parseCommandLine: strict, --help added). A command line that does not parse, or asks
 * for help, asks for nothing: runValidate says what is wrong, or prints the usage, offline.
 */
export function asksForService(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    const { values } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { ...VALIDATE_OPTIONS, help: { type: 'boolean', short: 'h' } } });
    return validateServiceUrl(values, env) !== undefined && values.help !== true;
  } catch {
    return false;
  }
}
