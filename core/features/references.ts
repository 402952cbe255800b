import type { Location } from 'vscode-languageserver-types';
import { propertyIdOf } from '../definitions/normalise';
import type { SourceRange } from '../model/range';
import { location } from './definition';
import { documentsToSearch, nestedUrns, sameProperty, targetAt } from './locate';
import type { FeatureInput } from '../workspace/workspaceDocument';

/**
 * Find references: every place in the workspace that uses the property (assignments, PATCH
 * operations, definitions when asked) or the entity URN (edges, declarations, URNs nested in
 * schemaField URNs) under the caret.
 */
export function findReferences(input: FeatureInput, offset: number, includeDeclaration: boolean): Location[] {
  const target = targetAt(input.document, offset);
  if (!target) return [];
  const out: Location[] = [];
  const seen = new Set<string>();
  const push = (doc: Parameters<typeof location>[0], range: SourceRange) => {
    const key = `${doc.uri}#${range.start}:${range.end}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(location(doc, range));
  };
  for (const doc of documentsToSearch(input.document, input.workspace, target.urn)) {
    for (const fact of doc.model.facts) {
      if (target.kind === 'urn') {
        if (fact.kind === 'entityRef') {
          if (fact.urn === target.urn) push(doc, fact.range);
          for (const nested of nestedUrns(fact.urn, fact.range.start)) if (nested.urn === target.urn) push(doc, nested.range);
        } else if (fact.kind === 'entityDeclaration' && fact.urn.value === target.urn && includeDeclaration) {
          push(doc, fact.urn.range);
        }
        continue;
      }
      if (fact.kind === 'propertyAssignment' && sameProperty(fact.propertyUrn, target.urn)) push(doc, fact.property.range);
      else if (fact.kind === 'entityRef' && fact.role === 'property' && sameProperty(fact.urn, target.urn)) push(doc, fact.range);
      else if (fact.kind === 'propertyDefinition' && includeDeclaration) {
        if (sameProperty(fact.urn.value, target.urn) || fact.qualifiedName?.value === propertyIdOf(target.urn)) push(doc, (fact.id ?? fact.urn).range);
      }
    }
  }
  return out;
}
