import type { ServiceConnection } from '../api/http';
import type { PendingState } from '../pending/pendingState';
import type { SqlLineageRequest, SqlLineageResult } from '../sql/sqlLineageTypes';
import type { WorkspaceSession } from '../workspace/session';

/**
 * The tools Catalog Code offers coding agents (`catalog-code mcp`, the VS Code language-model
 * tools): one table (./tools.ts), each tool a thin reader of the workspace session the CLI and the
 * language server build, so an agent's answer is the editor's answer.
 */

/** The subset of JSON Schema the tools' inputs are written in (checked by ./inputCheck.ts). */
export interface JsonSchema {
  type: 'object' | 'string' | 'integer' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

/** The workspace as one call sees it: the session holding every metadata file of the folders, and its pending state. */
export interface AgentSnapshot {
  session: WorkspaceSession;
  pending: PendingState;
}

/** Where a tool runs: the workspace folders (absolute, real paths) and how to read them and the catalog. */
export interface AgentContext {
  /** the folders a path may name (realpaths); the first answers relative paths */
  folders: readonly string[];
  /** the session and pending state, current with the files on disk (or the editor's buffers) */
  snapshot(): Promise<AgentSnapshot>;
  /**
   * Before diagnostics are read: ask the catalog what the checks need (live definitions, which
   * entities exist, its kind and DataHub version), as `catalog-code validate --service` does. Absent
   * where the session keeps that knowledge itself (the language server).
   */
  judgeAgainstCatalog?(): Promise<void>;
  /** the catalog; undefined offline (the files alone) */
  service: ServiceConnection | undefined;
  /**
   * Column lineage from SQL (core/sql/sqlLineage.ts): in process for `catalog-code mcp`, in the
   * language server's worker for VS Code's tools; absent where neither runs.
   */
  sqlLineage?(request: SqlLineageRequest): Promise<SqlLineageResult>;
  /** push_changes runs only when the server was started with --allow-push */
  allowPush: boolean;
  signal?: AbortSignal;
}

/** A tool's answer: structured data for the agent, and one short text summary. */
export interface ToolResult {
  summary: string;
  structured: Record<string, unknown>;
  /** a call the tool could not answer (bad input, no catalog, …): MCP's isError */
  isError?: boolean;
}

export interface AgentTool {
  /** snake_case, as MCP clients show it */
  name: string;
  /** a few words for people (VS Code's tool picker) */
  title: string;
  /** written for a model: what it does, when to use it, what it returns */
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  /** true when the tool never writes (every tool but push_changes) */
  readOnly: boolean;
  run(input: Record<string, unknown>, context: AgentContext): Promise<ToolResult>;
}

/** A call the tool refuses: isError with the problem in words. */
export function toolError(problem: string, structured: Record<string, unknown> = {}): ToolResult {
  return { summary: problem, structured: { error: problem, ...structured }, isError: true };
}
