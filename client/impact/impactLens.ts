import * as vscode from 'vscode';
import type { ImpactLens } from '../../core/protocol';
import type { ConnectionManager } from '../connection/connectionManager';
import type { ServerQueries } from '../serverQueries';
import { describeError } from '../../core/errors/describeError';
import { KeyedDebounce } from '../keyedDebounce';

/** Wait this long after the last edit before asking the service: typing never waits on it. */
const SETTLE_MS = 800;
/** A result this old is asked again (the catalog changes under the file too). */
const FRESH_MS = 60_000;

interface Entry {
  version: number;
  service: string;
  at: number;
  lenses: ImpactLens[];
}

/**
 * The impact code lens: above a lineage entry whose push removes an edge, "cuts 12 downstream
 * entities"; above a property definition, "used by 340 entities" and, when the file narrows it,
 * "…, 12 with values no longer allowed". provideCodeLenses only reads a cache; the service is
 * asked after the document has been still for a moment, one document at a time, and the lens
 * refreshes when the answer comes.
 */
export class ImpactCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly cache = new Map<string, Entry>();
  private readonly settle = new KeyedDebounce(SETTLE_MS);
  private readonly running = new Set<string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly connection: ConnectionManager,
    private readonly server: ServerQueries,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables = [
      this.changed,
      connection.onDidChange(() => {
        this.cache.clear();
        this.changed.fire();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.cache.delete(document.uri.toString())),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const service = this.connection.currentConnection;
    if (!service) return [];
    const key = document.uri.toString();
    const entry = this.cache.get(key);
    const current = entry && entry.version === document.version && entry.service === service.url;
    if (!current || Date.now() - entry.at > FRESH_MS) this.schedule(document);
    if (!current) return [];
    return entry.lenses.map((lens) => {
      const position = new vscode.Position(lens.position.line, lens.position.character);
      return new vscode.CodeLens(new vscode.Range(position, position), {
        title: `$(graph) ${lens.title}`,
        tooltip: 'What this file would change for others when pushed (from the catalog). Click to list the entities.',
        command: 'catalogCode.impact.show',
        arguments: [lens.title, lens.entities],
      });
    });
  }

  private schedule(document: vscode.TextDocument): void {
    this.settle.schedule(document.uri.toString(), () => void this.compute(document));
  }

  private async compute(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const service = this.connection.currentConnection;
    if (!service || this.running.has(key) || document.isClosed) return;
    const version = document.version;
    this.running.add(key);
    try {
      // The server reads its own copy of the document (the one its diagnostics are for) and asks its catalog connection.
      const result = await this.server.documentImpact(document.uri);
      if (!result) return;
      this.cache.set(key, { version: result.version ?? version, service: service.url, at: Date.now(), lenses: result.lenses });
      this.changed.fire();
    } catch (error) {
      // The lens is advice: a failed look-up (the server's ResponseError, or no answer) leaves it out and says why in the log.
      this.log.warn(`Impact of ${vscode.workspace.asRelativePath(document.uri)} not computed: ${describeError(error)}`);
      this.cache.set(key, { version, service: service.url, at: Date.now(), lenses: [] });
      this.changed.fire();
    } finally {
      this.running.delete(key);
    }
  }

  dispose(): void {
    this.settle.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** The lens's click: the affected entities; picking one shows its lineage. */
export async function showImpact(title: unknown, entities: unknown): Promise<void> {
  const list = Array.isArray(entities) ? entities.filter((e): e is string => typeof e === 'string') : [];
  if (list.length === 0) {
    void vscode.window.showInformationMessage(`Catalog Code: ${String(title)}.`);
    return;
  }
  const picked = await vscode.window.showQuickPick(list, { title: `Catalog Code: ${String(title)}`, placeHolder: 'Pick an entity to show its lineage' });
  if (picked) await vscode.commands.executeCommand('catalogCode.showLineageForUrn', picked);
}
