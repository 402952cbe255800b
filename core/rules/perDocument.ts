import type { DocumentModel } from '../model/facts';
import { KeptWith } from '../common/keptWith';

/**
 * A lookup over a whole document, computed once per model. Rules kept per part run once for each
 * part of a document (core/incremental/checkParts.ts) and each may look facts up across the whole
 * document: without this, a file of 60,000 items would be scanned 60,000 times. Models are values:
 * a changed document is a new model object. Kept with the model (../common/keptWith.ts): a lookup
 * holds the model's facts, and the whole workspace's diagnostics read each closed file's model once.
 */
export function oncePerDocument<T>(compute: (model: DocumentModel) => T): (model: DocumentModel) => T {
  const known = new KeptWith<DocumentModel, T>('oncePerDocument');
  return (model) => {
    if (known.has(model)) return known.get(model) as T;
    const value = compute(model);
    known.set(model, value);
    return value;
  };
}
