import { createInterface } from 'node:readline/promises';
import { formatPlan, formatPushResult } from '../core/plan/pushFormat';
import { runPushWorkflow, type PushOutcome } from '../core/push/pushWorkflow';
import { sessionPushPlan, sessionPushVerdicts } from '../core/push/sessionPush';
import type { ServiceConnection } from '../core/api/http';
import { loadMetadataDocuments, type LoadedWorkspace } from './documents';
import { SETTINGS_FLAG_HELP } from './settings';
import { parseCommandLine } from './args';
import { announceTarget, describeError, serviceConnection } from './connection';
import type { CliIo } from './io';
import { formatText } from './report';
import { logValue } from '../core/output/logText';
import { parseTypeNamespace, verdictDiagnostics } from './pushVerdicts';

export const PUSH_USAGE = `Usage: catalog-code push [PATH...] --service URL [--dry-run] [--yes] [--force]

Pushes the metadata files under PATH (default: the current folder) to the catalog service:
property definitions, datasets, structured-property values, lineage edges (added and removed),
MCP aspects and soft deletes. It checks the files first, reads what the service holds, prints
the plan, asks before sending (on a terminal), then reports each item. The VS Code push commands
run the same steps (core/push), so both write the same thing.

Options:
  --service URL      the catalog's base URL (default: $CATALOG_SERVICE_URL)
  --dry-run          print the plan and send nothing
  --yes, -y          do not ask for confirmation (needed when not on a terminal)
  --force            push even when the files have errors
  --type-namespace   datahub|service: namespace of type URNs built from short names (default: the
                     one the service uses — service for the local catalog, datahub otherwise)
${SETTINGS_FLAG_HELP}

Settings (associations, severities) come from .vscode/settings.json in the current folder, as for
validate. The token is $CATALOG_TOKEN, or for a URL on this machine the local catalog's token
file (.catalog/connection.json, docs/cli.md). Exit codes: 0 done, 1 failures or errors, 2 usage.`;

/** Extra powers the terminal gives; tests and the VS Code client run without them. */
export interface InteractiveIo extends CliIo {
  /** ask a yes/no question; undefined when no one can answer. Absent: ask on the terminal if stdin is one. */
  confirm?: (question: string) => Promise<boolean>;
}

interface PushFlags {
  'dry-run': boolean;
  yes: boolean;
  force: boolean;
}

export async function runPush(argv: string[], io: InteractiveIo): Promise<number> {
  const options = { service: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, yes: { type: 'boolean', short: 'y', default: false }, force: { type: 'boolean', default: false }, 'type-namespace': { type: 'string' }, settings: { type: 'string' } } as const;
  const commandLine = parseCommandLine(argv, options, PUSH_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const parsed = commandLine.value;
  const typeNamespace = parseTypeNamespace(parsed.values['type-namespace'], io);
  if (typeNamespace === null) return 2;
  const connected = serviceConnection(parsed.values, io);
  if (!connected.ok) return connected.exit;
  const connection = connected.value;
  const loaded = loadMetadataDocuments(parsed.positionals.length > 0 ? parsed.positionals : ['.'], io, { stopOnUnreadable: true, settingsFile: parsed.values.settings });
  if (!loaded.ok) return loaded.exit;
  const workspace = loaded.value;
  await announceTarget(connection, io);

  const controller = new AbortController();
  const onInterrupt = () => {
    io.stderr('Cancelling: the item being sent finishes, nothing after it is sent.');
    controller.abort();
  };
  process.once('SIGINT', onInterrupt);
  try {
    return exitCode(await runCliWorkflow(workspace, connection, { ...parsed.values, typeNamespace }, io, controller.signal), io);
  } catch (error) {
    if (error instanceof NotConfirmable) {
      io.stderr('Not pushing: confirmation is needed and this is not an interactive terminal. Run again with --yes to push this plan, or --dry-run to only print it.');
      return 2;
    }
    io.stderr(controller.signal.aborted ? 'Cancelled before anything was sent.' : `Could not plan the push: ${describeError(error)}`);
    return 1;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** The shared workflow with the terminal's steps: errors printed, plan printed, a y/N question, a line per item. */
function runCliWorkflow(workspace: LoadedWorkspace, connection: ServiceConnection, flags: PushFlags & { typeNamespace?: 'datahub' | 'service' }, io: InteractiveIo, signal: AbortSignal): Promise<PushOutcome> {
  const session = workspace.session;
  return runPushWorkflow({
    verdicts: () => sessionPushVerdicts(session, connection, { typeNamespace: flags.typeNamespace, signal }),
    acceptErrors: async (blocked, verdicts) => {
      io.stderr(formatText(verdictDiagnostics(blocked, workspace), verdicts.files.length));
      if (!flags.force) return false;
      io.stderr('Pushing anyway (--force).');
      return true;
    },
    plan: async (verdicts) => {
      io.stdout(`Reading the current state from ${connection.url} …`);
      const { plan } = await sessionPushPlan(session, connection, { typeNamespace: verdicts.typeNamespace, signal });
      io.stdout(formatPlan(plan));
      return plan;
    },
    confirm: (plan) => confirmPush(plan.items.length, connection.url, flags, io),
    connection,
    apply: {
      signal,
      onProgress: ({ index, total, result: item }) => {
        const where = `${logValue(item.item.entityUrn)} — ${logValue(item.item.title)}`;
        io.stdout(item.ok ? `[${index + 1}/${total}] ✓ ${where}` : `[${index + 1}/${total}] ✗ ${where}: ${logValue(item.error ?? 'failed')}`);
      },
    },
  });
}

async function confirmPush(count: number, url: string, flags: PushFlags, io: InteractiveIo): Promise<boolean> {
  if (flags['dry-run']) {
    io.stdout('Dry run: nothing was sent.');
    return false;
  }
  if (flags.yes) return true;
  // The lead's dispatcher passes the plain process io: ask on the terminal then.
  const confirm = 'confirm' in io ? io.confirm : terminalConfirm();
  if (!confirm) throw new NotConfirmable();
  if (await confirm(`Push ${count} change(s) to ${url}? [y/N] `)) return true;
  io.stdout('Nothing was sent.');
  return false;
}

class NotConfirmable extends Error {}

/** The exit code of an outcome, after telling what it means. */
function exitCode(outcome: PushOutcome, io: CliIo): number {
  switch (outcome.kind) {
    case 'noFiles':
      io.stderr('No metadata files found to push (YAML/JSON files that are lineage, structured properties, datasets, MCPs or updateLineage documents).');
      return 1;
    case 'blocked':
      io.stderr('Nothing was pushed because the files have errors. Fix them, or run again with --force to push anyway.');
      return 1;
    case 'upToDate':
    case 'declined':
      return 0;
    case 'pushed': {
      const summary = formatPushResult(outcome.result);
      if (outcome.result.failed.length > 0) io.stderr(summary);
      else io.stdout(summary);
      return outcome.result.failed.length > 0 ? 1 : 0;
    }
  }
}

/** A yes/no question on the terminal; undefined when stdin is not a terminal. */
export function terminalConfirm(): InteractiveIo['confirm'] {
  if (!process.stdin.isTTY) return undefined;
  return async (question) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return /^y(es)?$/i.test((await rl.question(question)).trim());
    } finally {
      rl.close();
    }
  };
}
