import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { agentTools, runAgentTool } from '../core/agent/tools';
import type { AgentTool, ToolResult } from '../core/agent/toolTypes';
import { logLines } from '../core/output/logText';
import { parseCommandLine } from './args';
import { AgentWorkspace, workspaceFolders, type AgentWorkspaceOptions } from './agentWorkspace';
import { announced, connectionFrom, type CliConnection } from './connection';
import type { CliIo } from './io';

// `catalog-code mcp`: a bundle of its own (dist/cli-mcp.js, esbuild.mjs), so the MCP SDK is loaded
// by this command only, never by validate or the other verbs.

export const MCP_USAGE = `Usage: catalog-code mcp [--workspace DIR]... [--service URL] [--allow-push] [--settings FILE]

Serves Catalog Code's tools to coding agents over the Model Context Protocol (stdio): validate_files,
plan_changes, get_lineage, propose_lineage_from_sql, describe_property, explain_diagnostic — the
same checks, plans and pending lineage as the editor and the other commands. Read-only unless
started with --allow-push, which adds push_changes (it pushes only the plan whose hash it is given).
Paths are confined to the workspace folders. See docs/agents.md for the setup of VS Code, Claude
Code and Cursor.

Options:
  --workspace DIR  a workspace folder the tools may read (repeatable; default: the current folder)
  --service URL    the catalog (default: $CATALOG_SERVICE_URL; neither: offline, the files alone)
  --allow-push     offer push_changes
  --settings FILE  the catalogCode settings to apply (default: .vscode/settings.json of the first folder)

The token is $CATALOG_TOKEN, or for a URL on this machine the local catalog's token file; it is
never written to a result or the log. The log goes to stderr; stdout carries the protocol only.`;

const OPTIONS = {
  workspace: { type: 'string', multiple: true },
  service: { type: 'string' },
  'allow-push': { type: 'boolean', default: false },
  settings: { type: 'string' },
} as const;

export async function runMcp(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(argv, OPTIONS, MCP_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const { values, positionals } = commandLine.value;
  if (positionals.length > 0) {
    io.stderr(`catalog-code mcp takes no paths (${positionals[0]}); name workspace folders with --workspace DIR.`);
    return 2;
  }
  const folders = workspaceFolders(values.workspace ?? []);
  if (!folders.ok) {
    io.stderr(folders.problem);
    return 2;
  }
  let service: CliConnection | undefined;
  if (values.service !== undefined || process.env.CATALOG_SERVICE_URL) {
    const connected = announced(connectionFrom({ service: values.service }), io);
    if (!connected.ok) return connected.exit;
    service = connected.value;
  }
  const options: AgentWorkspaceOptions = { folders: folders.value, service, allowPush: values['allow-push'] === true, settingsFile: values.settings };
  io.stderr(startLine(options, service));
  await serve(options, io);
  return 0;
}

function startLine(options: AgentWorkspaceOptions, service: CliConnection | undefined): string {
  const catalog = service ? `the catalog at ${service.url} (${service.tokenFrom ? `token from ${service.tokenFrom}` : 'no token'})` : 'no catalog (offline: the files alone)';
  return `Catalog Code MCP server ${options.allowPush ? '(push_changes on)' : '(read-only)'}: workspace ${options.folders.join(', ')}; ${catalog}.`;
}

/** Serves until the client closes stdin. */
async function serve(options: AgentWorkspaceOptions, io: CliIo): Promise<void> {
  const tools = agentTools({ allowPush: options.allowPush });
  const workspace = new AgentWorkspace(options, io.stderr);
  const server = new Server({ name: 'catalog-code', version: io.version }, { capabilities: { tools: {} }, instructions: 'Catalog Code checks DataHub metadata files (YAML/JSON) in this workspace. Validate after editing metadata, plan before pushing, and read lineage as the files will make it.' });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(toolListing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const context = workspace.contextForCall(extra.signal);
    const started = Date.now();
    const result = await runAgentTool(request.params.name, request.params.arguments ?? {}, context);
    io.stderr(logLines(`${String(request.params.name).slice(0, 60)}: ${result.isError ? 'error' : 'ok'} in ${Date.now() - started} ms`));
    return callResult(result);
  });
  server.onerror = (error) => io.stderr(`MCP: ${error.message}`);
  const closed = new Promise<void>((done) => {
    server.onclose = done;
  });
  await server.connect(new StdioServerTransport());
  // The client closing stdin ends the session (the transport itself waits for more).
  process.stdin.once('end', () => void server.close());
  await closed;
}

function toolListing(tool: AgentTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: !tool.readOnly, idempotentHint: true, openWorldHint: false },
  };
}

/** The summary first (what a model reads), then the structured result, also as JSON text for clients that show text only. */
function callResult(result: ToolResult): CallToolResult {
  return {
    content: [
      { type: 'text', text: result.summary },
      { type: 'text', text: JSON.stringify(result.structured) },
    ],
    structuredContent: result.structured,
    ...(result.isError ? { isError: true } : {}),
  };
}
