import { propertyIdOf } from '../definitions/normalise';
import { factsOfKind, type PropertyDefinitionFact } from '../model/facts';
import { diagnostic, lineLabel } from './ruleHelpers';
import { repeatRule } from './repeats';

/**
 * The same property defined twice in a properties YAML. Definitions are written one after another,
 * so the later one silently replaces the earlier; each later copy is flagged, pointing at the first.
 * An MCP file is a sequence of writes: a whole propertyDefinition aspect sent again later (an
 * export, a re-run) replaces the earlier one as UPSERT does, as for lineage aspects
 * (./duplicateEdge.ts), so it is no duplicate there.
 */
export const definitionDuplicate = repeatRule<PropertyDefinitionFact>(['definition.duplicate'], {
  written: (model) => (model.format === 'mcpJson' ? [] : factsOfKind(model, 'propertyDefinition')).map((fact) => ({ key: fact.urn.value, fact, range: fact.range })),
  judge: ([first, ...later], { text }) =>
    later.map(({ fact }) =>
      diagnostic(
        'definition.duplicate',
        'warning',
        fact.id?.range ?? fact.urn.range,
        `${propertyIdOf(fact.urn.value)} is defined twice in this file (first at ${lineLabel(text, first.range.start)}); when pushed, this definition replaces the earlier one. Keep one definition.`,
        { firstDefinition: first.range.start },
      ),
    ),
});
