import type { ScanReader } from './scanReader';
import type { PropertyDefinitionInfo, EntityExistenceView } from '../definitions/types';
import type { WorkspaceDocument } from './workspaceDocument';
import type { DocumentAnalysis } from '../incremental/documentAnalysis';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { LineIndex } from '../model/range';
import type { SeverityOverrides } from '../diagnostics/severityOverrides';
import type { ServiceTarget } from '../rules/target';
import type { DataHubProfile } from '../datahub/versions';
import type { ScanLimit } from './metadataFiles';
import type { DocumentCoverage } from './openDocumentLimit';
import type { RestDifference } from './restCheck';
import type { SqlLineageView } from '../sql/impliedLineage';
import type { RecordStore } from './closedRecords';
import type { DiskStamp } from '../files/readFile';

// What a workspace session (./session.ts) is given and hands out: its options, what the catalog
// knows, and the documents it keeps.

/** What the catalog service told us, as far as checks need it; the CLI fetches it once, the server keeps it fresh. */
export interface CatalogKnowledge {
  /** the service's definitions (live or cached); undefined when there is no service */
  serviceDefinitions?: ReadonlyMap<string, PropertyDefinitionInfo>;
  /** which entities exist; unknown (quiet) without a service that answered */
  entities: EntityExistenceView;
  /** the kind of service the files are written for (default offline: messages say what DataHub does) */
  target?: ServiceTarget;
  /** the DataHub version whose rules apply (core/datahub/versions.ts); default the newest modelled */
  datahub?: DataHubProfile;
  /** the lineage the SQL defining datasets implies (the language server reads SQL; the CLI does not) */
  sql?: SqlLineageView;
}

/** A session's collaborators, each given once, at construction. */
export interface WorkspaceSessionOptions {
  /** what the catalog knows (server: kept fresh, CLI: fetched once); offline without one */
  catalog?: () => CatalogKnowledge;
  /** the user's levels per code at start (`catalogCode.diagnostics.severity`, the CLI's `--severity`); later ones through setSeverity */
  severity?: SeverityOverrides;
  /** told of each file left out of the workspace (a FIFO, a device, a file too large, a link leading out), as a sentence */
  onSkipped?: (message: string) => void;
  /** told after each scan whether it stopped at its limit (the server tells the user: server/workspaceLimit.ts) */
  onScanLimit?: (reached: ScanLimitReached | undefined, folders: readonly string[]) => void;
  /** told when an open document's analysis after edits differed from a fresh read once it rested (./restCheck.ts); without it no such check runs */
  onRestDifference?: (difference: RestDifference) => void;
  /** how long a document rests before that check (default REST_MS; negative: never) */
  restMs?: number;
  /** where closed files' records are kept between runs (./closedRecords.ts); without it every scan reads every file */
  records?: RecordStore;
  /** how each scan of `files` files reads them (./scanReader.ts); in process without it (the language server gives one that reads on worker threads where that pays) */
  scanReader?: (files: number) => ScanReader;
}

/** A scan stopped at its limit: the files past it were not read. */
export type ScanLimitReached = ScanLimit;

export interface SessionDocument extends WorkspaceDocument {
  /** UTF-16 positions; the index the next edits move */
  lineIndex: LineIndex;
  /** the editor's version for open documents; undefined for files read from disk */
  version: number | undefined;
  open: boolean;
  /** open documents: what the next edits are applied to (core/incremental) */
  analysis?: DocumentAnalysis;
  /** open documents not (yet) read whole: being read in slices, read up to the limit, or not read (./openDocumentLimit.ts) */
  coverage?: DocumentCoverage;
  /**
   * a closed file read from disk whose model keeps only the facts read across files (definitions,
   * entities, lineage, assignments; ./slimModel.ts): its own checks read it whole again
   */
  slim?: true;
}

export interface FileDiagnostics {
  uri: string;
  document: SessionDocument;
  diagnostics: CoreDiagnostic[];
}

/** How a text is kept (WorkspaceSession.store). */
export interface StoreHow {
  /** the editor's version of an open document; undefined for a file read from disk */
  version?: number;
  open: boolean;
  /** tell the definitions' listeners (false while a scan stores files: it tells once at its end) */
  notify?: boolean;
  /** the analysis the edits since the stored version made (an open document read in part); without it the text is read */
  updated?: DocumentAnalysis;
  /** the line index the edits moved (kept with `updated`) */
  lineIndex?: LineIndex;
  /** a closed file read from disk, which keeps only the facts other files read (./slimModel.ts), or only its record (./recordedFile.ts) */
  slim?: boolean;
  /** a file read from disk: its size and time then (a closed file of a format kept as a record needs it) */
  stamp?: DiskStamp;
}
