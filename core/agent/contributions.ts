import { READ_ONLY_TOOLS } from './tools';
import type { AgentTool, JsonSchema } from './toolTypes';

/** The `when` clause of the language-model tools: a workspace holding a file a format claims (client/contextKeys.ts's HAS_METADATA_CONTEXT). */
export const AGENT_TOOLS_WHEN = 'catalogCode.hasMetadataFiles';

export interface LanguageModelToolContribution {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  modelDescription: string;
  userDescription: string;
  tags: string[];
  when: string;
  inputSchema: JsonSchema;
}

/**
 * package.json's `contributes.languageModelTools`, as the tool table makes them: the unit suite
 * (test/unit/agent/toolTable.test.ts) fails while package.json says anything else.
 */
export function languageModelToolContributions(): LanguageModelToolContribution[] {
  return READ_ONLY_TOOLS.map((tool) => ({
    name: languageModelToolName(tool.name),
    displayName: tool.title,
    toolReferenceName: tool.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
    canBeReferencedInPrompt: true,
    modelDescription: tool.description,
    userDescription: tool.title,
    tags: ['catalog-code', 'datahub', 'metadata'],
    when: AGENT_TOOLS_WHEN,
    inputSchema: tool.inputSchema,
  }));
}

/** The id of the MCP server definition provider (package.json `mcpServerDefinitionProviders`, client/agentTools.ts). */
export const MCP_PROVIDER_ID = 'catalogCode.mcp';

/** The name VS Code knows a tool by (package.json), from the table's name. */
export function languageModelToolName(name: string): string {
  return `catalogCode_${name}`;
}

/** What VS Code's chat shows while a tool runs (prepareInvocation): which tool, on what. */
export function invocationMessage(tool: Pick<AgentTool, 'title'>, input: Record<string, unknown> | undefined): string {
  const paths = Array.isArray(input?.paths) ? (input.paths as unknown[]).filter((path) => typeof path === 'string') : [];
  const subject = [input?.urn, input?.dataset, input?.property, input?.code, paths.length > 0 ? `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}` : undefined].find((value) => typeof value === 'string' && value.length > 0);
  return `Catalog Code: ${tool.title}${subject ? ` — ${String(subject).replace(/\p{Cc}/gu, ' ').slice(0, 120)}` : ''}`;
}
