import * as vscode from 'vscode';
import { parseUrn } from '../core/urn';

export interface UrnQuestion {
  /** the command's title, shown on the box */
  title: string;
  /** what the URN is for */
  prompt: string;
  placeHolder: string;
  /** prefilled (the Lineage view's root): Enter accepts it */
  value?: string;
}

/**
 * The URN a command works on: its argument when a caller passed one, else asked in an input box
 * that refuses what core/urn cannot parse (with its message). Trimmed; undefined when cancelled.
 */
export async function askForUrn(arg: unknown, question: UrnQuestion): Promise<string | undefined> {
  const urn =
    typeof arg === 'string'
      ? arg
      : await vscode.window.showInputBox({
          ...question,
          ignoreFocusOut: true,
          validateInput: (value) => {
            const parsed = parseUrn(value.trim());
            return parsed.ok ? undefined : parsed.error.message;
          },
        });
  return urn ? urn.trim() || undefined : undefined;
}
