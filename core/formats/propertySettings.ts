import type { PropertySettingFlag, PropertySettingsFact } from '../model/facts';
import type { Located } from '../model/range';
import type { AspectContext } from './aspectContext';
import { type FactCollector, pathOf } from './collector';
import type { DocNode } from './tree';
import { valueOf } from './tree';

/** The properties YAML's `settings` keys (PR #13732) and the aspect flag each one writes. */
const YAML_FLAGS: Readonly<Record<string, PropertySettingFlag>> = {
  is_hidden: 'isHidden',
  show_as_asset_badge: 'showAsAssetBadge',
  show_in_asset_summary: 'showInAssetSummary',
  show_in_columns_table: 'showInColumnsTable',
  show_in_search_filters: 'showInSearchFilters',
};

/** The aspect flags the properties YAML can write (`datahub properties upsert` writes all of them, false unless set). */
export const YAML_SETTING_FLAGS: readonly PropertySettingFlag[] = Object.values(YAML_FLAGS);

const ASPECT_FLAGS: readonly PropertySettingFlag[] = ['isHidden', 'showInSearchFilters', 'showInAssetSummary', 'hideInAssetSummaryWhenEmpty', 'showAsAssetBadge', 'showInColumnsTable'];

/** A definition's `settings:` in the properties YAML, for the property `property`. */
export function readYamlSettings(node: DocNode | undefined, property: Located<string>, path: string, collector: FactCollector): void {
  const map = collector.map(node, path);
  if (!map) return;
  collector.shape(map, 'propertyDefinitions.settings');
  const fact: PropertySettingsFact = { kind: 'propertySettings', property, flags: {}, range: map.range };
  for (const [key, flag] of Object.entries(YAML_FLAGS)) {
    const value = collector.boolean(valueOf(map, key), pathOf(path, key));
    if (value) fact.flags[flag] = value;
  }
  if (property.value) collector.facts.push(fact);
}

/** The `structuredPropertySettings` aspect of a structuredProperty entity (StructuredPropertySettings.pdl). */
export function readSettingsAspect(body: DocNode, context: AspectContext): void {
  const { collector, entity, path } = context;
  const map = collector.map(body, path);
  if (!map) return;
  collector.shape(map, 'aspect.structuredPropertySettings');
  const fact: PropertySettingsFact = { kind: 'propertySettings', property: entity, flags: {}, range: map.range };
  for (const flag of ASPECT_FLAGS) {
    const value = collector.boolean(valueOf(map, flag), pathOf(path, flag));
    if (value) fact.flags[flag] = value;
  }
  collector.facts.push(fact);
}
