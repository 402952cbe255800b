import type { ServiceConnection } from '../api/http';
import { detectServiceTarget, typeNamespaceFor } from '../api/serviceTarget';
import { serviceDefinitionsForPush } from '../api/serviceDefinitions';
import { UNKNOWN_EXISTENCE } from '../definitions/types';
import { factsOfKind } from '../model/facts';
import { PendingEntities } from '../pending/pendingEntities';
import { buildPushPlan } from '../plan/pushPlan';
import type { PushPlan } from '../plan/pushPlanTypes';
import type { ServiceTarget } from '../rules/target';
import type { TypeNamespace } from '../urn';
import type { CatalogKnowledge, WorkspaceSession } from '../workspace/session';
import type { PushFileVerdict, PushVerdicts } from '../plan/pushVerdicts';

/**
 * Push from a workspace session: the steps both the CLI (its session, built in-process) and the
 * language server (its session, for the editor) run, so what blocks a push and what it writes are
 * decided once. The editor never plans from files it parsed itself: it asks the server, which
 * answers with these.
 */

export interface SessionPushOptions {
  /** only these files (URIs); every metadata file of the session when absent */
  uris?: readonly string[];
  /** replaces the namespace the service's identity decides (the CLI's `--type-namespace`) */
  typeNamespace?: TypeNamespace;
  signal?: AbortSignal;
  /** the entities the session's files create, kept by the session's owner (the language server); built for this push when absent */
  pending?: PendingEntities;
}

/** The kind of service the push writes to, and the type namespace that follows from it. */
export async function pushTarget(connection: ServiceConnection, options: SessionPushOptions = {}): Promise<{ target: ServiceTarget; typeNamespace: TypeNamespace }> {
  const target = await detectServiceTarget(connection);
  return { target, typeNamespace: options.typeNamespace ?? typeNamespaceFor(target) };
}

/**
 * The one blocking rule: each file's diagnostics in the session, judged for the service being
 * written to (its kind, its definitions, except those the same push writes first; existence is
 * left to the plan, which creates entities before edges) with the user's severities. A file with
 * an error blocks the push unless the user insists.
 */
export async function sessionPushVerdicts(session: WorkspaceSession, connection: ServiceConnection, options: SessionPushOptions = {}): Promise<PushVerdicts> {
  const { target, typeNamespace } = await pushTarget(connection, options);
  const definitions = await serviceDefinitionsForPush(connection, session.definitions());
  const knowledge: CatalogKnowledge = { entities: UNKNOWN_EXISTENCE, target, serviceDefinitions: definitions?.forValues };
  // A file's definition against the service's own copy, as validate --service judges it: the service refuses a breaking change, and the rest of the push would go half-way.
  const againstLive: CatalogKnowledge | undefined = definitions ? { ...knowledge, serviceDefinitions: definitions.live } : undefined;
  const files: PushFileVerdict[] = session.metadataDocuments(options.uris).map((document) => {
    const breaking = againstLive && factsOfKind(document.model, 'propertyDefinition').length > 0 ? session.diagnosticsUnder(document.uri, againstLive).filter((d) => d.code === 'definition.breakingChange') : [];
    const errors = [...session.diagnosticsUnder(document.uri, knowledge), ...breaking].filter((d) => d.severity === 'error');
    return {
      uri: document.uri,
      format: document.model.format ?? 'none',
      errors: errors.map((d) => ({ range: { start: document.lineIndex.positionAt(d.range.start), end: document.lineIndex.positionAt(d.range.end) }, code: d.code, message: d.message })),
    };
  });
  return { serviceUrl: connection.url, target, typeNamespace, files };
}

/** The plan of pushing the session's files (or `uris`) to the service, in the namespace it uses. */
export async function sessionPushPlan(session: WorkspaceSession, connection: ServiceConnection, options: SessionPushOptions = {}): Promise<{ plan: PushPlan; typeNamespace: TypeNamespace }> {
  const typeNamespace = options.typeNamespace ?? (await pushTarget(connection)).typeNamespace;
  const models = session.metadataDocuments(options.uris).map((document) => document.model);
  const createdOutside = options.uris ? createdOutsideOf(session, options.uris, options.pending) : undefined;
  return { plan: await buildPushPlan(connection, models, { typeNamespace, signal: options.signal, createdOutside }), typeNamespace };
}

/**
 * The entities files outside a push of some files create (the pending state's existence,
 * core/pending): when an edge of the push needs one, push order matters and the plan names the
 * file to push first.
 */
function createdOutsideOf(session: WorkspaceSession, uris: readonly string[], given: PendingEntities | undefined) {
  const pending = given ?? new PendingEntities(session);
  try {
    return pending.split(uris).outside;
  } finally {
    if (!given) pending.dispose();
  }
}
