import type { Connection } from 'vscode-languageserver/node';
import { CATALOG_SETTINGS, SETTING_NAMES, defaultSettings, readSettings, settingsOver, type CatalogCodeSettings } from '../core/settings/catalogSettings';
import type { ClientSupport } from './clientSupport';
import type { ServerState } from './state';
import { describeError } from '../core/errors/describeError';

/**
 * Settings apply live: the server pulls the `catalogCode` section (workspace/configuration) at
 * start and on every didChangeConfiguration — the one way the VS Code client gives them. An editor
 * that cannot be asked pushes them in the notification (`{settings: {catalogCode: …}}`) or, once,
 * in `initializationOptions`. Every path is read by core/settings/catalogSettings.ts; a mistyped
 * value is told to the user, not dropped silently. Each section read is the whole truth: a setting
 * it no longer holds returns to its default (or to the value `initializationOptions` gave).
 */
export class SettingsSync {
  private lastProblems = '';
  /** what a setting missing from a section returns to: the defaults, under the initialization options */
  private base: CatalogCodeSettings = defaultSettings();

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
    /** told when the inlay hints setting changed (the editor is asked to request them again) */
    private readonly onInlayHintsChanged: () => void = () => undefined,
  ) {}

  listen(support: ClientSupport): void {
    this.lsp.onDidChangeConfiguration(async (params) => {
      const settings = params.settings as { catalogCode?: unknown } | null | undefined;
      const pushed = settings?.catalogCode;
      if (pushed && typeof pushed === 'object') this.applySection(pushed);
      else if (support.configurationPull) await this.pull();
      // Settings pushed without a catalogCode section: the user removed all of it.
      else if (settings && typeof settings === 'object') this.applySection({});
    });
  }

  async pull(): Promise<void> {
    try {
      const section = (await this.lsp.workspace.getConfiguration('catalogCode')) as unknown;
      // No section (null) is a section with nothing set.
      this.applySection(section && typeof section === 'object' ? section : {});
    } catch (error) {
      this.state.log(`Could not read the catalogCode settings from the editor: ${describeError(error)}`);
    }
  }

  /** The settings `initializationOptions` gave, in the section's shape: what a setting later removed returns to. */
  applyInitial(section: unknown): void {
    const read = readSettings(section, { section: true });
    this.base = settingsOver(defaultSettings(), read);
    this.apply(read.problems, this.base);
  }

  /** The `catalogCode` section as an editor holds it (`{formats: {associations: …}, …}`), all of it. */
  applySection(section: unknown): void {
    const read = readSettings(section, { section: true });
    this.apply(read.problems, settingsOver(this.base, read));
  }

  /** Changed associations re-read every file, a changed interval restarts the refresh timer. */
  private apply(problems: readonly string[], settings: CatalogCodeSettings): void {
    const told = problems.join('\n');
    if (told && told !== this.lastProblems) {
      const keys = SETTING_NAMES.map((name) => CATALOG_SETTINGS[name].key).filter((key) => told.includes(key));
      this.state.warn(`Catalog Code: ${told} Fix it in your editor's settings (${keys.join(', ')}).`);
    }
    this.lastProblems = told;
    if (this.state.session.setAssociations(settings.associations)) {
      this.state.log(`Format associations changed: ${JSON.stringify(settings.associations)}; every file was read again.`);
    }
    if (this.state.session.setSeverity(settings.severity)) this.state.markStale();
    const before = this.state.replaceSettings(settings);
    if (before.sqlDialect !== settings.sqlDialect || JSON.stringify(before.sqlDatasets) !== JSON.stringify(settings.sqlDatasets)) this.state.sqlLineage.changed();
    if (before.inlayHintsPropertyNames !== settings.inlayHintsPropertyNames || before.inlayHintsCatalogChanges !== settings.inlayHintsCatalogChanges) this.onInlayHintsChanged();
    if (this.state.datahubVersion.setSetting(settings.datahubVersion)) this.state.markStale();
  }
}
