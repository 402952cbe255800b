// The worker thread that runs SQL lineage for the language server (dist/sqlLineageWorker.js): the
// parser's WebAssembly start-up (~0.3 s) and memory stay off the server's event loop, and are only
// paid once a SQL lineage is asked for.
import { parentPort } from 'node:worker_threads';
import { deriveSqlLineage } from '../core/sql/sqlLineage';
import type { SqlLineageRequest } from '../core/sql/sqlLineageTypes';

export interface SqlLineageJob {
  id: number;
  request: SqlLineageRequest;
}

parentPort?.on('message', (job: SqlLineageJob) => {
  void deriveSqlLineage(job.request).then((result) => parentPort?.postMessage({ id: job.id, result }));
});
