import type { DocumentModel } from '../model/facts';

/**
 * A lookup over a whole document, computed once per model. Rules kept per part run once for each
 * part of a document (core/incremental/checkParts.ts) and each may look facts up across the whole
 * document: without this, a file of 60,000 items would be scanned 60,000 times. Models are values:
 * a changed document is a new model object.
 */
export function oncePerDocument<T>(compute: (model: DocumentModel) => T): (model: DocumentModel) => T {
  const known = new WeakMap<DocumentModel, T>();
  return (model) => {
    if (known.has(model)) return known.get(model) as T;
    const value = compute(model);
    known.set(model, value);
    return value;
  };
}
