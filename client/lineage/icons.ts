import * as vscode from 'vscode';

const ICONS: Record<string, string> = {
  DATASET: 'database',
  SCHEMA_FIELD: 'symbol-field',
  DATA_JOB: 'gear',
  DATA_FLOW: 'type-hierarchy',
  CHART: 'graph',
  DASHBOARD: 'dashboard',
  MLPRIMARY_KEY: 'key',
  CORP_USER: 'person',
  CORP_GROUP: 'organization',
  CONTAINER: 'folder',
};

/** A codicon per GraphQL entity type, so the tree reads at a glance. */
export function iconForEntityType(entityType: string | undefined): vscode.ThemeIcon {
  return new vscode.ThemeIcon(ICONS[entityType ?? ''] ?? 'symbol-class');
}
