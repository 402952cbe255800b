import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { applyNotification, clamp, type OffsetChange, type Step } from '../support/differential/actions';
import { TestClient } from './lspClient';

/**
 * Every answer after an edit is the answer a fresh open gives (issue 34): a document edited in one
 * server, the same text opened fresh in another (the twin), both over stdio; their diagnostics
 * compared after each step. Three kinds of editor: one that pulls and can be asked to pull again
 * (VS Code), one that pulls and cannot, one that is only published to.
 */
export type ClientKind = 'pull with refresh' | 'pull without refresh' | 'push only';

export const CLIENT_KINDS: readonly ClientKind[] = ['pull with refresh', 'pull without refresh', 'push only'];

/** What the servers under test are started with: a difference the server finds at rest is an error on its log (server/truthAtRest.ts). */
const ENV = { CATALOG_INCREMENTAL_CHECK: 'strict' };

/** A workspace with the definitions the generated documents use, so their values are judged. */
export function prepareWorkspace(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'bench-properties.yaml'), PROPERTIES_YAML);
}

async function startClient(workspace: string, kind: ClientKind): Promise<TestClient> {
  const capabilities = kind === 'pull without refresh' ? { workspace: { diagnostics: { refreshSupport: false }, didChangeWatchedFiles: { dynamicRegistration: false } } } : undefined;
  const { client } = await TestClient.start({ rootPath: workspace, pull: kind !== 'push only', env: ENV, ...(capabilities ? { capabilities } : {}) });
  return client;
}

/** The diagnostics an editor holds for `uri` at `version`: pulled, or the publication for that version. */
async function answerOf(client: TestClient, kind: ClientKind, uri: string, version: number): Promise<Diagnostic[]> {
  if (kind !== 'push only') return client.pullDiagnostics(uri);
  return client.waitFor(`diagnostics published for ${uri} at version ${version}`, () => client.publications.get(uri)?.version === version && client.published.get(uri));
}

/** A difference between the edited document's answer and the fresh open's, in words. */
export interface Difference {
  step: number;
  what: string;
  onlyEdited: Diagnostic[];
  onlyFresh: Diagnostic[];
}

/** The server that opens each text fresh, for the differential runs of one test file. */
export function startTwin(workspace: string): Promise<TestClient> {
  return startClient(workspace, 'pull without refresh');
}

/** Fresh answers per twin, URI and text: the kinds of editor replay the same steps, so each text is opened fresh once. */
const freshAnswers = new WeakMap<TestClient, Map<string, Diagnostic[]>>();

async function freshAnswer(twin: TestClient, uri: string, languageId: string, text: string): Promise<Diagnostic[]> {
  const answers = freshAnswers.get(twin) ?? new Map<string, Diagnostic[]>();
  freshAnswers.set(twin, answers);
  const key = `${uri}\u0000${createHash('sha256').update(text).digest('hex')}`;
  const known = answers.get(key);
  if (known) return known;
  await twin.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  const fresh = await twin.pullDiagnostics(uri);
  await twin.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  answers.set(key, fresh);
  return fresh;
}

export class DifferentialServers {
  private opened = 0;

  private constructor(
    readonly workspace: string,
    readonly kind: ClientKind,
    readonly edited: TestClient,
    readonly twin: TestClient,
    private readonly ownsTwin: boolean,
  ) {}

  /** `twin`: a server for the fresh opens shared with other kinds (its answers are kept per text); started here without one. */
  static async start(workspace: string, kind: ClientKind, twin?: TestClient): Promise<DifferentialServers> {
    const [edited, fresh] = await Promise.all([startClient(workspace, kind), twin ?? startTwin(workspace)]);
    return new DifferentialServers(workspace, kind, edited, fresh, twin === undefined);
  }

  async stop(): Promise<void> {
    await Promise.all([this.edited.stop(), this.ownsTwin ? this.twin.stop() : undefined]);
  }

  /** What the servers logged about an analysis that differed from a fresh one at rest (each is a failure). */
  restDifferences(): string[] {
    return [...this.edited.logs, ...this.twin.logs].filter((line) => line.includes('differed from a fresh read'));
  }

  /**
   * Opens `text` as a new document named `name`, applies `steps`, and compares after each step
   * with the same text opened fresh in the twin. Answers the first difference, or undefined.
   */
  async run(name: string, languageId: string, text: string, steps: readonly Step[], onStep?: (index: number) => void): Promise<Difference | undefined> {
    const folder = `edited-${this.opened++}`;
    const uri = pathToFileURL(join(this.workspace, folder, name)).toString();
    // The twin is another server: the same URI there is the same document opened fresh.
    const freshUri = uri;
    let document = TextDocument.create(uri, languageId, 1, text);
    await this.edited.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    try {
      const first = await this.compare(document, freshUri, -1, 'opening it');
      if (first) return first;
      for (const [index, step] of steps.entries()) {
        for (const notification of step.notifications) {
          const contentChanges = this.lspChanges(document, notification);
          document = TextDocument.update(document, contentChanges, document.version + 1);
          await this.edited.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: document.version }, contentChanges });
        }
        onStep?.(index);
        const difference = await this.compare(document, freshUri, index, step.what);
        if (difference) return difference;
      }
      return undefined;
    } finally {
      await this.edited.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
  }

  /** The notification's changes as LSP ranges, each in positions of the text the changes before it left. */
  private lspChanges(document: TextDocument, notification: readonly OffsetChange[]): { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[] {
    let current = document.getText();
    let positions = TextDocument.create(document.uri, document.languageId, 0, current);
    return notification.map((change) => {
      const { start, end, text } = clamp(change, current.length);
      const lsp = { range: { start: positions.positionAt(start), end: positions.positionAt(end) }, text };
      current = applyNotification(current, [{ start, end, text }]);
      positions = TextDocument.create(document.uri, document.languageId, 0, current);
      return lsp;
    });
  }

  private async compare(document: TextDocument, freshUri: string, step: number, what: string): Promise<Difference | undefined> {
    const edited = await answerOf(this.edited, this.kind, document.uri, document.version);
    const fresh = await freshAnswer(this.twin, freshUri, document.languageId, document.getText());
    const key = (diagnostic: Diagnostic) => JSON.stringify(diagnostic);
    const freshKeys = new Set(fresh.map(key));
    const editedKeys = new Set(edited.map(key));
    const onlyEdited = edited.filter((diagnostic) => !freshKeys.has(key(diagnostic)));
    const onlyFresh = fresh.filter((diagnostic) => !editedKeys.has(key(diagnostic)));
    return onlyEdited.length > 0 || onlyFresh.length > 0 || edited.length !== fresh.length ? { step, what, onlyEdited, onlyFresh } : undefined;
  }
}
