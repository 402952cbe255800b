import * as vscode from 'vscode';
import { CATALOG_SETTINGS } from '../../core/settings/catalogSettings';
import { currentSettings } from '../settings';
import { serviceUrlOf, type ServiceUrl } from './tokenBinding';
import type { TokenAnswer, TokenPorts, TokenQuestion } from './tokenBroker';
import { ALWAYS, SEND, tokenQuestionText } from './tokenQuestion';

/**
 * `catalogCode.service.url` as VS Code uses it, with where it comes from (user or workspace
 * settings): the one setting whose origin matters, so it is inspected rather than read through
 * currentSettings().
 */
export function readServiceUrl(): ServiceUrl {
  const inspected = vscode.workspace.getConfiguration().inspect<string>(CATALOG_SETTINGS.serviceUrl.key);
  return serviceUrlOf({
    effective: currentSettings().serviceUrl,
    globalValue: inspected?.globalValue,
    workspaceValue: inspected?.workspaceValue,
    workspaceFolderValue: inspected?.workspaceFolderValue,
  });
}

async function ask(question: TokenQuestion): Promise<TokenAnswer> {
  const { message, detail } = tokenQuestionText(question);
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, SEND, ALWAYS);
  return choice === SEND ? 'once' : choice === ALWAYS ? 'always' : 'no';
}

export function vscodeTokenPorts(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): TokenPorts {
  return {
    secrets: context.secrets,
    memory: {
      get: (key) => context.workspaceState.get<string[]>(key),
      update: (key, value) => context.workspaceState.update(key, value),
    },
    isTrusted: () => vscode.workspace.isTrusted,
    ask,
    log: (line) => log.info(line),
  };
}
