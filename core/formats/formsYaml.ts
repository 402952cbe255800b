import type { FormPromptFact, PropertyReferenceFact } from '../model/facts';
import type { Located } from '../model/range';
import { entityTypeOfUrn, makeStructuredPropertyUrn } from '../urn';
import { type FactCollector, pathOf } from './collector';
import type { DocNode, MapNode } from './tree';
import { valueOf } from './tree';

/**
 * The `datahub forms upsert` YAML: a top-level list of forms, each with prompts that may ask for a
 * structured property (metadata-ingestion/src/datahub/api/entities/forms/forms.py). Read for the
 * properties the prompts name and the entity types the form is for, so both can be checked
 * against the property definitions.
 */
export function readFormsYaml(root: DocNode, collector: FactCollector): void {
  const forms = root.type === 'map' ? [root] : collector.list(root, '');
  if (root.type === 'map') collector.wrongType('', 'list', root);
  forms.forEach((item, index) => {
    const map = collector.map(item, pathOf('', index));
    if (map) readForm(map, pathOf('', index), collector);
  });
}

function readForm(map: MapNode, path: string, collector: FactCollector): void {
  collector.shape(map, 'formsYaml.form');
  collector.requireKey(map, 'formsYaml.form', 'name');
  // forms.py urn_must_be_present: "Form id must be present if urn is not".
  if (valueOf(map, 'id') === undefined && valueOf(map, 'urn') === undefined) collector.missingKey(map, 'formsYaml.form', 'id');
  collector.string(valueOf(map, 'id'), pathOf(path, 'id'));
  collector.urn(valueOf(map, 'urn'), 'entity', pathOf(path, 'urn'));
  collector.string(valueOf(map, 'name'), pathOf(path, 'name'));
  collector.enumValue(valueOf(map, 'type'), 'formType', pathOf(path, 'type'));
  const entityTypes = readEntities(valueOf(map, 'entities'), pathOf(path, 'entities'), collector);
  readActors(valueOf(map, 'actors'), pathOf(path, 'actors'), collector);
  const promptsPath = pathOf(path, 'prompts');
  collector.list(valueOf(map, 'prompts'), promptsPath).forEach((item, index) => {
    const prompt = collector.map(item, pathOf(promptsPath, index));
    if (prompt) readPrompt(prompt, pathOf(promptsPath, index), entityTypes, collector);
  });
}

function readPrompt(map: MapNode, path: string, entityTypes: Located<string>[], collector: FactCollector): void {
  collector.shape(map, 'formsYaml.prompt');
  collector.requireKey(map, 'formsYaml.prompt', 'title');
  collector.requireKey(map, 'formsYaml.prompt', 'type');
  const type = collector.enumValue(valueOf(map, 'type'), 'promptType', pathOf(path, 'type'));
  const required = collector.boolean(valueOf(map, 'required'), pathOf(path, 'required'));
  // forms.py: structured_property_urn wins; else it is made from structured_property_id.
  const urn = collector.urn(valueOf(map, 'structured_property_urn'), 'property', pathOf(path, 'structured_property_urn'));
  const id = collector.string(valueOf(map, 'structured_property_id'), pathOf(path, 'structured_property_id'));
  const property = urn ?? id;
  if (type) {
    const prompt: FormPromptFact = { kind: 'formPrompt', type, namesProperty: property !== undefined, range: map.range };
    if (required?.value === true) prompt.required = required;
    collector.facts.push(prompt);
  }
  if (!property) return;
  const propertyUrn = urn ? urn.value : makeStructuredPropertyUrn(property.value);
  const fact: PropertyReferenceFact = { kind: 'propertyReference', propertyUrn, property, entityTypes, range: map.range };
  collector.facts.push(fact);
}

/** The entity types the form is assigned to: its filters' `types` and the types of its `urns`. */
function readEntities(node: DocNode | undefined, path: string, collector: FactCollector): Located<string>[] {
  const map = collector.map(node, path);
  if (!map) return [];
  collector.shape(map, 'formsYaml.entities');
  const types: Located<string>[] = [];
  const urnsPath = pathOf(path, 'urns');
  collector.list(valueOf(map, 'urns'), urnsPath).forEach((item, index) => {
    const urn = collector.urn(item, 'entity', pathOf(urnsPath, index));
    const type = urn ? entityTypeOfUrn(urn.value) : undefined;
    if (urn && type) types.push({ value: type, range: urn.range });
  });
  const filters = collector.map(valueOf(map, 'filters'), pathOf(path, 'filters'));
  if (filters) {
    collector.shape(filters, 'formsYaml.filters');
    const typesPath = pathOf(pathOf(path, 'filters'), 'types');
    collector.list(valueOf(filters, 'types'), typesPath).forEach((item, index) => {
      const type = collector.enumValue(item, 'entityType', pathOf(typesPath, index));
      if (type) types.push(type);
    });
  }
  return types;
}

function readActors(node: DocNode | undefined, path: string, collector: FactCollector): void {
  const map = collector.map(node, path);
  if (!map) return;
  collector.shape(map, 'formsYaml.actors');
  collector.boolean(valueOf(map, 'owners'), pathOf(path, 'owners'));
}
