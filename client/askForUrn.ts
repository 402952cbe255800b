import * as vscode from 'vscode';
import { parseUrn } from '../core/urn';
import type { UrnChoice } from './urnChoices';

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

export interface UrnPickQuestion {
  title: string;
  placeHolder: string;
  /** what to offer; loaded while the picker shows (busy) */
  choices: () => Promise<UrnChoice[]>;
  /** the meaning of typed text that matches no choice: a URN, or what is wrong */
  typed: (text: string) => { urn: string } | { problem: string };
  /** said in the picker when there is nothing to offer */
  noChoices: string;
}

type PickItem = vscode.QuickPickItem & { urn?: string };

/**
 * A URN picked from a list (the catalog's, the workspace's, the one under the cursor), or typed:
 * typed text that matches nothing becomes an item of its own ("Use …"), or one saying what is wrong
 * with it. The command's argument, when a caller passed a string, is taken as is (after `typed`).
 */
export async function pickUrn(arg: unknown, question: UrnPickQuestion): Promise<string | undefined> {
  if (typeof arg === 'string') {
    const given = question.typed(arg);
    if ('urn' in given) return given.urn;
    void vscode.window.showErrorMessage(`Catalog Code: ${given.problem}`);
    return undefined;
  }
  const picker = vscode.window.createQuickPick<PickItem>();
  picker.title = question.title;
  picker.placeholder = question.placeHolder;
  picker.ignoreFocusOut = true;
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.busy = true;
  let offered: PickItem[] = [];
  const refresh = () => {
    const text = picker.value.trim();
    const typed = text ? question.typed(text) : undefined;
    const exact = typed && 'urn' in typed && offered.some((item) => item.urn === typed.urn);
    const extra: PickItem[] = !typed || exact ? [] : 'urn' in typed ? [{ label: `Use ${typed.urn}`, urn: typed.urn, alwaysShow: true }] : [{ label: `$(error) ${typed.problem}`, alwaysShow: true }];
    picker.items = [...extra, ...offered];
  };
  picker.onDidChangeValue(refresh);
  picker.show();
  void question.choices().then(
    (choices) => {
      offered = choices.map((c) => ({ label: c.label, description: c.description, detail: c.detail ?? c.urn, urn: c.urn }));
      if (offered.length === 0) picker.placeholder = question.noChoices;
      picker.busy = false;
      refresh();
    },
    (error: unknown) => {
      picker.placeholder = `${question.noChoices} (${error instanceof Error ? error.message : String(error)})`;
      picker.busy = false;
      refresh();
    },
  );
  return new Promise<string | undefined>((resolve) => {
    picker.onDidAccept(() => {
      const urn = picker.selectedItems[0]?.urn;
      if (!urn) return; // the "what is wrong" line: keep asking
      resolve(urn);
      picker.hide();
    });
    picker.onDidHide(() => {
      resolve(undefined);
      picker.dispose();
    });
  });
}
