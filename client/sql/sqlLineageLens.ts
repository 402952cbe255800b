import * as vscode from 'vscode';
import type { SqlLineageAnswer } from '../../core/protocol';
import { describeError } from '../../core/errors/describeError';
import type { ServerQueries } from '../serverQueries';
import { affectsSetting, currentSettings } from '../settings';
import { KeyedDebounce } from '../keyedDebounce';

/** Wait this long after the last edit before asking the server: typing never waits on the parser. */
const SETTLE_MS = 600;

interface Entry {
  version: number;
  dialect: string;
  answer: SqlLineageAnswer | { error: string };
}

/** The number of column edges an answer implies: output columns that read something. */
export function columnEdges(answer: SqlLineageAnswer): number {
  return answer.result.ok ? answer.result.columns.filter((column) => column.upstreams.length > 0).length : 0;
}

/**
 * The code lens above a SQL file: "12 column edges from this SQL (snowflake)", whose click writes
 * them into a lineage file (Write Column Lineage from SQL…); or why the SQL could not be read.
 * provideCodeLenses only reads a cache; the server (its worker) is asked once the document has
 * been still for a moment, and the lens refreshes when the answer comes.
 */
export class SqlLineageCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly cache = new Map<string, Entry>();
  private readonly settle = new KeyedDebounce(SETTLE_MS);
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly server: ServerQueries,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables = [
      this.changed,
      vscode.workspace.onDidCloseTextDocument((document) => this.cache.delete(document.uri.toString())),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!affectsSetting(event, 'sqlDialect')) return;
        this.cache.clear();
        this.changed.fire();
      }),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const dialect = currentSettings().sqlDialect;
    const entry = this.cache.get(document.uri.toString());
    if (!entry || entry.version !== document.version || entry.dialect !== dialect) {
      this.schedule(document, dialect);
      return [];
    }
    const top = new vscode.Range(0, 0, 0, 0);
    const why = 'error' in entry.answer ? entry.answer.error : entry.answer.result.ok ? undefined : entry.answer.result.reason;
    if (why !== undefined || 'error' in entry.answer) {
      return [new vscode.CodeLens(top, { title: `$(warning) Column lineage: not read as ${dialect}`, tooltip: why, command: 'workbench.action.openSettings', arguments: ['catalogCode.sql.dialect'] })];
    }
    const edges = columnEdges(entry.answer);
    return [
      new vscode.CodeLens(top, {
        title: `$(git-merge) ${edges} column edge${edges === 1 ? '' : 's'} from this SQL (${dialect})`,
        tooltip: 'The column lineage this SQL implies (docs/sql-lineage.md). Click to write it into a lineage file, with a preview first.',
        command: 'catalogCode.writeSqlLineage',
        arguments: [document.uri],
      }),
    ];
  }

  private schedule(document: vscode.TextDocument, dialect: string): void {
    this.settle.schedule(document.uri.toString(), () => void this.compute(document, dialect));
  }

  private async compute(document: vscode.TextDocument, dialect: string): Promise<void> {
    if (document.isClosed) return;
    const version = document.version;
    let answer: Entry['answer'];
    try {
      const asked = await this.server.sqlLineage({ text: document.getText(), dialect });
      if (!asked) return;
      answer = asked;
    } catch (error) {
      this.log.warn(`Column lineage of ${vscode.workspace.asRelativePath(document.uri)} not computed: ${describeError(error)}`);
      answer = { error: describeError(error) };
    }
    this.cache.set(document.uri.toString(), { version, dialect, answer });
    this.changed.fire();
  }

  dispose(): void {
    this.settle.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
