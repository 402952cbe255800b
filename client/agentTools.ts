import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { invocationMessage, languageModelToolName, MCP_PROVIDER_ID } from '../core/agent/contributions';
import { READ_ONLY_TOOLS } from '../core/agent/tools';
import type { AgentTool, ToolResult } from '../core/agent/toolTypes';
import { AgentToolRequest } from '../core/protocol';

/**
 * The agents' tools (core/agent/tools.ts) in VS Code: each read-only tool as a language-model tool
 * (package.json `languageModelTools`, run by the language server over its workspace session), and
 * `catalog-code mcp` registered as the workspace's MCP server for agents that speak MCP. Both APIs
 * are newer than the oldest VS Code the extension runs on (engines ^1.95: language-model tools
 * came with 1.95, MCP server definitions with 1.101), so each is used only where it exists.
 */
export function registerAgentTools(context: vscode.ExtensionContext, client: RunningClient, mcpEnvironment: McpEnvironment, log: vscode.LogOutputChannel): void {
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  if (typeof lm?.registerTool === 'function') {
    for (const tool of READ_ONLY_TOOLS) context.subscriptions.push(lm.registerTool(languageModelToolName(tool.name), languageModelTool(tool, client)));
  } else log.info('This VS Code has no language-model tools API (vscode.lm.registerTool); the agent tools are offered through catalog-code mcp only.');
  registerMcpServer(context, mcpEnvironment, log);
}

/** The language client once its server runs (waiting while it starts); undefined when it does not run. */
export type RunningClient = (token: vscode.CancellationToken) => Promise<LanguageClient | undefined>;

function languageModelTool(tool: AgentTool, client: RunningClient): vscode.LanguageModelTool<Record<string, unknown>> {
  return {
    prepareInvocation: (options) => ({ invocationMessage: invocationMessage(tool, options.input) }),
    async invoke(options, token) {
      const running = await client(token);
      const result: ToolResult = running
        ? await running.sendRequest(AgentToolRequest.type, { name: tool.name, input: options.input ?? {}, folders: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath) }, token)
        : { summary: 'The Catalog Code language server is not running (see Catalog Code: Open Log), so the tool cannot answer.', structured: {}, isError: true };
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.summary), new vscode.LanguageModelTextPart(JSON.stringify(result.structured))]);
    },
  };
}

/** The catalog the registered MCP server reaches (the integrated terminals' variables), and when that changes. */
export interface McpEnvironment {
  variables(): Record<string, string>;
  onDidChange: vscode.Event<void>;
}

/** The parts of VS Code 1.101's MCP API this uses, declared here: @types/vscode is kept at the oldest supported version. */
interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: { onDidChangeMcpServerDefinitions?: vscode.Event<void>; provideMcpServerDefinitions(): unknown[] }): vscode.Disposable;
}
type McpStdioServerDefinitionClass = new (label: string, command: string, args: string[], env?: Record<string, string>, version?: string) => { cwd?: vscode.Uri };

function registerMcpServer(context: vscode.ExtensionContext, environment: McpEnvironment, log: vscode.LogOutputChannel): void {
  const lm = vscode.lm as unknown as Partial<McpApi> | undefined;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass }).McpStdioServerDefinition;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || !Definition) {
    log.info('This VS Code cannot register MCP servers (VS Code 1.101 or later can); agents can still start catalog-code mcp themselves (docs/agents.md).');
    return;
  }
  const cli = vscode.Uri.joinPath(context.extensionUri, 'dist', 'cli.js').fsPath;
  // Asked again when the catalog or the workspace folders change.
  const changed = new vscode.EventEmitter<void>();
  context.subscriptions.push(changed, environment.onDidChange(() => changed.fire()), vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()), vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()));
  context.subscriptions.push(
    lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions() {
        // A server that reads the workspace's settings runs in a trusted workspace only (as the local catalog does).
        const folders = vscode.workspace.isTrusted ? (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file') : [];
        if (folders.length === 0) return [];
        const args = [cli, 'mcp', ...folders.flatMap((f) => ['--workspace', f.uri.fsPath])];
        // The extension host's own executable, run as Node; the catalog as the integrated terminals reach it (never the token).
        const definition = new Definition('Catalog Code', process.execPath, args, { ELECTRON_RUN_AS_NODE: '1', ...environment.variables() }, String(context.extension.packageJSON.version ?? ''));
        definition.cwd = folders[0].uri;
        return [definition];
      },
    }),
  );
}
