// Every command the extension contributes, and what it needs before it can run. Kept free of
// `vscode` so the entry bundle (which registers them all at activation) and the unit test that
// compares this list with package.json's `contributes.commands` can import it. The handlers are
// bound in `commands.ts`, checked by the compiler to cover exactly these ids.

/**
 * What a command needs before its handler runs; `commands.ts` checks it first and, when it is
 * missing, says so and offers the fix instead of running the handler.
 * - `languageServer`: the Catalog Code language server is running (it reads the files);
 * - `connection`: a catalog service to talk to (`catalogCode.service.url` or the local catalog).
 */
export type Precondition = 'languageServer' | 'connection';

export interface CommandSpec {
  readonly needs: readonly Precondition[];
}

const NOTHING: CommandSpec = { needs: [] };
const SERVER: CommandSpec = { needs: ['languageServer'] };
const SERVICE: CommandSpec = { needs: ['connection'] };
const SERVER_AND_SERVICE: CommandSpec = { needs: ['languageServer', 'connection'] };

export const COMMAND_TABLE = {
  'catalogCode.openLog': NOTHING,
  'catalogCode.restartLanguageServer': NOTHING,
  'catalogCode.signIn': NOTHING,
  'catalogCode.signOut': NOTHING,
  'catalogCode.startLocalCatalog': NOTHING,
  'catalogCode.stopLocalCatalog': NOTHING,
  'catalogCode.resetLocalCatalog': NOTHING,
  'catalogCode.loadSampleData': NOTHING,
  'catalogCode.restoreSampleFiles': NOTHING,
  'catalogCode.refreshDefinitions': SERVER,
  'catalogCode.validateWorkspace': SERVER,
  'catalogCode.showLineageForUrn': NOTHING,
  'catalogCode.lineage.pin': NOTHING,
  'catalogCode.lineage.unpin': NOTHING,
  'catalogCode.lineage.refresh': NOTHING,
  'catalogCode.lineage.degree1': NOTHING,
  'catalogCode.lineage.degree2': NOTHING,
  'catalogCode.lineage.degree3': NOTHING,
  'catalogCode.lineage.loadMore': NOTHING,
  'catalogCode.lineage.copyUrn': NOTHING,
  'catalogCode.lineage.openDefinition': SERVER,
  'catalogCode.lineage.setRoot': NOTHING,
  'catalogCode.lineage.showGraph': NOTHING,
  'catalogCode.pushFile': SERVER_AND_SERVICE,
  'catalogCode.pushWorkspace': SERVER_AND_SERVICE,
  'catalogCode.pushLineage': SERVER_AND_SERVICE,
  'catalogCode.pushWorkspaceLineage': SERVER_AND_SERVICE,
  'catalogCode.pushStructuredProperties': SERVER_AND_SERVICE,
  'catalogCode.pushPropertyDefinitions': SERVER_AND_SERVICE,
  'catalogCode.softDeleteProperty': SERVICE,
  'catalogCode.restoreProperty': SERVICE,
  'catalogCode.pullFromCatalog': SERVICE,
  'catalogCode.impact.show': NOTHING,
  'catalogCode.openInDataHub': SERVER,
  'catalogCode.plan': SERVER_AND_SERVICE,
  'catalogCode.writeSqlLineage': SERVER,
  'catalogCode.lineage.showPending': NOTHING,
  'catalogCode.lineage.showPushed': NOTHING,
  'catalogCode.lineage.openChangeSource': NOTHING,
} as const satisfies Record<string, CommandSpec>;

export type CommandId = keyof typeof COMMAND_TABLE;

/** Registered by the entry bundle itself, so the log opens even when the rest failed to load. */
export const ENTRY_COMMANDS = ['catalogCode.openLog'] as const satisfies readonly CommandId[];

/** The commands whose handlers the main bundle provides (`commands.ts`). */
export type MainCommandId = Exclude<CommandId, (typeof ENTRY_COMMANDS)[number]>;

export const COMMAND_IDS: readonly CommandId[] = Object.keys(COMMAND_TABLE) as CommandId[];
