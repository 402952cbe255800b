import { definitionsFromModel } from '../definitions/fromFacts';
import { readDocument } from '../formats';
import type { Associations } from '../formats/associations';
import { mentionsOfModel } from '../mentions/fileMentions';
import type { DocumentModel, FormatId } from '../model/facts';
import { keepsMentionsOnly } from './slimModel';
import { textHash } from './textHash';

/**
 * A closed file's record made where the session is not (a worker thread reading the workspace
 * scan's files: server/workerScanReader.ts), as plain data that crosses threads: what
 * ClosedRecords.keepFromModel makes of a model, plus what indexes collected of the file for their
 * next update (the pending state's lineage), which a record made from a model lets them read from
 * the model while it is held.
 */
export interface MadeRecord {
  format: FormatId;
  urns: readonly string[];
  rows: Int32Array;
  derived: Record<string, readonly string[]>;
  /** the text's length and hash */
  length: number;
  hash: string;
  /** by name: what an index collected of the file (./recordedFile.ts collected) */
  collected: Record<string, unknown>;
}

/** How a record is made away from the session: each derivation (./recordDerivations.ts) and each collection, by name. */
export interface RecordMakers {
  derive: Readonly<Record<string, (model: DocumentModel) => readonly string[]>>;
  collect: Readonly<Record<string, (model: DocumentModel) => unknown>>;
}

/** What the session asks of the records a scan's reader makes: its format associations, and the derivations and collections its indexes registered. */
export interface MadeRecordOptions {
  associations: Associations;
  derivations: readonly string[];
  collections: readonly string[];
}

const WRITES_DEFINITIONS = { writesAny: (model: DocumentModel) => definitionsFromModel(model).length > 0 };

/**
 * The record of a closed file's text read under the session's associations, when the session
 * would keep it as one (slimModel.ts keepsMentionsOnly) and `makers` make every derivation and
 * collection it asks; undefined
 * otherwise (the text then goes to the session, which reads it as it always does).
 */
export function madeRecord(uri: string, text: string, options: MadeRecordOptions, makers: RecordMakers): MadeRecord | undefined {
  const { associations, derivations, collections } = options;
  if (derivations.some((name) => !Object.hasOwn(makers.derive, name)) || collections.some((name) => !Object.hasOwn(makers.collect, name))) return undefined;
  let model: DocumentModel;
  try {
    model = readDocument(uri, text, { associations, acrossFilesOnly: true });
  } catch {
    return undefined;
  }
  if (!keepsMentionsOnly(model, WRITES_DEFINITIONS)) return undefined;
  const mentions = mentionsOfModel(model);
  const derived: Record<string, readonly string[]> = {};
  for (const name of derivations) derived[name] = makers.derive[name](model);
  const collected: Record<string, unknown> = {};
  for (const name of collections) collected[name] = makers.collect[name](model);
  return { format: model.format as FormatId, urns: mentions.urns, rows: mentions.rows, derived, length: text.length, hash: textHash(text), collected };
}
