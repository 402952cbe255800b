import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeError } from '../../core/errors/describeError';
import { datahubPlatformOf, sqlDialect } from '../../core/sql/dialects';
import { lineageFileEntries, type LineageFileEntry } from '../../core/sql/lineageFragment';
import { mergeIntoLineageFile, type LineageFileMerge } from '../../core/sql/mergeLineageFile';
import type { SqlLineageOk } from '../../core/sql/sqlLineageTypes';
import type { ServerQueries } from '../serverQueries';
import { currentSettings } from '../settings';

const PREVIEW_SCHEME = 'catalog-code-sql-lineage';
const LINEAGE_FILES = '**/{*.lineage.yml,*.lineage.yaml,file_lineage.yml,file_lineage.yaml}';
const NEW_FILE = '$(new-file) New lineage file…';

/** The proposed texts the preview's diff shows, by preview URI. */
class PreviewDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
  }
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

function fail(message: string): void {
  void vscode.window.showErrorMessage(`Catalog Code: ${message}`);
}

async function sqlDocument(arg: unknown): Promise<vscode.TextDocument | undefined> {
  if (arg instanceof vscode.Uri) return vscode.workspace.openTextDocument(arg);
  return vscode.window.activeTextEditor?.document;
}

/** The lineage entries the SQL implies, asking what it cannot know: the platform (ansi), the dataset a bare SELECT defines. */
async function entriesOf(document: vscode.TextDocument, result: SqlLineageOk, dialect: string): Promise<LineageFileEntry[] | undefined> {
  const known = sqlDialect(dialect);
  const platform =
    (known ? datahubPlatformOf(known) : undefined) ??
    (await vscode.window.showInputBox({ title: 'Write Column Lineage from SQL', prompt: `The ${dialect} dialect names no DataHub platform: the platform of these tables`, placeHolder: 'snowflake' }))?.trim();
  if (!platform) return undefined;
  let target: string | undefined;
  if (result.outTables.length === 0) {
    // dbt's convention: a model's dataset is named after its file.
    target = (await vscode.window.showInputBox({ title: 'Write Column Lineage from SQL', prompt: 'This SQL is a bare SELECT: the dataset it defines (a dbt model, a view)', value: path.basename(document.fileName).replace(/\.sql$/i, '') }))?.trim();
    if (!target) return undefined;
  }
  return lineageFileEntries(result, { platform, target });
}

/** The lineage file to write: one of the workspace's, or a new one beside the SQL file. */
async function chooseLineageFile(document: vscode.TextDocument): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles(LINEAGE_FILES, '**/node_modules/**', 500);
  const items = [{ label: NEW_FILE }, ...files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri }))];
  const picked = await vscode.window.showQuickPick(items, { title: 'Write Column Lineage from SQL', placeHolder: 'The lineage file to write the column edges into' });
  if (!picked) return undefined;
  if ('uri' in picked) return picked.uri;
  const beside = vscode.Uri.file(document.fileName.replace(/\.sql$/i, '') + '.lineage.yml');
  return vscode.window.showSaveDialog({ defaultUri: beside, filters: { 'Lineage file': ['yml', 'yaml'] }, title: 'New lineage file' });
}

async function currentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** Writes the merged text into the file (created if new) and saves it. */
async function write(uri: vscode.Uri, existing: string | undefined, text: string): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  if (existing === undefined) {
    edit.createFile(uri, { ignoreIfExists: true });
    edit.insert(uri, new vscode.Position(0, 0), text);
  } else {
    const document = await vscode.workspace.openTextDocument(uri);
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  }
  if (!(await vscode.workspace.applyEdit(edit))) return false;
  return (await vscode.workspace.openTextDocument(uri)).save();
}

function summary(merge: LineageFileMerge, file: string): string {
  const kept = merge.keptEdges > 0 ? `; ${merge.keptEdges} output column(s) keep the edge already written` : '';
  return `${merge.addedEdges} column edge(s) and ${merge.addedUpstreams} upstream dataset(s) into ${file}${kept}`;
}

/** Shows the file beside what it would become; answers whether the user chose to write. */
async function preview(previews: PreviewDocuments, target: vscode.Uri, existing: string | undefined, merge: LineageFileMerge): Promise<boolean> {
  const file = vscode.workspace.asRelativePath(target);
  const proposed = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${path.basename(target.fsPath)}`, query: `proposed=${Date.now()}` });
  previews.set(proposed, merge.text);
  const before = existing === undefined ? vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${path.basename(target.fsPath)}`, query: 'empty' }) : target;
  await vscode.commands.executeCommand('vscode.diff', before, proposed, `${path.basename(target.fsPath)} ↔ with the column lineage from SQL`, { preview: true });
  const choice = await vscode.window.showInformationMessage(`Write ${summary(merge, file)}?`, { modal: true, detail: 'The diff shows the file before and after. Edges written by hand are kept.' }, 'Write');
  await closeDiffsOf(proposed);
  return choice === 'Write';
}

/** The preview is answered (written or not): its diff would only show a proposal that is gone. */
async function closeDiffsOf(proposed: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === proposed.toString());
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
}

/** Write Column Lineage from SQL…: the SQL's column edges into a chosen lineage file, after a preview. */
export function writeSqlLineageCommand(context: vscode.ExtensionContext, server: ServerQueries) {
  const previews = new PreviewDocuments();
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews));
  return async (arg?: unknown): Promise<void> => {
    const document = await sqlDocument(arg);
    if (!document) return fail('open a SQL file first: its column lineage is what gets written.');
    const dialect = currentSettings().sqlDialect;
    let answer;
    try {
      answer = await server.sqlLineage({ text: document.getText(), dialect });
    } catch (error) {
      return fail(`the column lineage could not be computed: ${describeError(error)}`);
    }
    if (!answer) return fail('the language server is not running (see Catalog Code: Open Log).');
    if (!answer.result.ok) return fail(`${vscode.workspace.asRelativePath(document.uri)} could not be read as ${dialect}: ${answer.result.reason} (the dialect is the setting catalogCode.sql.dialect).`);
    const entries = await entriesOf(document, answer.result, dialect);
    if (!entries) return;
    if (entries.every((entry) => entry.fineGrainedLineages.length === 0)) return void vscode.window.showInformationMessage('Catalog Code: this SQL implies no column edge (no output column reads a table column).');
    const target = await chooseLineageFile(document);
    if (!target) return;
    const existing = await currentText(target);
    let merge: LineageFileMerge;
    try {
      merge = mergeIntoLineageFile(existing, entries);
    } catch (error) {
      return fail(`${vscode.workspace.asRelativePath(target)}: ${describeError(error)}.`);
    }
    if (!(await preview(previews, target, existing, merge))) return;
    if (!(await write(target, existing, merge.text))) return fail(`${vscode.workspace.asRelativePath(target)} could not be written.`);
    await vscode.window.showTextDocument(target, { preview: false });
    void vscode.window.showInformationMessage(`Catalog Code: wrote ${summary(merge, vscode.workspace.asRelativePath(target))}. Push it when ready; the lineage views show the new edges as pending until then.`);
  };
}
