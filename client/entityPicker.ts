import * as vscode from 'vscode';
import { shortName } from '../core/lineage/labels';
import { pickUrn } from './askForUrn';
import type { ServerQueries } from './serverQueries';
import { typedEntity, type UrnChoice } from './urnChoices';

/**
 * An entity to work on (pull, show lineage): the one under the cursor first (as the language server reads the document),
 * then the entities the workspace declares or mentions, found by name; any URN may be typed instead.
 * A string argument (a caller's URN) is taken as is.
 */
export function askEntity(title: string, server: ServerQueries, arg?: unknown): Promise<string | undefined> {
  return pickUrn(arg, {
    title,
    placeHolder: 'An entity of this workspace, or type a URN',
    choices: () => entityChoices(server),
    typed: typedEntity,
    noChoices: 'No entity under the cursor or in the workspace; type a URN, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.orders,PROD)',
  });
}

async function entityChoices(server: ServerQueries): Promise<UrnChoice[]> {
  const editor = vscode.window.activeTextEditor;
  // A question the server cannot answer only costs that suggestion.
  const [atCursor, inWorkspace] = await Promise.all([
    editor ? server.entityAt(editor.document.uri, editor.selection.active).catch(() => undefined) : undefined,
    server.workspaceEntities().catch(() => undefined),
  ]);
  const choices: UrnChoice[] = atCursor ? [{ urn: atCursor, label: shortName(atCursor), description: 'under the cursor', detail: atCursor }] : [];
  for (const entity of inWorkspace ?? []) {
    if (entity.urn !== atCursor) choices.push({ urn: entity.urn, label: shortName(entity.urn), description: entity.detail, detail: entity.urn });
  }
  return choices;
}
