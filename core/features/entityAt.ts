import type { DocumentModel } from '../model/facts';

/**
 * The URN of the entity written at `offset`: the innermost URN or declared entity whose range
 * holds it. No VS Code dependency, so it is unit-tested.
 */
export function entityUrnAt(model: DocumentModel, offset: number): string | undefined {
  let best: { urn: string; size: number } | undefined;
  const consider = (urn: string, start: number, end: number): void => {
    if (offset < start || offset > end) return;
    const size = end - start;
    if (!best || size < best.size) best = { urn, size };
  };
  for (const fact of model.facts) {
    if (fact.kind === 'entityRef' && fact.role !== 'valueType' && fact.role !== 'entityType') {
      consider(fact.urn, fact.range.start, fact.range.end);
    } else if (fact.kind === 'entityDeclaration') {
      consider(fact.urn.value, fact.urn.range.start, fact.urn.range.end);
    } else if (fact.kind === 'lineageEdge') {
      consider(fact.downstream.value, fact.downstream.range.start, fact.downstream.range.end);
      consider(fact.upstream.value, fact.upstream.range.start, fact.upstream.range.end);
    }
  }
  if (best) return best.urn;
  // Anywhere inside an entry (not on a URN): the entry's own entity.
  let enclosing: { urn: string; size: number } | undefined;
  for (const fact of model.facts) {
    if (fact.kind !== 'entityDeclaration' || fact.depth !== 0) continue;
    if (offset < fact.range.start || offset > fact.range.end) continue;
    const size = fact.range.end - fact.range.start;
    if (!enclosing || size < enclosing.size) enclosing = { urn: fact.urn.value, size };
  }
  return enclosing?.urn;
}
