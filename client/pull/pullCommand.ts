import * as vscode from 'vscode';
import { writeFileIfChanged } from '../../core/files/safeWrite';
import { PULL_EVERYTHING, pullFromCatalog, type PulledFile, type PullSelection } from '../../core/pull/pull';
import type { ConnectionManager } from '../connection/connectionManager';
import { askEntity } from '../entityPicker';
import type { ServerQueries } from '../serverQueries';
import { describeError } from '../../core/errors/describeError';

/** What the command may be given instead of asking (other extensions, keybindings, tests). */
export interface PullCommandArgs {
  selection?: PullSelection;
  /** the folder to write into (a path or file URI); default: asked, starting at the first workspace folder */
  out?: string;
}

type Choice = vscode.QuickPickItem & { pick: 'everything' | 'definitions' | 'entity' | 'lineage' };

const CHOICES: Choice[] = [
  { pick: 'everything', label: 'Everything', detail: 'Every property definition and the structured properties of every entity that has some' },
  { pick: 'definitions', label: 'Property definitions…', detail: 'All, or those whose qualified name starts with what you type (properties YAML)' },
  { pick: 'entity', label: 'Structured properties of an entity…', detail: 'The values one entity holds (dataset YAML, or MCP JSON for other types)' },
  { pick: 'lineage', label: 'Lineage around an entity…', detail: 'Upstream and downstream to N hops, with column-level edges (lineage file or updateLineage document)' },
];

/**
 * "Catalog Code: Pull from Catalog…": the files `catalog-code pull` writes (the same core code),
 * into a folder of the workspace; the first file opens. A file that already holds the same text
 * is left alone, so pulling twice changes nothing.
 */
export function pullCommand(connection: ConnectionManager, log: vscode.LogOutputChannel, server: ServerQueries) {
  return {
    pull: async (arg?: unknown) => {
      const service = connection.currentConnection;
      if (!service) {
        void vscode.window.showWarningMessage(`Catalog Code cannot pull: ${connection.describe()}`);
        return undefined;
      }
      const given = (arg && typeof arg === 'object' ? arg : {}) as PullCommandArgs;
      const selection = given.selection ?? (await askSelection(server));
      if (!selection) return undefined;
      const folder = given.out ? toUri(given.out) : await askFolder();
      if (!folder) return undefined;
      try {
        const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Pulling from ${service.url}…`, cancellable: false }, () =>
          pullFromCatalog({ url: service.url, token: service.token }, selection),
        );
        const written = await writeFiles(folder, result.files, log);
        for (const note of result.notes) log.info(`Pull: ${note}`);
        log.info(`Pull from ${service.url}: ${written.map((w) => `${w.changed ? 'wrote' : 'unchanged'} ${w.uri.fsPath} (${w.summary})`).join('; ') || 'nothing to write'}`);
        if (written.length === 0) {
          void vscode.window.showInformationMessage(`Catalog Code: nothing to pull. ${result.notes.join(' ')}`);
          return [];
        }
        await vscode.window.showTextDocument(written[0].uri, { preview: false });
        const changed = written.filter((w) => w.changed).length;
        void vscode.window.showInformationMessage(
          `Catalog Code: pulled ${written.length} file(s) into ${vscode.workspace.asRelativePath(folder)} (${changed === 0 ? 'all unchanged' : `${changed} written`}).${result.notes.length > 0 ? ` ${result.notes.join(' ')}` : ''}`,
        );
        return written.map((w) => w.uri.toString());
      } catch (error) {
        const message = describeError(error);
        log.error(`Pull from ${service.url} failed: ${message}`);
        void vscode.window.showErrorMessage(`Catalog Code: could not pull from ${service.url}: ${message}`);
        return undefined;
      }
    },
  };
}

async function askSelection(server: ServerQueries): Promise<PullSelection | undefined> {
  const choice = await vscode.window.showQuickPick(CHOICES, { title: 'Pull from Catalog: what to pull?' });
  if (!choice) return undefined;
  switch (choice.pick) {
    case 'everything':
      return PULL_EVERYTHING;
    case 'definitions': {
      const prefix = await vscode.window.showInputBox({ title: 'Pull property definitions', prompt: 'Qualified name or prefix (leave empty for all definitions)', placeHolder: 'io.acme.' });
      if (prefix === undefined) return undefined;
      return { definitions: prefix.trim() ? { prefixes: [prefix.trim()] } : {} };
    }
    case 'entity': {
      const urn = await askEntity('Pull the structured properties of which entity?', server);
      return urn ? { values: [urn] } : undefined;
    }
    case 'lineage': {
      const urn = await askEntity('Pull the lineage around which entity?', server);
      if (!urn) return undefined;
      const degree = await vscode.window.showQuickPick(['1', '2', '3', '4', '5'], { title: 'How many hops (upstream and downstream)?' });
      return degree ? { lineage: { urn, degree: Number(degree), directions: ['upstream', 'downstream'] } } : undefined;
    }
  }
  return undefined;
}

/** The folder, relative to the first workspace folder (an absolute path works too): an input box works in every VS Code, remote and browser included. */
async function askFolder(): Promise<vscode.Uri | undefined> {
  const text = await vscode.window.showInputBox({
    title: 'Pull from Catalog: into which folder?',
    prompt: vscode.workspace.workspaceFolders?.length ? `Relative to ${vscode.workspace.workspaceFolders[0].name}, or an absolute path; created if needed` : 'An absolute path; created if needed',
    value: 'catalog',
    validateInput: (value) => (value.trim() ? undefined : 'Give a folder, e.g. catalog'),
  });
  return text?.trim() ? toUri(text.trim()) : undefined;
}

function toUri(text: string): vscode.Uri {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return vscode.Uri.parse(text);
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  return text.startsWith('/') || !base ? vscode.Uri.file(text) : vscode.Uri.joinPath(base, text);
}

interface WrittenUri {
  uri: vscode.Uri;
  changed: boolean;
  summary: string;
}

/**
 * Writes the pulled files into `folder`. On disk (file: URIs) through core's safe write, never
 * through a link: a link planted at `properties.yaml` is replaced by the file, its target left
 * untouched (and logged). Other file systems (virtual workspaces) have no links to follow and are
 * written through VS Code's file system API.
 */
async function writeFiles(folder: vscode.Uri, files: readonly PulledFile[], log: vscode.LogOutputChannel): Promise<WrittenUri[]> {
  await vscode.workspace.fs.createDirectory(folder);
  const out: WrittenUri[] = [];
  for (const file of files) {
    const uri = vscode.Uri.joinPath(folder, file.name);
    if (uri.scheme === 'file') {
      const { changed, replacedLink } = writeFileIfChanged(uri.fsPath, file.text);
      if (replacedLink !== undefined) log.warn(`Pull: ${uri.fsPath} was a link to '${replacedLink}'; it is now replaced by the pulled file, and '${replacedLink}' was not written.`);
      out.push({ uri, changed, summary: file.summary });
      continue;
    }
    const same = await vscode.workspace.fs.readFile(uri).then(
      (current) => new TextDecoder().decode(current) === file.text,
      () => false, // not there yet
    );
    if (!same) await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(file.text));
    out.push({ uri, changed: !same, summary: file.summary });
  }
  return out;
}
