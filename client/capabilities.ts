import * as vscode from 'vscode';
import type { ConnectionManager } from './connection/connectionManager';
import type { DocumentModels } from './documentModels';
import { registerPullCommand } from './pull/pullCommand';
import { ImpactCodeLens, showImpact } from './impact/impactLens';

type Register = (command: string, run: (...args: unknown[]) => unknown) => void;

export interface CapabilityContext {
  context: vscode.ExtensionContext;
  register: Register;
  connection: ConnectionManager;
  documentModels: DocumentModels;
  log: vscode.LogOutputChannel;
}

/** Pull from Catalog, the impact code lens and the lineage graph (issue #17): one call from extensionMain. */
export function registerCapabilities(capabilities: CapabilityContext): void {
  registerPullCommand(capabilities.register, capabilities.connection, capabilities.log);
  const lens = new ImpactCodeLens(capabilities.connection, capabilities.documentModels, capabilities.log);
  capabilities.context.subscriptions.push(lens, vscode.languages.registerCodeLensProvider([{ language: 'yaml' }, { language: 'json' }, { language: 'jsonc' }], lens));
  capabilities.register('catalogCode.impact.show', showImpact);
}
