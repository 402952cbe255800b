import { describeError } from '../errors/describeError';
import { inputProblems } from './inputCheck';
import { describePropertyTool } from './propertyTool';
import { explainDiagnosticTool } from './explainTool';
import { getLineageTool } from './lineageTool';
import { planChangesTool } from './planTool';
import { pushChangesTool } from './pushTool';
import { proposeLineageFromSqlTool } from './sqlTool';
import { toolError, type AgentContext, type AgentTool, type ToolResult } from './toolTypes';
import { validateFilesTool } from './validateTool';

/**
 * Every tool Catalog Code offers agents, written once: `catalog-code mcp` serves this table, and
 * the VS Code extension registers the same tools as language-model tools (package.json's
 * `languageModelTools` is compared with it by test/unit/agent/toolTable.test.ts).
 */
export const READ_ONLY_TOOLS: readonly AgentTool[] = [validateFilesTool, planChangesTool, getLineageTool, proposeLineageFromSqlTool, describePropertyTool, explainDiagnosticTool];

/** The tools a server offers: the read-only ones, and push_changes only when started with --allow-push. */
export function agentTools(options: { allowPush: boolean }): readonly AgentTool[] {
  return options.allowPush ? [...READ_ONLY_TOOLS, pushChangesTool] : READ_ONLY_TOOLS;
}

/**
 * One call: the input checked against the tool's schema, the tool run, and any failure answered
 * as an error result (never thrown), so the server keeps serving. No answer holds the token.
 */
export async function runAgentTool(name: unknown, input: unknown, context: AgentContext): Promise<ToolResult> {
  const tools = agentTools({ allowPush: context.allowPush });
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) return toolError(`There is no tool '${String(name).slice(0, 60)}'; the tools are ${tools.map((t) => t.name).join(', ')}.`);
  const problems = inputProblems(input, tool.inputSchema);
  if (problems.length > 0) return toolError(`${tool.name}: ${problems.join(' ')}`, { problems });
  let result: ToolResult;
  try {
    result = await tool.run((input ?? {}) as Record<string, unknown>, context);
  } catch (error) {
    result = toolError(`${tool.name} failed: ${describeError(error)}`);
  }
  return withoutSecret(result, context.service?.token ?? undefined);
}

/** The result with every occurrence of `secret` replaced (a service error may echo a request). */
export function withoutSecret(result: ToolResult, secret: string | undefined): ToolResult {
  if (!secret || secret.length < 4) return result;
  const text = JSON.stringify(result);
  if (!text.includes(secret) && !text.includes(JSON.stringify(secret).slice(1, -1))) return result;
  return JSON.parse(text.split(JSON.stringify(secret).slice(1, -1)).join('[token hidden]')) as ToolResult;
}
