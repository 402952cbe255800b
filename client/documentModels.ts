import * as vscode from 'vscode';
import { readDocument } from '../core/formats';
import { parseAssociations, type Associations } from '../core/formats/associations';
import type { DocumentModel } from '../core/model/facts';

/**
 * The model of an open document, read once per version, for the property status commands (the
 * Lineage view and the impact code lens ask the server instead). Uses the same format
 * associations as the server.
 */
export class DocumentModels implements vscode.Disposable {
  private readonly models = new Map<string, { version: number; model: DocumentModel }>();
  private associations = readAssociations();
  private readonly disposables = [
    vscode.workspace.onDidCloseTextDocument((document) => this.models.delete(document.uri.toString())),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('catalogCode.formats.associations')) return;
      this.associations = readAssociations();
      this.models.clear();
    }),
  ];

  of(document: vscode.TextDocument): DocumentModel {
    const key = document.uri.toString();
    const cached = this.models.get(key);
    if (cached && cached.version === document.version) return cached.model;
    const model = readDocument(key, document.getText(), { associations: this.associations });
    this.models.set(key, { version: document.version, model });
    return model;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.models.clear();
  }
}

/** The setting as the server reads it (core/formats/associations.ts): entries naming no known format are left out. */
export function readAssociations(): Associations {
  return parseAssociations(vscode.workspace.getConfiguration('catalogCode').get<unknown>('formats.associations', {})).associations;
}
