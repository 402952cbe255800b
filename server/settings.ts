import type { Connection } from 'vscode-languageserver/node';
import { parseSeverityOverrides } from '../core/diagnostics/severityOverrides';
import { parseAssociations } from '../core/formats/associations';
import type { ClientSupport } from './clientSupport';
import type { ServerState } from './state';

/** The `catalogCode` settings section, as far as the server reads it. Anything may be missing or mistyped. */
export interface CatalogSettings {
  formats?: { associations?: unknown };
  definitions?: { refreshIntervalSeconds?: unknown };
  /** `catalogCode.diagnostics.severity`: code (or family `lineage.*`) → error/warning/information/hint/off */
  diagnostics?: { severity?: unknown };
}

/**
 * Settings apply live: the server pulls `catalogCode` (workspace/configuration) at start and on
 * every didChangeConfiguration; a client that cannot be asked pushes them in the notification
 * (`{settings: {catalogCode: …}}`). A mistyped format name is told to the user, not dropped silently.
 */
export class SettingsSync {
  private lastProblems = '';
  private lastSeverityProblems = '';

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
  ) {}

  listen(support: ClientSupport): void {
    this.lsp.onDidChangeConfiguration(async (params) => {
      const pushed = (params.settings as { catalogCode?: CatalogSettings } | null | undefined)?.catalogCode;
      if (pushed) this.apply(pushed);
      else if (support.configurationPull) await this.pull();
    });
  }

  async pull(): Promise<void> {
    try {
      const settings = (await this.lsp.workspace.getConfiguration('catalogCode')) as CatalogSettings | null | undefined;
      if (settings && typeof settings === 'object') this.apply(settings);
    } catch (error) {
      this.state.log(`Could not read the catalogCode settings from the editor: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Changed associations re-read every file; a changed interval restarts the refresh timer. */
  apply(settings: CatalogSettings): void {
    if (settings.formats && 'associations' in settings.formats) {
      const { associations, problems } = parseAssociations(settings.formats.associations);
      const told = problems.join('\n');
      if (told && told !== this.lastProblems) this.state.warn(`Catalog Code: ${told} Fix it in your editor's settings (catalogCode.formats.associations).`);
      this.lastProblems = told;
      if (this.state.session.setAssociations(associations)) this.state.log(`Format associations changed: ${JSON.stringify(associations)}; every file was read again.`);
    }
    if (settings.diagnostics && 'severity' in settings.diagnostics) {
      const parsed = parseSeverityOverrides(settings.diagnostics.severity, 'catalogCode.diagnostics.severity');
      const told = parsed.problems.join('\n');
      if (told && told !== this.lastSeverityProblems) this.state.warn(`Catalog Code: ${told}`);
      this.lastSeverityProblems = told;
      if (JSON.stringify(parsed.overrides) !== JSON.stringify(this.state.session.severity)) {
        this.state.session.severity = parsed.overrides;
        this.state.markStale();
      }
    }
    const seconds = settings.definitions?.refreshIntervalSeconds;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) this.state.setRefreshInterval(seconds);
  }
}
