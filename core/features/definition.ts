import type { Location } from 'vscode-languageserver-types';
import { propertyIdOf } from '../definitions/normalise';
import type { SourceRange } from '../model/range';
import { documentsToSearch, sameProperty, targetAt } from './locate';
import type { FeatureInput, WorkspaceDocument } from '../workspace/workspaceDocument';

/**
 * Go to definition: from a property (its key or one of its values) to the definition written in
 * the workspace; from an entity URN to the file that declares the entity (a dataset YAML, a
 * lineage-file entry).
 */
export function findDefinition(input: FeatureInput, offset: number): Location[] {
  const target = targetAt(input.document, offset);
  if (!target) return [];
  const documents = documentsToSearch(input.document, input.workspace, target.urn);
  if (target.kind === 'property' || target.kind === 'propertyValue') {
    const found: Location[] = [];
    for (const doc of documents) {
      for (const fact of doc.model.facts) {
        if (fact.kind !== 'propertyDefinition') continue;
        const matches = sameProperty(fact.urn.value, target.urn) || fact.qualifiedName?.value === propertyIdOf(target.urn);
        if (matches && !(doc.uri === input.document.uri && fact.range.start <= offset && offset <= fact.range.end)) {
          found.push(location(doc, fact.id?.range ?? fact.urn.range));
        }
      }
    }
    return found;
  }
  const found: Location[] = [];
  for (const doc of documents) {
    for (const fact of doc.model.facts) {
      if (fact.kind !== 'entityDeclaration' || fact.urn.value !== target.urn || fact.depth > 0) continue;
      if (doc.uri === input.document.uri && fact.urn.range.start <= offset && offset <= fact.urn.range.end) continue;
      found.push(location(doc, fact.urn.range));
    }
  }
  return found;
}

export function location(doc: WorkspaceDocument, range: SourceRange): Location {
  return { uri: doc.uri, range: { start: doc.lineIndex.positionAt(range.start), end: doc.lineIndex.positionAt(range.end) } };
}
