import type { Severity } from '../model/diagnostic';

/**
 * Who refuses what each diagnostic code reports (DESIGN.md §7). Written once, here: the severity
 * of every diagnostic follows its authority (`applyAuthority`), docs/diagnostics.md's table is
 * checked against this one (test/unit/diagnostics/policyDocs.test.ts), and users can override the
 * outcome per code (`severityOverrides.ts`).
 *
 * - `datahub`: GMS or DataHub's CLI refuses the write or the file → error (a rule may say less
 *   where DataHub repairs the value itself, e.g. the CLI lower-casing `type: STRING`)
 * - `localCatalog`: only the local catalog refuses it → error when connected to the local
 *   catalog, otherwise a warning that says what DataHub does
 * - `advice`: accepted everywhere, probably a mistake → never more than a warning
 */
export type Authority = 'datahub' | 'localCatalog' | 'advice';

export interface CodePolicy {
  authority: Authority;
  /** the DataHub (or local catalog) source that decides it, for the docs and for reviewers */
  decidedBy: string;
}

const datahub = (decidedBy: string): CodePolicy => ({ authority: 'datahub', decidedBy });
const advice = (decidedBy: string): CodePolicy => ({ authority: 'advice', decidedBy });

export const DIAGNOSTIC_POLICY: Readonly<Record<string, CodePolicy>> = {
  'parse.syntax': datahub('the DataHub CLI cannot load the file (YAML/JSON parser)'),
  'format.unknownKey': datahub('pydantic `extra="forbid"` in the CLI models (a warning in aspects, which GMS reads leniently)'),
  'format.enumValue': datahub('the PDL enums (PropertyCardinality, FabricType, ChangeType, …) and the CLI models'),
  'format.missingKey': datahub('required fields of the CLI models and PDL records'),
  'format.wrongType': datahub('the CLI models and Rest.li record validation'),
  'urn.syntax': datahub('Urn.createFromString (GMS) / Urn.from_string (CLI)'),
  'urn.arity': datahub('the key aspect of the entity (DatasetKey.pdl: platform, name, origin)'),
  'urn.partKind': datahub('the key aspect of the entity (a part typed Urn must be a URN)'),
  'urn.environment': datahub('FabricType.pdl'),
  'urn.entityType': datahub('the entity registry (entity-registry.yml): GMS refuses an unknown entity type'),
  'urn.tooLong': datahub('UrnValidationUtil: URNs over 512 characters are refused'),
  'urn.platform': advice('custom platforms are allowed (DataPlatformKey.pdl has a free-form name)'),
  'urn.unknownType': datahub('PropertyDefinitionValidator: entityTypes must name entity types of the registry (smoke-test bad_entity_type.yaml "should fail")'),
  'urn.dataType': advice('DataTypeKey.pdl: the id is free text; StructuredPropertyUtils.getLogicalValueType reads an unknown id as UNKNOWN'),
  'urn.wrongKind': datahub('the PDL field type (e.g. StructuredPropertyValueAssignment.propertyUrn is a structuredProperty URN)'),
  'definition.type': datahub('structuredproperties.py validate_type (a mis-cased short type is lower-cased with a warning; a mis-cased URN is not, and is refused)'),
  'definition.cardinality': datahub('PropertyCardinality.pdl'),
  'definition.entityType': datahub('structuredproperties.py validate_entity_types / the entity registry'),
  'definition.version': datahub('PropertyDefinitionValidator: version must match yyyyMMddHHmmss'),
  'definition.qualifiedName': datahub('structuredproperties.py: "ID in the urn and the qualified_name must match"'),
  'definition.allowedValueType': advice('GMS stores such a definition; no value of the type can match the allowed value'),
  'definition.duplicate': advice('the last definition written wins'),
  'definition.breakingChange': datahub('PropertyDefinitionValidator: backwards-incompatible change without a greater version'),
  'definition.immutable': advice('immutable only refuses later value changes'),
  'definition.hardDelete': datahub('PR #19445 (DataHub 1.8 and later): a structured property is hard-deleted only after a soft delete; the local catalog never hard-deletes (its spec)'),
  'definition.softDeleted': datahub('PropertyDefinitionValidator: a soft-deleted definition cannot be changed'),
  'property.unknown': datahub('StructuredPropertiesValidator: the property must exist (a warning offline, where it cannot be known)'),
  'property.notPushed': advice('pushing the definition first makes the value valid'),
  'property.disagree': advice('the service\'s definition decides at push time'),
  'property.softDeleted': datahub('StructuredPropertiesValidator: no values for a soft-deleted property'),
  'property.valueType': datahub('StructuredPropertiesValidator: values must have the property\'s value type'),
  'property.notAllowedValue': datahub('StructuredPropertiesValidator: values must be among the allowed values'),
  'property.cardinality': datahub('StructuredPropertiesValidator: a SINGLE property takes one value'),
  'property.entityType': { authority: 'localCatalog', decidedBy: 'the local catalog (structuredPropertyValues.ts); DataHub stores the value (datahub-project/datahub#10491)' },
  'lineage.columnOutsideEdge': { authority: 'localCatalog', decidedBy: 'the local catalog (spec §2.4); DataHub GMS has no such check and DataHub\'s lineage-file source emits such aspects' },
  'lineage.unknownEntity': datahub('UpdateLineageResolver: every URN of an edge must exist'),
  'lineage.upstreamType': datahub('UpdateLineageResolver / UpstreamLineage.pdl (an upstream of a dataset is a dataset)'),
  'definition.settings': datahub('HidePropertyValidator, ShowPropertyAsBadgeValidator (structuredPropertySettings; DataHub 0.15 and later)'),
  'definition.fieldCollision': datahub('PropertyDefinitionValidator: qualified names that differ only by . and _ share one search field (PR #18533, DataHub 1.7 and later; core/datahub/versions.ts)'),
  'property.valueTooLong': datahub('StructuredPropertiesValidator.validateKeywordByteLength: string values over 32,766 UTF-8 bytes (PR #18533, DataHub 1.7 and later; core/datahub/versions.ts)'),
  'property.platformNotAllowed': datahub('StructuredPropertiesValidator.validateAllowedPlatforms (PR #18089, DataHub 1.7 and later): a value on an entity of another platform, or of none, is refused'),
  'format.notChecked': advice('a DataHub file format Catalog Code recognises but does not check (business glossary, data product, data contract); nothing is judged'),
  'form.unknownProperty': datahub('forms.py validate_prompts: "Structured property … does not exist. Unable to create form."'),
  'form.prompt': datahub('forms.py validate_prompts: a structured-property prompt without its property, a schema-field prompt marked required'),
  'form.entityType': advice('DataHub stores the form; its prompt cannot be answered on entities the property does not apply to'),
  'lineage.selfLoop': advice('stored: no PDL rule forbids it and DataHub\'s Snowflake source writes self-edges; worth a look in case a URN is mistyped'),
  'lineage.duplicateEdge': advice('stored once; the second copy in one write changes nothing'),
  'lineage.version': datahub('datahub-lineage-file source: "Only version 1 is supported"'),
  'lineage.entityType': datahub('datahub-lineage-file source: "Type must be one of [\'dataset\']"'),
  'lineage.nameIsUrn': datahub('datahub-lineage-file source: "Name should not start with urn:li:"'),
  'lineage.nestedIgnored': advice('the datahub-lineage-file source reads only the top-level entries'),
  'lineage.noUpstream': advice('the datahub-lineage-file source (lineage.py `_get_lineage_mcp`) writes nothing for an entry without upstreams, its fineGrainedLineages included'),
  'lineage.sqlDisagrees': advice('DataHub stores column edges as written; the SQL that defines the dataset (read in the editor only) says otherwise'),
  'internal.ruleFailed': advice('a Catalog Code bug, never a verdict on the file'),
  'document.tooLarge': advice('a limit of the editor: an open document over 2 MiB is not checked as it is typed (catalog-code validate checks it)'),
  'document.moreProblems': advice('a limit of the editor: at most 1,000 diagnostics per document are shown (catalog-code validate prints all)'),
  'workspace.fileLimit': advice('a limit of the language server: it reads at most CATALOG_MAX_WORKSPACE_FILES (default 150,000) files of a workspace'),
};

/** Codes no rule reports: the editor's limits (core/workspace/openDocumentLimit.ts, core/diagnostics/cap.ts, core/workspace/scanLimit.ts). */
export const LIMIT_CODES: readonly string[] = ['document.tooLarge', 'document.moreProblems', 'workspace.fileLimit'];

/** The code no rule reports that names a file of a DataHub format Catalog Code does not check (core/validate.ts, core/formats/unchecked.ts). */
export const NOT_CHECKED_CODE = 'format.notChecked';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** The lesser of two severities (`error` and `warning` → `warning`). */
export function milder(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[a] >= SEVERITY_RANK[b] ? a : b;
}

export function policyOf(code: string): CodePolicy | undefined {
  return Object.prototype.hasOwnProperty.call(DIAGNOSTIC_POLICY, code) ? DIAGNOSTIC_POLICY[code] : undefined;
}

/**
 * The most a code may be for the given target: `error` where the target refuses the write,
 * `warning` otherwise. Codes without a policy (a code added without updating the table) are left
 * as the rule says; a unit test keeps the table complete.
 */
export function severityCeiling(code: string, connectedToLocalCatalog: boolean): Severity {
  const policy = policyOf(code);
  if (!policy) return 'error';
  if (policy.authority === 'advice') return 'warning';
  if (policy.authority === 'localCatalog') return connectedToLocalCatalog ? 'error' : 'warning';
  return 'error';
}
