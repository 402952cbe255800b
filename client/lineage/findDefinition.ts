import * as vscode from 'vscode';
import { readDocument } from '../../core/formats';

const METADATA_GLOB = '**/*.{yml,yaml,json,jsonc}';
const EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**,**/dist/**,**/.catalog/**}';
const MAX_FILES = 5000;

/**
 * The workspace location that declares an entity: a dataset YAML entry, a lineage-file entity at
 * the top level, or an MCP whose subject is the URN. Undefined when no file declares it.
 */
export async function findEntityDefinition(urn: string, token?: vscode.CancellationToken): Promise<vscode.Location | undefined> {
  const files = await vscode.workspace.findFiles(METADATA_GLOB, EXCLUDE_GLOB, MAX_FILES, token);
  let fallback: vscode.Location | undefined;
  for (const uri of files) {
    if (token?.isCancellationRequested) return undefined;
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      continue;
    }
    if (!text.includes(urn) && !mayBuildUrn(text, urn)) continue;
    const model = readDocument(uri.toString(), text);
    if (model.format === null) continue;
    const at = (start: number, end: number): vscode.Location => {
      const document = { positionAt: (offset: number) => positionAt(text, offset) };
      return new vscode.Location(uri, new vscode.Range(document.positionAt(start), document.positionAt(end)));
    };
    for (const fact of model.facts) {
      if (fact.kind === 'entityDeclaration' && fact.urn.value === urn && fact.depth === 0) return at(fact.urn.range.start, fact.urn.range.end);
      if (fact.kind === 'aspect' && fact.entityUrn.value === urn) return at(fact.entityUrn.range.start, fact.entityUrn.range.end);
      if (!fallback && fact.kind === 'entityRef' && fact.urn === urn) fallback = at(fact.range.start, fact.range.end);
      if (!fallback && fact.kind === 'entityDeclaration' && fact.urn.value === urn) fallback = at(fact.urn.range.start, fact.urn.range.end);
    }
  }
  return fallback;
}

/** Dataset URNs are often built from `name`/`id` + `platform`: look for the name before parsing. */
function mayBuildUrn(text: string, urn: string): boolean {
  const match = /^urn:li:dataset:\(urn:li:dataPlatform:[^,]+,(.+),[A-Z_]+\)$/.exec(urn);
  return match !== null && text.includes(match[1].split('.').pop() ?? match[1]);
}

function positionAt(text: string, offset: number): vscode.Position {
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return new vscode.Position(line, offset - lineStart);
}
