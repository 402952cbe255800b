import type { SqlTableSchemas } from '../core/sql/sqlLineageTypes';
import { workspaceSchemas } from '../core/sql/workspaceSchemas';
import type { WorkspaceSession } from '../core/workspace/session';

/**
 * The columns the workspace's files give a platform's datasets, for SQL lineage (core/sql/workspaceSchemas.ts):
 * gathered again only when the session stored or dropped a file since (the .sql lens asks after every
 * pause in typing, while the metadata files rarely change).
 */
export class WorkspaceSqlSchemas {
  private cached: { generation: number; platform: string; schemas: SqlTableSchemas } | undefined;

  constructor(private readonly session: WorkspaceSession) {}

  of(platform: string): SqlTableSchemas {
    const generation = this.session.generation;
    if (this.cached?.generation !== generation || this.cached.platform !== platform) {
      this.cached = { generation, platform, schemas: workspaceSchemas(this.session.all(), platform) };
    }
    return this.cached.schemas;
  }
}
