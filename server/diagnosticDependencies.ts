import { lookupProperty } from '../core/definitions/lookup';
import { propertyIdOf } from '../core/definitions/normalise';
import type { PropertyDefinitionInfo } from '../core/definitions/types';
import type { DocumentAnalysis } from '../core/incremental/documentAnalysis';
import type { DocumentModel } from '../core/model/facts';
import { definitionChanges, hasDefinitionChanges, propertiesReadByDocument, type DefinitionChanges } from '../core/workspace/definitionChanges';
import type { CatalogKnowledge, WorkspaceSession } from '../core/workspace/session';
import type { CatalogReads } from './catalogReads';

/** What one check of an open document read, so a later change can be judged against it. */
export interface CheckRecord {
  /** the editor's version that was checked */
  version: number;
  /** the change count (DiagnosticDependencies) when the check ran: a later change has a greater one */
  generation: number;
  /** the property URNs whose definitions the checks read (core/workspace/definitionChanges.ts) */
  properties: readonly string[];
  /** some property had no definition: the checks then also read the list of every known property */
  readsEveryDefinition: boolean;
  /** each entity the checks asked about, with the answer they got */
  existence: ReadonlyMap<string, boolean | undefined>;
  /** each dataset whose SQL lineage the checks asked for, with the answer they got */
  sql: ReadonlyMap<string, unknown>;
  /** the check did not ask the catalog at all (answered from elsewhere): what it read is unknown, so any change re-checks it */
  opaque: boolean;
}

/** Why a document must be checked again, or `undefined` when its last result still holds. */
export type RecheckReason = 'never checked' | 'edited' | 'settings' | 'definitions' | 'existence' | 'sql' | 'unknown';

const NO_DEFINITIONS: ReadonlyMap<string, PropertyDefinitionInfo> = new Map();
/** What every check reads, in the order DiagnosticDependencies.sync compares them, named for the log. */
const EVERY_CHECK_READS = ['the severity settings', 'the format associations', 'the kind of service the files are judged for', 'whether a catalog service answers'] as const;

/**
 * Which open documents a change can affect. Every check of an open document is recorded with what
 * it read — the definitions of the properties it names, the entities it asked about — and every
 * change of what checks read is recorded with a generation number: the workspace's definitions
 * (diffed by the session on each rebuild), the service's (diffed here when the map is replaced),
 * and the inputs every check reads (severity settings, format associations, the service target,
 * whether a service answers), which re-check everything. A document whose record predates a
 * change of something it read is checked again; any other keeps its result.
 */
export class DiagnosticDependencies {
  private generation = 0;
  private readonly propertyChangedAt = new Map<string, number>();
  private membershipChangedAt = 0;
  private everythingChangedAt = 0;
  private serviceDefinitions: ReadonlyMap<string, PropertyDefinitionInfo> = NO_DEFINITIONS;
  private inputs: string[] | undefined;
  /** what changed since the last refresh, in words for the log */
  private causes: string[] = [];

  /**
   * `catalog`: what the catalog knows, unobserved; `reads`: what the session's checks read from it,
   * observed where the session is built.
   */
  constructor(
    private readonly session: WorkspaceSession,
    private readonly catalog: () => CatalogKnowledge,
    private readonly reads: CatalogReads,
  ) {
    session.onDefinitionsChanged((changes) => this.definitionsChanged(changes, 'workspace'));
  }

  /** Notes what changed since the last call: the workspace's definitions, the service's, the inputs of every check. */
  sync(): void {
    // A rebuild of the workspace's definitions reports its changes (onDefinitionsChanged).
    this.session.definitions();
    const knowledge = this.catalog();
    const service = knowledge.serviceDefinitions ?? NO_DEFINITIONS;
    if (service !== this.serviceDefinitions) {
      const changes = definitionChanges(this.serviceDefinitions, service);
      this.serviceDefinitions = service;
      if (hasDefinitionChanges(changes)) this.definitionsChanged(changes, 'service');
    }
    const inputs = [
      JSON.stringify(this.session.severity),
      JSON.stringify(this.session.associations),
      knowledge.target ?? 'offline',
      knowledge.serviceDefinitions !== undefined ? 'service' : 'no service',
    ];
    const changed = EVERY_CHECK_READS.filter((_, i) => inputs[i] !== this.inputs?.[i]);
    if (changed.length > 0) {
      if (this.inputs !== undefined) this.causes.push(`a change of ${changed.join(' and ')}`);
      this.inputs = inputs;
      this.everythingChangedAt = ++this.generation;
    }
  }

  /**
   * Runs one check of an open document (already read at `version` into the session as `document`)
   * and records what it read. Call sync() first, so the record's generation covers every change
   * the check saw.
   */
  check<T>(version: number, document: { model: DocumentModel; analysis?: DocumentAnalysis }, run: () => T): { result: T; record: CheckRecord } {
    const generation = this.generation;
    const { result, reads } = this.reads.during(run);
    const properties = propertiesReadByDocument(document);
    const definitions = this.session.definitionsView();
    const readsEveryDefinition = properties.some((urn) => lookupProperty(definitions, urn).effective === undefined);
    return { result, record: { version, generation, properties, readsEveryDefinition, existence: reads.existence, sql: reads.sql, opaque: !reads.catalogRead } };
  }

  /** Whether a recorded check still holds for the document at `version`; sync() first. */
  recheckReason(record: CheckRecord | undefined, version: number): RecheckReason | undefined {
    if (!record) return 'never checked';
    if (record.version !== version) return 'edited';
    if (this.everythingChangedAt > record.generation) return 'settings';
    if (record.opaque) return 'unknown';
    if (record.readsEveryDefinition && this.membershipChangedAt > record.generation) return 'definitions';
    for (const urn of record.properties) if ((this.propertyChangedAt.get(urn) ?? 0) > record.generation) return 'definitions';
    if (record.existence.size > 0) {
      const entities = this.catalog().entities;
      for (const [urn, answer] of record.existence) if (entities.exists(urn) !== answer) return 'existence';
    }
    if (record.sql.size > 0) {
      const sql = this.catalog().sql;
      for (const [urn, answer] of record.sql) if (sql?.impliedFor(urn) !== answer) return 'sql';
    }
    return undefined;
  }

  /** What changed since the last call, in words ("a change of the workspace definition of io.team.tier"), and forgets it. */
  takeCauses(): string[] {
    const causes = this.causes;
    this.causes = [];
    return causes;
  }

  private definitionsChanged(changes: DefinitionChanges, where: 'workspace' | 'service'): void {
    const generation = ++this.generation;
    for (const urn of changes.changed) this.propertyChangedAt.set(urn, generation);
    if (changes.membershipChanged) this.membershipChangedAt = generation;
    const names = [...new Set([...changes.changed].map(propertyIdOf))].sort();
    const listed = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    this.causes.push(`a change of the ${where} definition${names.length === 1 ? '' : 's'} of ${listed}`);
  }
}
