import { applies, type DataHubProfile, type VersionedRuleId } from './versions';

/**
 * Keys of DataHub's CLI file models that some versions accept and others refuse as extra fields
 * (`extra="forbid"`), each tied to its row of ./versions.ts. The unknown-key rule asks here before
 * it calls a known key unknown.
 */
const VERSIONED_KEYS: readonly { shape: string; key: string; rule: VersionedRuleId; acceptedWhenApplies: boolean }[] = [
  { shape: 'datasetYaml.dataset', key: 'domains', rule: 'datasetYamlDomainsRefused', acceptedWhenApplies: false },
  { shape: 'propertyDefinitions.property', key: 'settings', rule: 'propertySettingsYaml', acceptedWhenApplies: true },
  { shape: 'propertyDefinitions.property', key: 'allowed_platforms', rule: 'allowedPlatforms', acceptedWhenApplies: true },
  { shape: 'aspect.propertyDefinition', key: 'allowedPlatforms', rule: 'allowedPlatforms', acceptedWhenApplies: true },
];

const SHAPES_WITH_VERSIONED_KEYS: ReadonlySet<string> = new Set(VERSIONED_KEYS.map((k) => k.shape));

/** Whether some key of the shape is accepted by some DataHub versions and refused by others. */
export function hasVersionedKeys(shape: string): boolean {
  return SHAPES_WITH_VERSIONED_KEYS.has(shape);
}

/** Undefined for a key whose verdict does not depend on the version; else whether this profile's DataHub accepts it, and the row that decides. */
export function versionedKeyVerdict(shape: string, key: string, profile: DataHubProfile | undefined): { accepted: boolean; rule: VersionedRuleId } | undefined {
  const row = VERSIONED_KEYS.find((k) => k.shape === shape && k.key === key);
  if (!row) return undefined;
  return { accepted: applies(row.rule, profile) === row.acceptedWhenApplies, rule: row.rule };
}
