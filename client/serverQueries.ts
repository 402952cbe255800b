import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  CatalogLinkRequest,
  CatalogChangedNotification,
  DocumentImpactRequest,
  DocumentPropertyDefinitionsRequest,
  EntityAtRequest,
  EntityDeclarationRequest,
  FineGrainedLineagesRequest,
  SqlLineageRequestType,
  type SqlLineageAnswer,
  type SqlLineageParams,
  LineagePageRequest,
  PushPlanRequest,
  PushVerdictsRequest,
  WorkspaceEntitiesRequest,
  WorkspaceProblemsRequest,
  type CatalogLinkResult,
  type DocumentImpactResult,
  type FineGrainedLineagesParams,
  type LineagePageParams,
  type FileProblems,
  type PushPlanResult,
} from '../core/protocol';
import type { PushVerdicts } from '../core/plan/pushVerdicts';
import type { FineGrainedLineageView, LineageScrollPage } from '../core/api/lineageClient';

/**
 * Questions about the workspace go to the language server, the one owner of the workspace
 * (files, associations, definitions, what the catalog knows), so the client never checks or
 * scans files itself and cannot disagree with the editor's diagnostics.
 */
export class ServerQueries {
  constructor(private readonly client: () => LanguageClient | undefined) {}

  /** The column lineage of a SQL text (catalogCode/sqlLineage, read in the server's worker); undefined when the server does not run. */
  async sqlLineage(params: SqlLineageParams, token?: vscode.CancellationToken): Promise<SqlLineageAnswer | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    return client.sendRequest(SqlLineageRequestType.type, params, token);
  }

  /** Why a question cannot be asked now, or undefined when the server runs. */
  unavailable(): string | undefined {
    return this.client()?.isRunning() ? undefined : 'the Catalog Code language server is not running (see Catalog Code: Open Log)';
  }

  /** Every metadata file with its diagnostics (or only `uris`); undefined when the server does not run. */
  async workspaceProblems(uris?: readonly vscode.Uri[], token?: vscode.CancellationToken): Promise<FileProblems[] | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    const result = await client.sendRequest(WorkspaceProblemsRequest.type, uris ? { uris: uris.map((uri) => uri.toString()) } : {}, token);
    return result.files;
  }

  async entityDeclaration(urn: string, token?: vscode.CancellationToken): Promise<vscode.Location | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    const found = await client.sendRequest(EntityDeclarationRequest.type, { urn }, token);
    return found ? client.protocol2CodeConverter.asLocation(found) : undefined;
  }

  /** The URN of the entity at a position of an open document, from the server's copy of it; undefined when none or no server. */
  async entityAt(uri: vscode.Uri, position: vscode.Position, token?: vscode.CancellationToken): Promise<string | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    return (await client.sendRequest(EntityAtRequest.type, { uri: uri.toString(), position: { line: position.line, character: position.character } }, token)) ?? undefined;
  }

  /** The page of a URN in DataHub's web UI, or why there is none; undefined when no server. */
  async catalogLink(urn: string, token?: vscode.CancellationToken): Promise<CatalogLinkResult | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    return client.sendRequest(CatalogLinkRequest.type, { urn }, token);
  }

  /** The entities the workspace declares or mentions (declared first); undefined when no server. */
  async workspaceEntities(token?: vscode.CancellationToken): Promise<{ urn: string; detail: string }[] | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    return client.sendRequest(WorkspaceEntitiesRequest.type, {}, token);
  }

  /** The impact code lenses of a document, computed by the server against its catalog connection; undefined when no server. */
  async documentImpact(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<DocumentImpactResult | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    return client.sendRequest(DocumentImpactRequest.type, { uri: uri.toString() }, token);
  }

  /** The structured properties a document defines, from the server's copy of it; undefined when no server. */
  async documentPropertyDefinitions(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<string[] | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    return client.sendRequest(DocumentPropertyDefinitionsRequest.type, { uri: uri.toString() }, token);
  }

  /** The verdicts of pushing these files to the server's catalog service (core/push/sessionPush.ts); throws when the server cannot answer. */
  async pushVerdicts(uris: readonly vscode.Uri[], token?: vscode.CancellationToken): Promise<PushVerdicts> {
    return this.running().sendRequest(PushVerdictsRequest.type, { uris: uris.map((uri) => uri.toString()) }, token);
  }

  /** The plan of pushing these files, made by the server against its catalog service; throws when the server cannot answer. */
  async pushPlan(uris: readonly vscode.Uri[], token?: vscode.CancellationToken, options: { impact?: boolean } = {}): Promise<PushPlanResult> {
    return this.running().sendRequest(PushPlanRequest.type, { uris: uris.map((uri) => uri.toString()), ...(options.impact ? { impact: true } : {}) }, token);
  }

  /** One page of lineage over the server's pending state (or the catalog alone: view `pushed`); throws when the server cannot answer. */
  async lineagePage(params: LineagePageParams, token?: vscode.CancellationToken): Promise<LineageScrollPage> {
    return this.running().sendRequest(LineagePageRequest.type, params, token);
  }

  /** A dataset's column-level edges over the server's pending state, each with its mark; throws when the server cannot answer. */
  async fineGrainedLineages(params: FineGrainedLineagesParams, token?: vscode.CancellationToken): Promise<FineGrainedLineageView[]> {
    return this.running().sendRequest(FineGrainedLineagesRequest.type, params, token);
  }

  /** Tells the server the catalog was just written (a push), so it reads what it cached again; false when no server runs. */
  async catalogChanged(urns?: readonly string[]): Promise<boolean> {
    const client = this.client();
    if (!client?.isRunning()) return false;
    await client.sendNotification(CatalogChangedNotification.type, urns ? { urns: [...urns] } : {});
    return true;
  }

  private running(): LanguageClient {
    const client = this.client();
    if (!client?.isRunning()) throw new Error(this.unavailable() ?? 'the Catalog Code language server is not running');
    return client;
  }
}
