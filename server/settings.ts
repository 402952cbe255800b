import type { Connection } from 'vscode-languageserver/node';
import { CATALOG_SETTINGS, SETTING_NAMES, readSettings, type ReadSettings } from '../core/settings/catalogSettings';
import type { ClientSupport } from './clientSupport';
import type { ServerState } from './state';
import { describeError } from '../core/errors/describeError';

/**
 * Settings apply live: the server pulls the `catalogCode` section (workspace/configuration) at
 * start and on every didChangeConfiguration — the one way the VS Code client gives them. An editor
 * that cannot be asked pushes them in the notification (`{settings: {catalogCode: …}}`) or, once,
 * in `initializationOptions`. Every path is read by core/settings/catalogSettings.ts; a mistyped
 * value is told to the user, not dropped silently.
 */
export class SettingsSync {
  private lastProblems = '';

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
  ) {}

  listen(support: ClientSupport): void {
    this.lsp.onDidChangeConfiguration(async (params) => {
      const pushed = (params.settings as { catalogCode?: unknown } | null | undefined)?.catalogCode;
      if (pushed && typeof pushed === 'object') this.applySection(pushed);
      else if (support.configurationPull) await this.pull();
    });
  }

  async pull(): Promise<void> {
    try {
      const section = (await this.lsp.workspace.getConfiguration('catalogCode')) as unknown;
      if (section && typeof section === 'object') this.applySection(section);
    } catch (error) {
      this.state.log(`Could not read the catalogCode settings from the editor: ${describeError(error)}`);
    }
  }

  /** The `catalogCode` section as an editor holds it (`{formats: {associations: …}, …}`). */
  applySection(section: unknown): void {
    this.apply(readSettings(section, { section: true }));
  }

  /** Settings present in the source apply; changed associations re-read every file, a changed interval restarts the refresh timer. */
  apply({ settings, present, problems }: ReadSettings): void {
    const told = problems.join('\n');
    if (told && told !== this.lastProblems) {
      const keys = SETTING_NAMES.map((name) => CATALOG_SETTINGS[name].key).filter((key) => told.includes(key));
      this.state.warn(`Catalog Code: ${told} Fix it in your editor's settings (${keys.join(', ')}).`);
    }
    this.lastProblems = told;
    if (present.includes('associations') && this.state.session.setAssociations(settings.associations)) {
      this.state.log(`Format associations changed: ${JSON.stringify(settings.associations)}; every file was read again.`);
    }
    if (present.includes('severity') && this.state.session.setSeverity(settings.severity)) this.state.markStale();
    if (present.includes('datahubVersion') && this.state.datahubVersion.setSetting(settings.datahubVersion)) this.state.markStale();
    if (present.includes('refreshIntervalSeconds')) this.state.setRefreshInterval(settings.refreshIntervalSeconds);
  }
}
