import { createInterface } from 'node:readline/promises';
import { applyPlan } from '../core/plan/pushApply';
import { formatPlan, formatPushResult } from '../core/plan/pushFormat';
import { buildPushPlan } from '../core/plan/pushPlan';
import { UNKNOWN_EXISTENCE } from '../core/definitions/types';
import { loadMetadataDocuments, validateAll } from './documents';
import { detectServiceTarget } from '../core/api/serviceTarget';
import { parseCommandLine } from './args';
import { describeError, serviceConnection } from './connection';
import type { CliIo } from './io';
import { formatText } from './report';
import { logValue } from '../core/output/logText';
import { serviceDefinitionsForPush } from './pushDefinitions';

export const PUSH_USAGE = `Usage: catalog-code push [PATH...] --service URL [--dry-run] [--yes] [--force]

Pushes the metadata files under PATH (default: the current folder) to the catalog service:
property definitions, datasets, structured-property values, lineage edges (added and removed),
MCP aspects and soft deletes. It checks the files first, reads what the service holds, prints
the plan, asks before sending (on a terminal), then reports each item.

Options:
  --service URL      the catalog's base URL (default: $CATALOG_SERVICE_URL)
  --dry-run          print the plan and send nothing
  --yes, -y          do not ask for confirmation (needed when not on a terminal)
  --force            push even when the files have errors
  --type-namespace   datahub|service: namespace of type URNs built from short names (default: service)

The token is read from $CATALOG_TOKEN. Exit codes: 0 done, 1 failures or errors, 2 usage.`;

/** Extra powers the terminal gives; tests and the VS Code client run without them. */
export interface InteractiveIo extends CliIo {
  /** ask a yes/no question; undefined when no one can answer. Absent: ask on the terminal if stdin is one. */
  confirm?: (question: string) => Promise<boolean>;
}

export async function runPush(argv: string[], io: InteractiveIo): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    {
      service: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      yes: { type: 'boolean', short: 'y', default: false },
      force: { type: 'boolean', default: false },
      'type-namespace': { type: 'string', default: 'service' },
    },
    PUSH_USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const options = parsed.values;
  const namespace = options['type-namespace'];
  if (namespace !== 'service' && namespace !== 'datahub') {
    io.stderr(`Unknown --type-namespace '${namespace}'; use datahub (a DataHub deployment) or service (the local catalog).`);
    return 2;
  }
  const connection = serviceConnection(options, io);
  if (typeof connection === 'number') return connection;

  const workspace = loadMetadataDocuments(parsed.positionals.length > 0 ? parsed.positionals : ['.'], io, { stopOnUnreadable: true });
  if (typeof workspace === 'number') return workspace;
  // Judged for the service being written to: the local catalog refuses more than DataHub does.
  const target = await detectServiceTarget(connection);
  const serviceDefinitions = await serviceDefinitionsForPush(connection, workspace.session.definitions());
  workspace.session.catalog = () => ({ entities: UNKNOWN_EXISTENCE, target, serviceDefinitions });
  const loaded = { models: workspace.documents.map((d) => d.model), diagnostics: validateAll(workspace) };
  if (loaded.models.length === 0) {
    io.stderr('No metadata files found to push (YAML/JSON files that are lineage, structured properties, datasets, MCPs or updateLineage documents).');
    return 1;
  }
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    io.stderr(formatText(errors, loaded.models.length));
    if (!options.force) {
      io.stderr('Nothing was pushed because the files have errors. Fix them, or run again with --force to push anyway.');
      return 1;
    }
    io.stderr('Pushing anyway (--force).');
  }

  const controller = new AbortController();
  const onInterrupt = () => {
    io.stderr('Cancelling: the item being sent finishes, nothing after it is sent.');
    controller.abort();
  };
  process.once('SIGINT', onInterrupt);
  try {
    io.stdout(`Reading the current state from ${connection.url} …`);
    const plan = await buildPushPlan(connection, loaded.models, { typeNamespace: namespace, signal: controller.signal });
    io.stdout(formatPlan(plan));
    if (plan.items.length === 0) return 0;
    if (options['dry-run']) {
      io.stdout('Dry run: nothing was sent.');
      return 0;
    }
    if (!options.yes) {
      // The lead's dispatcher passes the plain process io: ask on the terminal then.
      const confirm = 'confirm' in io ? io.confirm : terminalConfirm();
      if (!confirm) {
        io.stderr('Not pushing: confirmation is needed and this is not an interactive terminal. Run again with --yes to push this plan, or --dry-run to only print it.');
        return 2;
      }
      if (!(await confirm(`Push ${plan.items.length} change(s) to ${connection.url}? [y/N] `))) {
        io.stdout('Nothing was sent.');
        return 0;
      }
    }
    const result = await applyPlan(connection, plan, {
      signal: controller.signal,
      onProgress: ({ index, total, result: item }) => {
        const where = `${logValue(item.item.entityUrn)} — ${logValue(item.item.title)}`;
        if (item.ok) io.stdout(`[${index + 1}/${total}] ✓ ${where}`);
        else io.stdout(`[${index + 1}/${total}] ✗ ${where}: ${logValue(item.error ?? 'failed')}`);
      },
    });
    const summary = formatPushResult(result);
    if (result.failed.length > 0) io.stderr(summary);
    else io.stdout(summary);
    return result.failed.length > 0 ? 1 : 0;
  } catch (error) {
    io.stderr(controller.signal.aborted ? 'Cancelled before anything was sent.' : `Could not plan the push: ${describeError(error)}`);
    return 1;
  } finally {
    process.off('SIGINT', onInterrupt);
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
