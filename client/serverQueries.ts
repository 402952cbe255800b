import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EntityDeclarationRequest, WorkspaceProblemsRequest, type FileProblems } from '../core/protocol';

/**
 * Questions about the workspace go to the language server, the one owner of the workspace
 * (files, associations, definitions, what the catalog knows), so the client never checks or
 * scans files itself and cannot disagree with the editor's diagnostics.
 */
export class ServerQueries {
  constructor(private readonly client: () => LanguageClient | undefined) {}

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

  /** An LSP diagnostic as VS Code shows it (the same conversion the language client uses). */
  asDiagnostics(file: FileProblems): vscode.Diagnostic[] {
    const client = this.client();
    return client ? file.diagnostics.map((d) => client.protocol2CodeConverter.asDiagnostic(d)) : [];
  }
}
