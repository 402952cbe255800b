import * as vscode from 'vscode';
import { CATALOG_SETTINGS, SETTING_NAMES, readSettings, type CatalogCodeSettings } from '../core/settings/catalogSettings';

const SECTION = 'catalogCode';

/**
 * The `catalogCode.*` settings as VS Code holds them now (user, workspace, folder merged), read
 * by the typed reader every surface shares (core/settings/catalogSettings.ts): the client's one
 * way to read a setting, never `getConfiguration(...).get('some.key')` by string. The language
 * server gets the same section by asking (workspace/configuration), not from here.
 */
export function currentSettings(): CatalogCodeSettings {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  const flat: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const key = CATALOG_SETTINGS[name].key;
    flat[key] = configuration.get(key.slice(SECTION.length + 1));
  }
  return readSettings(flat).settings;
}

/** Whether a change event touches a setting (for listeners of onDidChangeConfiguration). */
export function affectsSetting(event: vscode.ConfigurationChangeEvent, name: keyof CatalogCodeSettings): boolean {
  return event.affectsConfiguration(CATALOG_SETTINGS[name].key);
}
