import type { ServiceConnection } from '../api/http';
import { findPropertyUsers } from '../api/propertyUsers';
import { factsOfKind, type DocumentModel } from '../model/facts';
import type { SourceRange } from '../model/range';
import type { LineageFetcher } from '../lineage/types';
import { buildPushPlan } from '../plan/pushPlan';
import type { TypeNamespace } from '../urn';
import { computePlanImpact } from './planImpact';
import { edgeHeadline, propertyHeadline, type PlanImpact } from '../plan/impactTypes';

/**
 * What pushing one document would affect, anchored where the editor shows it: a removed edge on
 * its downstream's entry, a definition change or soft delete on the property's definition (or
 * status record). Every definition in the file also says how many entities use it. This is the
 * code lens's model; it reads the service, so the editor computes it off the typing path.
 */
export interface ImpactAnchor {
  /** where the lens goes: the start of this range */
  range: SourceRange;
  /** "cuts 12 downstream entities", "used by 340 entities, 12 with values no longer allowed" */
  title: string;
  /** the entities to list when the lens is clicked */
  entities: string[];
  impact?: PlanImpact;
}

export async function documentImpact(connection: ServiceConnection, model: DocumentModel, options: { typeNamespace?: TypeNamespace; signal?: AbortSignal; lineage?: LineageFetcher } = {}): Promise<ImpactAnchor[]> {
  const definitions = factsOfKind(model, 'propertyDefinition');
  const edges = factsOfKind(model, 'lineageEdge');
  const statuses = factsOfKind(model, 'statusChange');
  const declarations = factsOfKind(model, 'entityDeclaration');
  if (definitions.length === 0 && edges.length === 0 && statuses.length === 0) return [];
  const plan = await buildPushPlan(connection, [model], { typeNamespace: options.typeNamespace, signal: options.signal });
  // One impact the service cannot compute (a soft-deleted property cannot be searched on) leaves out only its lens.
  // Lineage read over the pending state when the caller has one (the language server): what a cut reaches counts the workspace's edges.
  const impacts = await computePlanImpact(connection, plan, { signal: options.signal, onError: () => undefined, lineage: options.lineage });
  const anchors: ImpactAnchor[] = [];
  const covered = new Set<string>();
  for (const impact of impacts) {
    if (impact.kind === 'edgeRemoved') {
      // the downstream's own entry (a lineage file or dataset YAML), else the first edge that names it
      const range = declarations.find((d) => d.urn.value === impact.downstream && d.depth === 0)?.range ?? edges.find((e) => e.downstream.value === impact.downstream)?.range;
      if (range) anchors.push({ range, title: `${edgeHeadline(impact)} (removes upstream ${impact.upstream})`, entities: impact.affected.map((a) => a.urn), impact });
      continue;
    }
    covered.add(impact.propertyUrn);
    const range = definitions.find((d) => d.urn.value === impact.propertyUrn)?.range ?? statuses.find((s) => s.entity.value === impact.propertyUrn)?.range;
    if (range) anchors.push({ range, title: propertyHeadline(impact), entities: impact.invalid.map((i) => i.urn), impact });
  }
  for (const definition of definitions) {
    const urn = definition.urn.value;
    if (covered.has(urn)) continue;
    const name = definition.qualifiedName?.value ?? urn.replace(/^urn:li:structuredProperty:/, '');
    try {
      const users = await findPropertyUsers(connection, [name], { limit: 50, signal: options.signal });
      anchors.push({ range: definition.range, title: `used by ${users.total} ${users.total === 1 ? 'entity' : 'entities'}`, entities: users.entities.map((e) => e.urn) });
    } catch {
      // A soft-deleted property cannot be searched on (spec §7): its lens says nothing rather than fail the rest.
    }
  }
  return anchors.sort((a, b) => a.range.start - b.range.start);
}
