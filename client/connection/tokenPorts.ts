import * as vscode from 'vscode';
import { serviceUrlOf, type ServiceUrl } from './tokenBinding';
import type { TokenAnswer, TokenPorts, TokenQuestion } from './tokenBroker';
import { ALWAYS, SEND, tokenQuestionText } from './tokenQuestion';

/** `catalogCode.service.url` as VS Code uses it, with where it comes from (user or workspace settings). */
export function readServiceUrl(): ServiceUrl {
  const settings = vscode.workspace.getConfiguration('catalogCode');
  const inspected = settings.inspect<string>('service.url');
  return serviceUrlOf({
    effective: settings.get<string>('service.url', ''),
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
