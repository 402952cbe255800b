import type { JsonObject } from '../store/types';

/** The display locations HidePropertyValidator weighs against `isHidden` (StructuredPropertyUtils.validatePropertySettings). */
const SHOWN_IN = ['showInSearchFilters', 'showInAssetSummary', 'showAsAssetBadge', 'showInColumnsTable'] as const;

/** How many properties are read at most when looking for another asset badge: bounded work per request. */
export const BADGE_SCAN_LIMIT = 10_000;

export interface SettingsInput {
  urn: string;
  value: JsonObject;
  /** the structured properties (other than `urn`) shown as asset badge now, as far as `BADGE_SCAN_LIMIT` reaches */
  otherBadges: () => string[];
}

/**
 * A structuredPropertySettings write as DataHub's GMS judges it: hidden and shown at once
 * (HidePropertyValidator), a second property shown as asset badge (ShowPropertyAsBadgeValidator).
 * Written apart from core/rules/propertySettings.ts on purpose: the local catalog is an independent
 * witness of DataHub's behaviour (as service/lineage/updateLineage.ts is for lineage types).
 */
export function validatePropertySettings(input: SettingsInput): string[] {
  const problems: string[] = [];
  const shown = SHOWN_IN.filter((flag) => input.value[flag] === true);
  if (input.value.isHidden === true && shown.length > 0) {
    problems.push(`Cannot have property isHidden = true while other display location settings are also true (${shown.join(', ')} on ${input.urn}). Set isHidden to false, or those settings to false.`);
  }
  if (input.value.showAsAssetBadge === true) {
    const others = input.otherBadges();
    if (others.length > 0) problems.push(`Cannot have more than one property set with show as badge. Property urns currently set: [${others.join(', ')}]. Set showAsAssetBadge to false on ${others[0]} first, or on ${input.urn}.`);
  }
  return problems;
}
