/**
 * Every custom message between the Catalog Code client and language server, declared once.
 * Both sides import this file; it holds types and method names only.
 */
import { NotificationType, RequestType, type Diagnostic, type Location, type Position } from 'vscode-languageserver-protocol';
import type { FineGrainedLineageView, LineageScrollPage, LineageScrollRequest } from './api/lineageClient';
import type { PlanImpact } from './plan/impactTypes';
import type { PendingView } from './common/pendingTypes';
import type { PushPlan } from './plan/pushPlanTypes';
import type { PushVerdicts } from './plan/pushVerdicts';
import type { TypeNamespace } from './urn';
import type { FormatId } from './model/facts';
import type { SqlLineageResult, SqlTableSchemas } from './sql/sqlLineageTypes';

/**
 * What a client passes in `initialize` → `initializationOptions`. All fields are optional. The VS
 * Code client passes only `storagePath`, `clientRegistersCommands` and `catalogCodeStatus`: settings reach the server
 * one way, the `catalogCode` section it pulls with workspace/configuration. The three settings
 * below are for editors that cannot answer that request; they are read by the same typed reader
 * (core/settings/catalogSettings.ts).
 */
export interface CatalogInitializationOptions {
  /** a folder the server may write to (VS Code: `context.globalStorageUri.fsPath`); holds the definitions cache */
  storagePath?: string;
  /** `catalogCode.formats.associations`: glob → format id */
  associations?: Record<string, string>;
  /** `catalogCode.definitions.refreshIntervalSeconds`: how often live definitions are refreshed (0 turns the timer off) */
  refreshIntervalSeconds?: number;
  /** `catalogCode.diagnostics.severity`: code (or family `lineage.*`) → error/warning/information/hint/off */
  severity?: Record<string, string>;
  /**
   * The client registers the server's commands itself (so they exist while the server is down);
   * the server then leaves them out of `executeCommandProvider`, which would register them twice.
   */
  clientRegistersCommands?: boolean;
  /**
   * The client handles the `catalogCode/status` notification (the VS Code client does); without
   * this (or the experimental client capability of the same name) the server sends none, as an
   * editor that does not know the method would warn about each one. The status line still goes to
   * the server's log (window/logMessage).
   */
  catalogCodeStatus?: boolean;
  /**
   * The client handles `catalogCode/claimedFiles` (the VS Code client does: its Push, Plan and Pull
   * menus show only on files a format claims); without this the server sends none.
   */
  catalogCodeClaimedFiles?: boolean;
  /**
   * How the client counts a position's `character` when it does not say so in
   * `capabilities.general.positionEncodings` (LSP 3.17): `utf-32` for one that counts characters
   * (Emacs lsp-mode 8), `utf-8` for one that counts bytes (Vim's ALE). Ignored when the client offers encodings.
   */
  positionEncoding?: 'utf-8' | 'utf-16' | 'utf-32';
}

/** Client → server: where the catalog service is and which token to send. `url: null` means offline. */
export interface SetConnectionParams {
  url: string | null;
  /** never logged or echoed back */
  token: string | null;
}

export const SetConnectionNotification = {
  method: 'catalogCode/setConnection',
  type: new NotificationType<SetConnectionParams>('catalogCode/setConnection'),
} as const;

/** How the language server stands with the catalog service (not the client's connection manager). */
export type CatalogReachability =
  | 'offline' // no service URL configured: workspace definitions only
  | 'connecting' // first fetch under way
  | 'connected' // the last fetch succeeded
  | 'unreachable' // the last fetch failed; definitions come from the cache (if any)
  | 'unauthorized'; // the service refused the token (401/403)

export type DefinitionsSource = 'live' | 'cache' | 'none';

/** Server → client: what the server is connected to and where its definitions come from. */
export interface StatusParams {
  state: CatalogReachability;
  /** the service URL in use, without credentials; absent when offline */
  url?: string;
  definitions: {
    source: DefinitionsSource;
    /** number of definitions from the service (live or cached) */
    serviceCount: number;
    /** number of definitions found in workspace files */
    workspaceCount: number;
    /** when the service definitions were fetched (epoch ms); absent when none */
    fetchedAt?: number;
  };
  /** true while a definitions refresh is running */
  refreshing: boolean;
  /** the last failure, in words a user understands (no token, no stack) */
  lastError?: string;
  /** open documents not checked whole as they are typed (over 2 MiB: checked partially or not at all; `catalog-code validate` checks them), by URI */
  uncheckedDocuments?: string[];
  /** the workspace scan stopped at its limit of files (CATALOG_MAX_WORKSPACE_FILES): the first file it left out, by path */
  workspaceFileLimit?: { limit: number; firstLeftOut: string };
  /** of those, the ones checked up to the limit: how many characters of how many ("checked partially: 2.1 MB of 20.0 MB") */
  checkedPartially?: { uri: string; checkedChars: number; length: number }[];
  /** open documents being read in slices right now (their first items are checked, the rest follows), by URI */
  readingDocuments?: string[];
  /** one line summarising all of the above, ready to show */
  message: string;
  /** what the checks are made against, in the words every surface uses (core/api/targetDescription.ts) */
  checkedAgainst?: string;
}

export const StatusNotification = {
  method: 'catalogCode/status',
  type: new NotificationType<StatusParams>('catalogCode/status'),
} as const;

/** `workspace/executeCommand` command: fetch definitions from the service now. */
export const REFRESH_DEFINITIONS_COMMAND = 'catalogCode.refreshDefinitions';

/** Every command the server registers through `executeCommandProvider`. */
export const SERVER_COMMANDS: readonly string[] = [REFRESH_DEFINITIONS_COMMAND];

/** Client → server: the diagnostics of workspace files, open or closed, as the editor shows them. */
export interface WorkspaceProblemsParams {
  /** only these files (URIs); every metadata file of the workspace when absent */
  uris?: string[];
}

export interface FileProblems {
  uri: string;
  /** the format the file was read as */
  format: string;
  diagnostics: Diagnostic[];
}

export interface WorkspaceProblemsResult {
  /** every metadata file asked about, with its diagnostics (possibly none), sorted by URI */
  files: FileProblems[];
}

/** Validate Workspace, the push guard and the workspace push ask this instead of checking files themselves. */
export const WorkspaceProblemsRequest = {
  method: 'catalogCode/workspaceProblems',
  type: new RequestType<WorkspaceProblemsParams, WorkspaceProblemsResult, void>('catalogCode/workspaceProblems'),
} as const;

export interface EntityDeclarationParams {
  urn: string;
}

/** Client → server: the workspace file that declares an entity (Open Defining File); null when none does. */
export const EntityDeclarationRequest = {
  method: 'catalogCode/entityDeclaration',
  type: new RequestType<EntityDeclarationParams, Location | null, void>('catalogCode/entityDeclaration'),
} as const;

export interface EntityAtParams {
  uri: string;
  position: Position;
}

/** Client → server: the URN of the entity at a position of an open document (the Lineage view's root); null when none. */
export const EntityAtRequest = {
  method: 'catalogCode/entityAt',
  type: new RequestType<EntityAtParams, string | null, void>('catalogCode/entityAt'),
} as const;

/** Client → server: the entities the workspace declares or mentions (Pull from Catalog's picker), declared ones first, at most 2,000. */
export const WorkspaceEntitiesRequest = {
  method: 'catalogCode/workspaceEntities',
  type: new RequestType<Record<string, never>, { urn: string; detail: string }[], void>('catalogCode/workspaceEntities'),
} as const;

export interface DocumentImpactParams {
  uri: string;
}

export interface ImpactLens {
  /** where the lens goes */
  position: Position;
  /** "cuts 12 downstream entities", "used by 340 entities, 12 with values no longer allowed" */
  title: string;
  /** the entities to list when the lens is clicked */
  entities: string[];
}

export interface DocumentImpactResult {
  /** the editor's version of the document the lenses were computed for; absent for a file the editor has not opened */
  version?: number;
  lenses: ImpactLens[];
}

/**
 * Client → server: the impact code lenses of a document, from the server's copy of it and its catalog
 * connection. When the catalog cannot be asked the request fails with a ResponseError (InternalError)
 * whose message says why, as the push requests do.
 */
export const DocumentImpactRequest = {
  method: 'catalogCode/documentImpact',
  type: new RequestType<DocumentImpactParams, DocumentImpactResult, void>('catalogCode/documentImpact'),
} as const;

export interface DocumentPropertyDefinitionsParams {
  uri: string;
}

/**
 * Client → server: the URNs of the structured properties a document defines, from the server's
 * copy of it (Soft Delete / Restore Property offer them in a quick pick); empty when none or the
 * server does not hold the document.
 */
export const DocumentPropertyDefinitionsRequest = {
  method: 'catalogCode/documentPropertyDefinitions',
  type: new RequestType<DocumentPropertyDefinitionsParams, string[], void>('catalogCode/documentPropertyDefinitions'),
} as const;

export interface PushFilesParams {
  /** the files to push (URIs); every metadata file of the workspace when absent */
  uris?: string[];
  /** pushPlan only: also compute the plan's impact (core/impact/planImpact.ts), as `catalog-code plan` does; the push itself skips it */
  impact?: boolean;
}

/**
 * Client → server: the verdicts of pushing files to the server's catalog service — which are
 * metadata files, which have errors that block the push, and the type namespace it writes — from
 * the server's workspace session (core/push/sessionPush.ts, as the CLI decides them). Fails with
 * a message in words when the server has no catalog service.
 */
export const PushVerdictsRequest = {
  method: 'catalogCode/pushVerdicts',
  type: new RequestType<PushFilesParams, PushVerdicts, void>('catalogCode/pushVerdicts'),
} as const;

export interface PushPlanResult {
  /** the service the plan was made against: the client sends it there only */
  serviceUrl: string;
  typeNamespace: TypeNamespace;
  plan: PushPlan;
  /** when asked for (`impact`): what the plan's removals and narrowed definitions affect */
  impacts?: PlanImpact[];
  /** when asked for: why the impact (or part of it) could not be computed; the plan itself is still right */
  impactError?: string;
}

/** Client → server: the plan of pushing files, against what the server's catalog service holds now (the client applies it). */
export const PushPlanRequest = {
  method: 'catalogCode/pushPlan',
  type: new RequestType<PushFilesParams, PushPlanResult, void>('catalogCode/pushPlan'),
} as const;

export interface LineagePageParams extends LineageScrollRequest {
  /** `pending` (default): the catalog with the workspace's files applied; `pushed`: the catalog alone */
  view?: PendingView;
}

/**
 * Client → server: one page of lineage from `urn`, over the server's pending state
 * (core/pending): hits carry a `mark` (added, removed, unchanged, with the files that cause it)
 * and the page its `basis` (offline: the files alone). The lineage tree and graph read lineage
 * only through this request, so they never recompute what the files change.
 */
export const LineagePageRequest = {
  method: 'catalogCode/lineagePage',
  type: new RequestType<LineagePageParams, LineageScrollPage, void>('catalogCode/lineagePage'),
} as const;

export interface FineGrainedLineagesParams {
  datasetUrn: string;
  view?: PendingView;
}

/** Client → server: the column-level edges of a dataset over the pending state, each with its `mark`. */
export const FineGrainedLineagesRequest = {
  method: 'catalogCode/fineGrainedLineages',
  type: new RequestType<FineGrainedLineagesParams, FineGrainedLineageView[], void>('catalogCode/fineGrainedLineages'),
} as const;

export interface CatalogLinkParams {
  urn: string;
}

/** Where a URN's page in DataHub's web UI is, or why there is none (in words for the user). */
export interface CatalogLinkResult {
  url?: string;
  why?: string;
}

/**
 * Client → server: the web UI page of a URN (core/links/catalogUi.ts), from the
 * `catalogCode.service.uiUrl` setting or the connected service. Open in DataHub asks this, so the
 * command, document links and hovers link to the same page.
 */
export const CatalogLinkRequest = {
  method: 'catalogCode/catalogLink',
  type: new RequestType<CatalogLinkParams, CatalogLinkResult, void>('catalogCode/catalogLink'),
} as const;

export interface CatalogChangedParams {
  /** the entities written (a push's plan items); absent: anything may have changed */
  urns?: string[];
}

/**
 * Client → server: the catalog was just written (a push finished, even partly). The server
 * forgets what it read from the catalog — which entities exist, lineage pages — and checks again,
 * so a verdict never outlives the push that changed it. `catalogCode.refreshDefinitions` does the
 * same for editors that cannot send this.
 */
export const CatalogChangedNotification = {
  method: 'catalogCode/catalogChanged',
  type: new NotificationType<CatalogChangedParams>('catalogCode/catalogChanged'),
} as const;

/**
 * Server → client: which files a format claims (by content or `catalogCode.formats.associations`),
 * as changes since the last message. `reset`: forget every file told before (the first message of
 * a server run). The VS Code client turns it into the context keys its menus read
 * (client/claimedFiles.ts), and starts the local catalog only once a file is claimed.
 */
export interface ClaimedFilesParams {
  reset?: boolean;
  /** URI → the format that claims it, for files claimed anew or by another format */
  claimed: Record<string, FormatId>;
  /** URIs no longer claimed (deleted, changed into another kind of file, associated with `none`) */
  released: string[];
}

export const ClaimedFilesNotification = {
  method: 'catalogCode/claimedFiles',
  type: new NotificationType<ClaimedFilesParams>('catalogCode/claimedFiles'),
} as const;

/**
 * Client → server: the column lineage of a SQL text (core/sql/sqlLineage.ts), computed in the
 * server's worker (server/sqlLineageRequests.ts) with the columns the workspace's dataset YAML
 * and MCP `schemaMetadata` give the dialect's platform, then the connected catalog's schemaMetadata
 * for the tables read that the workspace does not describe, under `schemas` (which win). The code
 * lens of a `.sql` file and its command ask it.
 */
export interface SqlLineageParams {
  /** the SQL text (the editor's buffer) */
  text: string;
  dialect: string;
  defaultDatabase?: string;
  defaultSchema?: string;
  schemas?: SqlTableSchemas;
}

export interface SqlLineageAnswer {
  result: SqlLineageResult;
  /** how many tables the workspace gave columns for */
  workspaceTables: number;
  /**
   * how many tables the SQL reads that the workspace does not describe got their columns from the
   * connected catalog's schemaMetadata (0 offline); when the catalog could not be asked, the
   * result's warnings say so
   */
  catalogTables: number;
}

export const SqlLineageRequestType = {
  method: 'catalogCode/sqlLineage',
  type: new RequestType<SqlLineageParams, SqlLineageAnswer, void>('catalogCode/sqlLineage'),
} as const;

export interface AgentToolParams {
  /** a tool of core/agent/tools.ts */
  name: string;
  /** its input, checked by the server against the tool's schema */
  input: Record<string, unknown>;
  /** the workspace folders (paths) the tool may read: the editor's, when asked */
  folders: string[];
}

/** A tool's answer (core/agent/toolTypes.ts ToolResult): a short summary, structured data, and whether the call was refused. */
export interface AgentToolResult {
  summary: string;
  structured: Record<string, unknown>;
  isError?: boolean;
}

/** Client → server: run one of the agents' tools (core/agent) over the server's workspace session, for VS Code's language-model tools. */
export const AgentToolRequest = {
  method: 'catalogCode/agentTool',
  type: new RequestType<AgentToolParams, AgentToolResult, void>('catalogCode/agentTool'),
} as const;
