import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy on 127.0.0.1 in front of a real catalog service that injects faults: no answer,
 * slow answers, error statuses (with headers such as Retry-After), truncated and non-JSON bodies,
 * and redirects to another origin. The other origin is a second server that records the headers
 * it receives, so tests can prove the token does not follow a redirect. Every request the proxy
 * sees is recorded (method, path, headers), so tests can count retries and search for the token.
 */

export type Fault =
  | { kind: 'pass' }
  | { kind: 'hang' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'truncate' }
  | { kind: 'nonJson' }
  | { kind: 'reset' }
  | { kind: 'redirect'; status?: 301 | 302 | 307 | 308 };

export interface FaultRule {
  fault: Fault;
  /** only requests this accepts (default: all) */
  match?: (request: RecordedRequest) => boolean;
  /** how many matching requests it applies to (default: all) */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** the fault that was applied */
  fault: Fault['kind'];
  at: number;
}

export interface FaultProxy {
  url: string;
  /** the URL of the other origin that redirects point to */
  redirectTargetUrl: string;
  requests: RecordedRequest[];
  /** requests that reached the other origin after a redirect */
  redirectedRequests: RecordedRequest[];
  /** rules are tried in order; the first that matches (and has uses left) applies, else the request passes */
  setRules(rules: FaultRule[]): void;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function readAll(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A URL on 127.0.0.1 where nothing listens: connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const requests: RecordedRequest[] = [];
  const redirectedRequests: RecordedRequest[] = [];
  let rules: { rule: FaultRule; used: number }[] = [];
  const hanging = new Set<http.ServerResponse>();

  const other = http.createServer((req, res) => {
    void readAll(req).then((body) => {
      redirectedRequests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: body.toString('utf8'), fault: 'pass', at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: { stolen: true }, data: { updateLineage: true } }));
    });
  });
  const redirectTargetUrl = await listen(other);

  const forward = (req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          void readAll(answer).then((data) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: data }), reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const proxy = http.createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const record: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: body.toString('utf8'), fault: 'pass', at: Date.now() };
      const active = rules.find(({ rule, used }) => (rule.times === undefined || used < rule.times) && (!rule.match || rule.match(record)));
      const fault: Fault = active ? active.rule.fault : { kind: 'pass' };
      if (active) active.used++;
      record.fault = fault.kind;
      requests.push(record);
      switch (fault.kind) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'status':
          res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
          res.end(fault.body ?? JSON.stringify({ error: `Injected HTTP ${fault.status}`, message: 'injected by the fault proxy' }));
          return;
        case 'nonJson':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body><h1>Welcome to nginx!</h1></body></html>');
          return;
        case 'reset':
          req.socket.destroy();
          return;
        case 'redirect':
          res.writeHead(fault.status ?? 307, { location: `${redirectTargetUrl}${req.url ?? '/'}` });
          res.end();
          return;
        case 'slow':
          await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
          break;
        case 'pass':
        case 'truncate':
          break;
      }
      const answer = await forward(req, body);
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      if (fault.kind === 'truncate') {
        // Promise the whole body, send half of it, then cut the connection.
        res.writeHead(answer.status, { ...headers, 'content-length': String(Math.max(answer.body.length, 2)) });
        res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        setImmediate(() => req.socket.destroy());
        return;
      }
      res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
      res.end(answer.body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  const url = await listen(proxy);

  return {
    url,
    redirectTargetUrl,
    requests,
    redirectedRequests,
    setRules(next) {
      rules = next.map((rule) => ({ rule, used: 0 }));
    },
    async close() {
      for (const res of hanging) res.destroy();
      proxy.closeAllConnections();
      other.closeAllConnections();
      await Promise.all([new Promise((resolve) => proxy.close(resolve)), new Promise((resolve) => other.close(resolve))]);
    },
  };
}
