/**
 * The DataHub versions Catalog Code judges by, and what changed between them (issue #25). One row
 * per change whose verdict differs by version; each names the DataHub source that decides it and
 * how its first version was found. A rule asks `applies(change, profile)` and, when the verdict
 * depends on it, names `profile.version` in its message. docs/diagnostics.md prints this table.
 */

/** A DataHub release as `major.minor.patch` (a `v` prefix, a fourth part or a suffix are ignored when read). */
export interface DataHubVersion {
  major: number;
  minor: number;
  patch: number;
}

/** Where the version judged by came from. */
export type ProfileSource = 'setting' | 'service' | 'default';

/** The DataHub a workspace is judged for. */
export interface DataHubProfile {
  /** as a user would write it: `1.2.0` */
  version: string;
  source: ProfileSource;
}

/**
 * The newest DataHub modelled: v1.8.0 (released 2026-10-22). The default when no setting names a
 * version and no connected DataHub reports one.
 */
export const NEWEST_MODELLED_VERSION = '1.8.0';

export const DEFAULT_PROFILE: DataHubProfile = { version: NEWEST_MODELLED_VERSION, source: 'default' };

const VERSION_TEXT = /^\s*v?(\d+)\.(\d+)(?:\.(\d+))?/;

/** `1.2.0`, `v0.14.1`, `1.0.0rc3`, `0.3.7.1`: the first three numbers; undefined for anything else. */
export function parseDataHubVersion(text: string): DataHubVersion | undefined {
  const match = VERSION_TEXT.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

export function compareVersions(a: DataHubVersion, b: DataHubVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** One change of DataHub's rules: the versions that have it, and the source that decides. */
export interface VersionedRule {
  /** what is judged differently */
  what: string;
  /** first version that has it (inclusive) */
  since: string;
  /** first version that no longer has it (exclusive); absent: still there */
  until?: string;
  /** the DataHub issue, PR, file or test that decides */
  decidedBy: string;
  /** how `since`/`until` were found, when not from a release note */
  versionFrom: string;
}

/** Every version-dependent verdict Catalog Code models. Keys are stable: rules name them. */
export const VERSIONED_RULES = {
  datasetYamlDomainsRefused: {
    what: '`domains` in the dataset YAML (`datahub dataset upsert`) is refused as an extra field',
    since: '1.0.0',
    until: '1.2.0',
    decidedBy: 'datahub-project/datahub#13489 ("domains (extra fields not permitted)": worked with CLI 0.14, fails with 1.0); restored by PR #14152 (dataset.py `domains`)',
    versionFrom: 'issue #13489 names 0.14 (accepts) and 1.0 (refuses); PR #14152 merged 2025-07-24, first in the 1.2 releases',
  },
  propertySettingsYaml: {
    what: 'the properties YAML may carry display settings (`settings`: `is_hidden`, `show_as_asset_badge`, `show_in_asset_summary`, `show_in_columns_table`, `show_in_search_filters`), written as a structuredPropertySettings aspect',
    since: '1.8.0',
    decidedBy: 'datahub-project/datahub PR #13732 (structuredproperties.py `StructuredPropertySettings` model)',
    versionFrom: 'the PR was approved 2026-02-19 and still under review on 2026-09-16 (a review of its structuredproperties.py diff), so it merged after the v1.7.0 release (2026-08-04); v1.8.0 (released 2026-10-22, paired with CLI 1.7.0.14) is the first release after it. Not confirmed from a release note; the key is read by the CLI, so a CLI older than the one paired with 1.8.0 refuses it whatever the server',
  },
  elasticsearchFieldCollision: {
    what: 'two property qualified names that differ only by `.` and `_` (one search field) are refused, in one batch or against a live property',
    since: '1.7.0',
    decidedBy: 'datahub-project/datahub PR #18533 ("reject field collisions and oversized keywords": PropertyDefinitionValidator.validateDefinitionUpsertsProposed); PropertyDefinitionValidatorTest#testRejectsInBatchElasticsearchFieldCollision, #testRejectsElasticsearchFieldNameCollisionWithExistingProperty',
    versionFrom: 'PR #18533 was opened 2026-07-21 and merged; the v1.7.0 release notes (2026-08-04) list later PRs (#18701), so it is taken to be in 1.7.0. Not confirmed from the tag; before session 7 this row said 1.8.0 (#19490), which only changed the index mappings',
  },
  stringValueByteLimit: {
    what: 'a string or rich_text structured-property value longer than 32,766 UTF-8 bytes (Lucene\'s keyword term limit) is refused with HTTP 422',
    since: '1.7.0',
    decidedBy: 'datahub-project/datahub PR #18533 (StructuredPropertiesValidator.validateKeywordByteLength, `structuredProperties.keywordMaxLength`, default ESUtils.KEYWORD_MAXLENGTH = 32766); PR #19727 adds STRUCTURED_PROPERTIES_DROP_OVERSIZED_KEYWORD_VALUES_FROM_INDEX (off by default) to store such a value and leave it out of search instead',
    versionFrom: 'as elasticsearchFieldCollision (same PR); #19727 (2026-09-11) is taken to be in 1.8.0',
  },
  allowedPlatforms: {
    what: 'a structured-property definition may name `allowedPlatforms`; DataHub then refuses a value of the property on an asset of another platform, or on an entity with no data platform (schema fields take their dataset\'s platform)',
    since: '1.7.0',
    decidedBy: 'datahub-project/datahub PR #18089 ("Support allowed platforms on structured properties"): StructuredPropertiesValidator.validateAllowedPlatforms (metadata-io …/structuredproperties/validation/StructuredPropertiesValidator.java) refuses the value',
    versionFrom: 'PR #18089 was opened 2026-06-29 and merged, numbered below PRs the v1.7.0 release notes (2026-08-04) list; v1.8.0\'s notes name the Platforms column of the properties table. The validator was read in a stored StructuredPropertiesValidator.java (with its test testValidateAllowedPlatforms_*): an error, also when the entity has no data platform',
  },
  unlistedEntityTypeUnindexed: {
    what: 'a structured-property value on an entity type the definition does not list is stored but not indexed: the search mappings are made per listed entity type and the container is `dynamic: false`, so the value is not searchable or filterable there (no validator refuses it)',
    since: '1.8.0',
    decidedBy: 'datahub-project/datahub PR #19490 ("make structured-property mappings explicit (target-index updates + dynamic:false)"); StructuredPropertiesValidator never reads entityTypes (#10491)',
    versionFrom: 'PR #19490 was opened 2026-08-27 and merged, after the v1.7.0 release (2026-08-04); taken to be in v1.8.0 (2026-10-22), not confirmed from the tag. Before it the value was mapped dynamically (searchable, possibly as text)',
  },
  dropMissingPropertyValues: {
    what: 'a value of a structured property that does not exist is dropped with a warning (logged by GMS) and the rest of the write goes through; the write is refused only when no value of an existing property remains in it',
    since: '1.8.0',
    decidedBy: 'StructuredPropertiesValidator / StructuredPropertiesAssignmentMutator with `structuredProperties.dropMissingPropertyValuesWithWarning` (default true in application.yaml; metadata-io …/structuredproperties/validation/StructuredPropertiesValidator.java: "no valid property assignments remain after removing values for non-existent properties"); PR #17478 dropped such values in the GraphQL resolver first',
    versionFrom: 'the flag is in the stored StructuredPropertiesValidator.java beside PR #18533\'s keyword check and its test (StructuredPropertiesValidatorTest "no valid property assignments remain"); the entity docs of the same tree name it the default. The PR that added it was not found; taken to be in 1.8.0, the newest release, not confirmed from a release note',
  },
  hardDeleteAfterSoftDelete: {
    what: 'a hard delete of a structured property (its entity, or a DELETE of its propertyDefinition aspect) is refused unless the property is soft-deleted first (status.removed = true); before, it succeeded silently and left the search mapping behind',
    since: '1.8.0',
    decidedBy: 'datahub-project/datahub PR #19445 ("require soft delete before hard delete": HTTP 400 across GraphQL, OpenAPI and Rest.li)',
    versionFrom: 'PR #19445 was opened 2026-08-26 and merged, after the v1.7.0 release (2026-08-04); taken to be in 1.8.0 (2026-10-22), not confirmed from the tag',
  },
  valueTypeMustExist: {
    what: 'a propertyDefinition\'s valueType must name a dataType entity that exists (DataHub ships string, rich_text, number, date, urn; a file may define more with a dataTypeInfo aspect); before, an unknown type was stored and read as UNKNOWN',
    since: '1.8.0',
    decidedBy: 'StructuredPropertyDefinition.pdl `valueType` with @UrnValidation {exist: true, strict: true, entityTypes: [dataType]}, checked by GMS\'s URN validation of aspects (introduced by PR #4511) (the structuredProperty entity docs of the stored 1.8 tree print it); StructuredPropertyUtils.getLogicalValueType reads an unknown id as UNKNOWN',
    versionFrom: 'the stored StructuredPropertyDefinition.pdl without allowedPlatforms (before 1.7) has no @UrnValidation on valueType; the stored entity docs that list allowedPlatforms do. The PR that added it was not found: taken to be in 1.8.0, the newest release, not confirmed',
  },
  propertySettingsValidators: {
    what: 'structuredPropertySettings: `isHidden` with any `show*` flag is refused (HidePropertyValidator); a second property shown as asset badge is refused (ShowPropertyAsBadgeValidator)',
    since: '0.15.0',
    decidedBy: 'HidePropertyValidator, ShowPropertyAsBadgeValidator (metadata-io …/structuredproperties/validation); PR #12052 added the settings aspect',
    versionFrom: 'PR #12052 merged 2024-12 (after 0.14.1), first in 0.15',
  },
} as const satisfies Record<string, VersionedRule>;

export type VersionedRuleId = keyof typeof VERSIONED_RULES;

/** Whether the change is in force in the profile's DataHub (an unreadable version counts as the newest). */
export function applies(id: VersionedRuleId, profile: DataHubProfile | undefined): boolean {
  const rule: VersionedRule = VERSIONED_RULES[id];
  const version = parseDataHubVersion(profile?.version ?? NEWEST_MODELLED_VERSION) ?? parseDataHubVersion(NEWEST_MODELLED_VERSION);
  if (!version) return true;
  const since = parseDataHubVersion(rule.since);
  const until = rule.until === undefined ? undefined : parseDataHubVersion(rule.until);
  return (since === undefined || compareVersions(version, since) >= 0) && (until === undefined || compareVersions(version, until) < 0);
}

/** "DataHub 1.2.0 (catalogCode.datahub.version)": the version a verdict was judged by, for messages. */
export function describeProfile(profile: DataHubProfile | undefined): string {
  const p = profile ?? DEFAULT_PROFILE;
  const from = p.source === 'setting' ? 'as set' : p.source === 'service' ? 'as the connected DataHub reports' : 'the newest version Catalog Code models';
  return `DataHub ${p.version} (${from})`;
}

/**
 * The profile for a setting value: `auto` (or empty) takes the connected service's version when
 * it reported one, else the default; an explicit version wins; an unreadable one falls back with
 * the reason, so a caller can say so.
 */
export function resolveProfile(setting: string | undefined, serviceVersion?: string): { profile: DataHubProfile; problem?: string } {
  const wanted = (setting ?? '').trim();
  if (wanted === '' || wanted === 'auto') {
    if (serviceVersion !== undefined && parseDataHubVersion(serviceVersion)) return { profile: { version: normalise(serviceVersion), source: 'service' } };
    return { profile: DEFAULT_PROFILE };
  }
  if (parseDataHubVersion(wanted)) return { profile: { version: normalise(wanted), source: 'setting' } };
  return { profile: DEFAULT_PROFILE, problem: `'${wanted.slice(0, 40)}' is not a DataHub version; write one such as 1.2.0 or 'auto'. Judging by ${NEWEST_MODELLED_VERSION}, the newest version Catalog Code models.` };
}

function normalise(text: string): string {
  const v = parseDataHubVersion(text);
  return v ? `${v.major}.${v.minor}.${v.patch}` : text;
}
