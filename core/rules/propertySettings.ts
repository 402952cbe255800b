import { propertyIdOf } from '../definitions/normalise';
import { applies } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type PropertySettingFlag, type PropertySettingsFact } from '../model/facts';
import { diagnostic, lineLabel } from './ruleHelpers';
import type { Rule } from './types';

/** The display locations HidePropertyValidator weighs against `isHidden` (StructuredPropertyUtils.validatePropertySettings). */
const SHOWN_IN: readonly PropertySettingFlag[] = ['showInSearchFilters', 'showInAssetSummary', 'showAsAssetBadge', 'showInColumnsTable'];

/**
 * A structured property's display settings as GMS judges them, from DataHub 0.15 (core/datahub/versions.ts
 * propertySettingsValidators): hidden and shown at once (HidePropertyValidator), and more than one
 * property shown as the asset badge (ShowPropertyAsBadgeValidator, which looks for another
 * property with `showAsAssetBadge`; here: in the same file).
 */
export const propertySettings: Rule = {
  codes: ['definition.settings'],
  scope: 'document',
  run: ({ model, text, datahub }) => {
    if (!applies('propertySettingsValidators', datahub)) return [];
    const facts = factsOfKind(model, 'propertySettings');
    return [...facts.flatMap(hiddenAndShown), ...secondBadges(facts, text)];
  },
};

// No quick-fix candidates: which flag to turn off is the author's choice, and a replacement text
// would be written as a string where the aspect needs a boolean.
function hiddenAndShown(fact: PropertySettingsFact): CoreDiagnostic[] {
  const hidden = fact.flags.isHidden;
  if (!hidden?.value) return [];
  const shown = SHOWN_IN.filter((flag) => fact.flags[flag]?.value === true);
  if (shown.length === 0) return [];
  return [
    diagnostic(
      'definition.settings',
      'error',
      hidden.range,
      `${propertyIdOf(fact.property.value)} is hidden and also shown (${shown.join(', ')}); DataHub refuses that ("Cannot have property isHidden = true while other display location settings are also true", HidePropertyValidator). Set isHidden to false, or the ${shown.length > 1 ? 'others' : 'other'} to false.`,
      { candidates: [] },
    ),
  ];
}

function secondBadges(facts: readonly PropertySettingsFact[], text: string): CoreDiagnostic[] {
  const badges = facts.filter((fact) => fact.flags.showAsAssetBadge?.value === true);
  const first = badges[0];
  if (!first) return [];
  return badges
    .filter((fact) => fact.property.value !== first.property.value)
    .map((fact) =>
      diagnostic(
        'definition.settings',
        'error',
        fact.flags.showAsAssetBadge?.range ?? fact.range,
        `Only one structured property can be shown as the asset badge: ${propertyIdOf(first.property.value)} already is (${lineLabel(text, first.range.start)}), so DataHub refuses ${propertyIdOf(fact.property.value)} ("Cannot have more than one property set with show as badge", ShowPropertyAsBadgeValidator). Keep showAsAssetBadge on one property.`,
        { candidates: [], firstBadge: first.range.start },
      ),
    );
}

