import { catalogUiFor } from '../core/links/catalogUi';

/**
 * Whether Open in DataHub may open a page without asking. The address of DataHub's UI comes from
 * `catalogCode.service.uiUrl`, else from `catalogCode.service.url`; a cloned repository's
 * `.vscode/settings.json` may set either (outside Restricted Mode, where both are ignored), and so
 * choose where a click goes. A page at an origin the user's own settings give opens at once; one at
 * an origin only the workspace's settings chose is first shown, with that origin, and opened only
 * when the user says so (remembered per origin). No `vscode` here: the command passes what
 * `WorkspaceConfiguration.inspect` reads.
 */

/** One setting's values by where they are written (what `inspect` returns). */
export interface SettingLayers {
  user?: string;
  workspace?: string;
  folder?: string;
}

export interface UiSettings {
  uiUrl: SettingLayers;
  serviceUrl: SettingLayers;
}

export type OpenDecision = { kind: 'open' } | { kind: 'ask'; origin: string; setting: 'catalogCode.service.uiUrl' | 'catalogCode.service.url'; value: string };

/** The origin of a URL, or undefined when it is not one. */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function present(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/** Origins the user's own settings lead to: their UI address, their service and the UI derived from it. */
function userOrigins(settings: UiSettings): Set<string> {
  const origins = new Set<string>();
  const ui = present(settings.uiUrl.user);
  const service = present(settings.serviceUrl.user);
  for (const url of [ui, service, service ? catalogUiFor('', service, 'datahub').url : undefined]) {
    const origin = url ? originOf(url) : undefined;
    if (origin) origins.add(origin);
  }
  return origins;
}

/** Open `pageUrl` at once, or ask first (the workspace's settings chose its origin and it was never approved). */
export function openDecision(pageUrl: string, settings: UiSettings, approved: ReadonlySet<string>): OpenDecision {
  const origin = originOf(pageUrl);
  if (!origin || userOrigins(settings).has(origin) || approved.has(origin)) return { kind: 'open' };
  const ui = present(settings.uiUrl.folder) ?? present(settings.uiUrl.workspace);
  if (ui) return { kind: 'ask', origin, setting: 'catalogCode.service.uiUrl', value: ui };
  const service = present(settings.serviceUrl.folder) ?? present(settings.serviceUrl.workspace);
  if (service && !present(settings.uiUrl.user)) return { kind: 'ask', origin, setting: 'catalogCode.service.url', value: service };
  return { kind: 'open' };
}

/** The modal's words: the origin first, where it was set, and the page. */
export function openQuestionText(decision: Extract<OpenDecision, { kind: 'ask' }>, pageUrl: string): { message: string; detail: string } {
  return {
    message: `Open ${decision.origin}? This workspace's settings chose it, not yours.`,
    detail: `${decision.setting} is set to ${JSON.stringify(decision.value.slice(0, 200))} in this workspace's settings (.vscode/settings.json or the folder's), so Open in DataHub would go to ${decision.origin}:\n${pageUrl.slice(0, 500)}\n\nOpen it only if you know this address. Set ${decision.setting} in your user settings to stop this question.`,
  };
}
