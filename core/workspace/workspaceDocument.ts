import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { DocumentModel } from '../model/facts';
import type { PositionIndex } from '../model/range';

/** One parsed document: what every editor feature reads. */
export interface WorkspaceDocument {
  uri: string;
  text: string;
  model: DocumentModel;
  /** positions as the reader counts them: UTF-16 in core/, the client's encoding in the server's features */
  lineIndex: PositionIndex;
}

/** What the editor features are handed: the document at hand, the definitions, and the rest of the workspace. */
export interface FeatureInput {
  document: WorkspaceDocument;
  definitions: DefinitionsView;
  /** which entities the service has; absent or unknown when offline */
  entities?: EntityExistenceView;
  /** the files of the workspace whose push creates the entity (the pending state, core/pending); undefined when none does */
  createdBy?: (urn: string) => ReadonlySet<string> | undefined;
  /** every parsed metadata document of the workspace (may include `document` itself) */
  workspace?: readonly WorkspaceDocument[];
  /** the link to a URN's page in DataHub's web UI, for hovers; absent (or undefined for a URN) when there is none (core/links/catalogUi.ts) */
  catalogLink?: (urn: string) => string | undefined;
}

export function isJsonDocument(document: WorkspaceDocument): boolean {
  if (/\.jsonc?$/i.test(document.uri)) return true;
  if (/\.ya?ml$/i.test(document.uri)) return false;
  return document.model.format === 'mcpJson' || /^\s*[[{]/.test(document.text);
}
