import { existsSync } from 'node:fs';
import { ErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { runAgentTool } from '../core/agent/tools';
import type { AgentContext } from '../core/agent/toolTypes';
import { AgentToolRequest, type AgentToolParams } from '../core/protocol';
import type { Lifecycle } from './lifecycle';
import type { SqlLineageWorker } from './sqlLineageRequests';
import type { ServerState } from './state';

/**
 * VS Code's language-model tools (client/agentTools.ts) run the agents' tools (core/agent) here,
 * over the server's own workspace session and pending state: what an agent reads in the editor is
 * what the editor shows. Read-only: push_changes is never run from here (a push from the editor
 * goes through its own confirmed Push command).
 */
export function listenAgentRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle, sqlLineage: SqlLineageWorker): void {
  lsp.onRequest(
    AgentToolRequest.type,
    lifecycle.guard(async (params: AgentToolParams, token: CancellationToken) => {
      if (typeof params?.name !== 'string' || !Array.isArray(params.folders)) return new ResponseError(ErrorCodes.InvalidParams, 'catalogCode/agentTool needs name, input and folders.');
      return runAgentTool(params.name, params.input ?? {}, contextOf(state, params.folders, token, sqlLineage));
    }),
  );
}

function contextOf(state: ServerState, folders: readonly unknown[], token: CancellationToken, sqlLineage: SqlLineageWorker): AgentContext {
  const abort = new AbortController();
  token.onCancellationRequested(() => abort.abort());
  return {
    // As the session knows the files (the editor's folder paths); links out are refused against their real paths (core/agent/workspacePaths.ts).
    folders: folders.filter((folder): folder is string => typeof folder === 'string' && existsSync(folder)),
    service: state.service,
    allowPush: false,
    signal: abort.signal,
    // In the worker the code lens uses: the parser's start-up and memory stay off the server's event loop.
    sqlLineage: (request) => sqlLineage.run(request),
    async snapshot() {
      // Open documents are read lazily (core/incremental): bring them to the editor's version first,
      // and let a first pass ask the catalog about the files' entities, as Validate Workspace does.
      state.documents.catchUp();
      const existence = state.connectedExistence();
      if (existence) {
        state.session.problems();
        await existence.settle();
      }
      return { session: state.session, pending: state.pending };
    },
  };
}

