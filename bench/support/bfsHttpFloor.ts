import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bfsDownstream } from '../generate/lineageGraph';

/**
 * The in-memory BFS behind a bare node:http server answering JSON of the same size as the
 * service's: what any lineage service pays for the walk plus one HTTP round trip and a JSON body.
 */
export interface BfsHttpFloor {
  query(start: number, maxDegree: number, count: number): Promise<number>;
  close(): Promise<void>;
}

export async function startBfsHttpFloor(adjacency: number[][]): Promise<BfsHttpFloor> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { start, maxDegree, count } = JSON.parse(Buffer.concat(chunks).toString()) as { start: number; maxDegree: number | null; count: number };
      const page = bfsDownstream(adjacency, start, maxDegree ?? Infinity, count);
      const body = JSON.stringify({ data: { scrollAcrossLineage: { total: page.total, searchResults: page.firstPage.map((urn) => ({ degree: 1, entity: { urn, type: 'DATASET' } })) } } });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async query(start, maxDegree, count) {
      const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify({ start, maxDegree: Number.isFinite(maxDegree) ? maxDegree : null, count }) });
      const body = (await response.json()) as { data: { scrollAcrossLineage: { total: number } } };
      return body.data.scrollAcrossLineage.total;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
