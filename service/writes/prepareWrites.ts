import type { CatalogStore, JsonObject } from '../store/types';
import { validatePropertyDefinition } from '../validation/propertyDefinition';
import { validateStructuredPropertyValues } from '../validation/structuredPropertyValues';
import { missingUpstreamProblems, validateChartInfo, validateDashboardInfo, validateDataJobInputOutput, validateUpstreamLineage } from '../validation/lineageAspects';
import { canonicalEntityType, checkUrn, describe, isObject, partText } from '../validation/urns';
import type { ParsedUrn } from '../../core/urn/types';
import { aspectNamesOf, keyAspectName, keyAspectOf, resolveAspectName } from './aspectRegistry';
import { applyPatch, PatchError, readPatchDocument } from './jsonPatch';
import { StagedView } from './stagedView';
import { BADGE_SCAN_LIMIT, validatePropertySettings } from '../validation/propertySettings';
import { jsonShapeMessage } from '../validation/jsonShape';
import { fieldCollisionProblems } from '../validation/fieldCollisions';
import { visibleAspectValue } from '../softDelete';

/**
 * Every write of every route goes through here: URN and aspect checks, the validators, soft-delete
 * rules, key aspects for new entities; then all writes of the request are applied in one store
 * transaction, or none is.
 */

export type Proposal =
  | { kind: 'set'; urn: string; entityType?: string; aspectName: string; value: unknown; create?: 'aspect' | 'entity' }
  | { kind: 'patch'; urn: string; entityType?: string; aspectName: string; patch: unknown }
  | { kind: 'delete'; urn: string; entityType?: string; aspectName: string }
  | { kind: 'deleteEntity'; urn: string; entityType?: string };

export interface PreparedResult {
  urn: string;
  aspectName?: string;
  /** the stored value after the write (undefined for deletes) */
  value?: JsonObject;
}

/** A proposal was refused; nothing was written. `index` is its position in the request. */
export class WriteRejected extends Error {
  constructor(
    readonly index: number,
    readonly problems: string[],
    /** 412: a create-if-not-exists precondition failed rather than a validation rule */
    readonly precondition = false,
  ) {
    super(problems.join(' '));
    this.name = 'WriteRejected';
  }
}

const DEFAULT_ARRAY_KEYS: Record<string, Record<string, string[]>> = {
  structuredProperties: { properties: ['propertyUrn'] },
  upstreamLineage: { upstreams: ['dataset'] },
};

/** Hard delete of structured properties is not implemented in DataHub either (spec §3, §7). */
const HARD_DELETE_REFUSAL = (urn: string) =>
  `Hard delete of a structured property is not supported: ${urn} can only be soft deleted. POST {"removed": true} to /openapi/v2/entity/structuredProperty/<urn>/status instead; POST {"removed": false} restores it.`;

export function applyProposals(store: CatalogStore, proposals: Proposal[]): PreparedResult[] {
  const view = new StagedView(store);
  const results = proposals.map((proposal, index) => {
    try {
      return prepare(view, proposal);
    } catch (error) {
      if (error instanceof WriteRejected) throw new WriteRejected(index, error.problems, error.precondition);
      if (error instanceof PatchError) throw new WriteRejected(index, [error.message]);
      throw error;
    }
  });
  view.commit();
  return results;
}

function reject(...problems: string[]): never {
  throw new WriteRejected(0, problems);
}

function parseTarget(urnText: string, entityTypeHint: string | undefined): ParsedUrn {
  if (typeof urnText !== 'string' || urnText === '') reject(`The entity URN is missing or not a string: ${describe(urnText)}.`);
  if (urnText !== urnText.trim()) reject(`Error: cannot provide an URN with leading or trailing whitespace: ${describe(urnText)}.`);
  const checked = checkUrn(urnText);
  if (!checked.ok) reject(checked.message);
  // GMS finds the entity spec case-insensitively (ConfigEntityRegistry.getEntitySpec lower-cases the
  // name), so `urn:li:corpUser:jdoe` — how DataHub's lineage sources write actors — is a corpuser
  // stored under the URN as written. Aspects and key are those of the registry's type.
  const entityType = canonicalEntityType(checked.urn.entityType);
  if (!entityType) {
    reject(`Invalid urn: ${urnText}: "${checked.urn.entityType}" is not an entity type of the catalog (e.g. dataset, dataJob, structuredProperty).`);
  }
  if (entityTypeHint !== undefined && canonicalEntityType(entityTypeHint) !== entityType) {
    reject(`The entity type "${entityTypeHint}" in the request does not match the URN ${urnText}, which is a ${entityType}. Use /openapi/v2/entity/${entityType}/... for it.`);
  }
  return { ...checked.urn, entityType };
}

function resolveAspect(entityType: string, aspectName: string): string {
  const resolved = resolveAspectName(entityType, aspectName);
  if (!resolved) {
    reject(`Unknown aspect "${aspectName}" for entity type ${entityType}. Aspects of ${entityType}: ${aspectNamesOf(entityType).join(', ')}.`);
  }
  return resolved;
}

function prepare(view: StagedView, proposal: Proposal): PreparedResult {
  const parsed = parseTarget(proposal.urn, proposal.entityType);
  const urn = proposal.urn;
  if (proposal.kind === 'deleteEntity') return deleteEntity(view, parsed, urn);
  const aspectName = resolveAspect(parsed.entityType, proposal.aspectName);
  if (proposal.kind === 'delete') return deleteAspect(view, parsed, urn, aspectName);

  const previous = view.getAspect(urn, aspectName);
  let value: unknown;
  if (proposal.kind === 'patch') {
    const document = readPatchDocument(proposal.patch);
    // DataHub's patch templates key these arrays even when the request does not say so.
    document.arrayPrimaryKeys = Object.assign(Object.create(null) as Record<string, string[]>, DEFAULT_ARRAY_KEYS[aspectName], document.arrayPrimaryKeys);
    // The patch sees the aspect as a read shows it: values of soft-deleted properties are absent
    // (spec §3 effect 1), so no operation (test, copy, move) can read them back. The validator
    // keeps them stored, as for a POST, so a restore brings them back (effect 5).
    value = applyPatch(previous === undefined ? defaultAspect(aspectName) : visibleAspectValue(view, aspectName, previous), document);
  } else {
    if (proposal.create === 'entity' && view.entityExists(urn)) {
      throw new WriteRejected(0, [`Cannot perform CREATE_ENTITY if not exists since the entity key already exists: ${urn} exists. Leave out createIfEntityNotExists to update it.`], true);
    }
    if (proposal.create === 'aspect' && previous !== undefined) {
      throw new WriteRejected(0, [`Cannot perform CREATE since the aspect already exists: ${urn} already has ${aspectName}. Send createIfNotExists=false to replace it.`], true);
    }
    value = proposal.value;
  }
  if (!isObject(value)) reject(`The ${aspectName} aspect must be a JSON object; found ${describe(value)}.`);
  // Bodies are checked as they are read; a patch result and a seed file are checked here.
  const shapeProblem = jsonShapeMessage(value, `The ${aspectName} aspect`);
  if (shapeProblem) reject(shapeProblem);
  const stored = validateAspect(view, parsed, urn, aspectName, value, previous);
  if (!view.entityExists(urn) && aspectName !== keyAspectName(parsed.entityType)) {
    const key = keyAspectOf(parsed);
    if (key) view.write(urn, keyAspectName(parsed.entityType), key);
  }
  view.write(urn, aspectName, stored);
  return { urn, aspectName, value: stored };
}

/** Structured properties other than `urn` shown as asset badge: the stored ones (bounded) and those staged in this batch. */
function otherBadges(view: StagedView, urn: string): string[] {
  const candidates = new Set(view.store.listEntities('structuredProperty', { count: BADGE_SCAN_LIMIT }).urns);
  for (const write of view.writes) if (write.aspectName === 'structuredPropertySettings') candidates.add(write.urn);
  candidates.delete(urn);
  return [...candidates].filter((other) => view.getAspect(other, 'structuredPropertySettings')?.showAsAssetBadge === true);
}

/**
 * What a PATCH applies to when the aspect does not exist yet: DataHub's patch template default
 * (DatasetPropertiesTemplate.getDefault: empty tags and customProperties, so sources can patch
 * `/customProperties/<key>` onto a new dataset, as the Hive source does).
 */
function defaultAspect(aspectName: string): JsonObject {
  if (aspectName === 'structuredProperties') return { properties: [] };
  if (aspectName === 'datasetProperties') return { customProperties: {}, tags: [] };
  return {};
}

function validateAspect(view: StagedView, parsed: ParsedUrn, urn: string, aspectName: string, value: JsonObject, previous: JsonObject | undefined): JsonObject {
  const entityType = parsed.entityType;
  const softDeletedProperty = entityType === 'structuredProperty' && view.isSoftDeleted(urn);
  switch (aspectName) {
    case 'propertyDefinition': {
      const problems = validatePropertyDefinition({ urn, id: partText(parsed, 0) ?? '', value, previous, softDeleted: softDeletedProperty });
      if (problems.length > 0) reject(...problems);
      const collisions = fieldCollisionProblems(view.store, view.definitionFields, urn, value);
      if (collisions.length > 0) reject(...collisions);
      return value;
    }
    case 'structuredPropertySettings': {
      if (softDeletedProperty) reject(`Cannot mutate a soft deleted Structured Property: ${urn} is soft deleted. Restore it first (POST {"removed": false} to its status aspect).`);
      const problems = validatePropertySettings({ urn, value, otherBadges: () => otherBadges(view, urn) });
      if (problems.length > 0) reject(...problems);
      return value;
    }
    case 'structuredProperties': {
      const result = validateStructuredPropertyValues({
        entityUrn: urn,
        entityType,
        value,
        previous,
        lookup: { definition: (p) => view.getAspect(p, 'propertyDefinition'), isSoftDeleted: (p) => view.isSoftDeleted(p) },
      });
      if (result.problems.length > 0) reject(...result.problems);
      return result.value;
    }
    case 'status':
      if (value.removed !== undefined && typeof value.removed !== 'boolean') reject(`status.removed must be true or false; found ${describe(value.removed)}.`);
      return { ...value, removed: value.removed === true };
    case 'upstreamLineage':
      checked(validateUpstreamLineage(urn, value), value);
      return checked(missingUpstreamProblems(value, previous, (upstream) => view.entityExists(upstream)), value);
    case 'dataJobInputOutput':
      return checked(validateDataJobInputOutput(value), value);
    case 'chartInfo':
      return checked(validateChartInfo(value), value);
    case 'dashboardInfo':
      return checked(validateDashboardInfo(value), value);
    default:
      return value;
  }
}

function checked(problems: string[], value: JsonObject): JsonObject {
  if (problems.length > 0) reject(...problems);
  return value;
}

function deleteAspect(view: StagedView, parsed: ParsedUrn, urn: string, aspectName: string): PreparedResult {
  if (parsed.entityType === 'structuredProperty' && (aspectName === 'propertyDefinition' || aspectName === keyAspectName('structuredProperty'))) {
    reject(HARD_DELETE_REFUSAL(urn));
  }
  if (aspectName === keyAspectName(parsed.entityType)) return deleteEntity(view, parsed, urn);
  // Deleting the status aspect restores a soft-deleted entity (spec §3), which needs nothing more.
  if (view.getAspect(urn, aspectName) !== undefined) view.remove(urn, aspectName);
  return { urn, aspectName };
}

function deleteEntity(view: StagedView, parsed: ParsedUrn, urn: string): PreparedResult {
  if (parsed.entityType === 'structuredProperty') reject(HARD_DELETE_REFUSAL(urn));
  for (const record of view.store.getAspects(urn)) view.remove(urn, record.aspectName);
  return { urn };
}
