import { parseArgs } from 'node:util';

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
 * Whether validate's command line asks for a service (--service URL), read exactly as runValidate
 * reads it (parseCommandLine: strict, --help added). A command line that does not parse, or asks
 * for help, asks for nothing: runValidate says what is wrong, or prints the usage, offline.
 */
export function asksForService(argv: readonly string[]): boolean {
  try {
    const { values } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { ...VALIDATE_OPTIONS, help: { type: 'boolean', short: 'h' } } });
    return values.service !== undefined && values.help !== true;
  } catch {
    return false;
  }
}
