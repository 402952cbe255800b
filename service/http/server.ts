import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { decideAccess } from './auth';
import { continueWhenRead, DEFAULT_BODY_LIMIT_BYTES } from './body';
import { HttpError, errorBody, httpError } from './errors';
import { checkHostAndOrigin, hostPolicy, type HostPolicy } from './hostCheck';
import { graphqlRoute, type GraphqlExecutor } from './graphqlRoute';
import { sendEmpty, sendJson } from './respond';
import { Router, type Route } from './router';
import type { CatalogStore } from '../store/types';
import { DataDirLockLostError } from '../store/dataDirLock';
import { openApiRoutes } from '../openapi/routes';
import { openApiV3BatchRoutes } from '../openapi/v3BatchRoutes';
import { ingestRoutes } from '../ingest/routes';
import { LOCAL_CATALOG_SERVICE_ID } from '../../core/api/serviceTarget';
import { NEWEST_MODELLED_VERSION } from '../../core/datahub/versions';
import { describeErrorWithStack } from '../../core/errors/describeError';

export interface CatalogHandlerOptions {
  store: CatalogStore;
  token: string;
  /** whether the service listens on a loopback address (then OpenAPI and ingestion need no token) */
  listeningOnLoopback: () => boolean;
  graphql?: GraphqlExecutor;
  bodyLimitBytes?: number;
  log?: (line: string) => void;
  /** the names requests may address (Host, Origin); default: loopback names only */
  hosts?: HostPolicy;
}

/**
 * `GET /config`, shaped as DataHub's GMS answers it (`versions["acryldata/datahub"].version`), so a
 * client reads the DataHub version whose rules apply the same way from either service
 * (core/api/serviceVersion.ts). The local catalog enforces the newest rules Catalog Code models.
 */
const configRoute: Route = {
  method: 'GET',
  pattern: '/config',
  access: 'open',
  handler: (ctx) =>
    sendJson(ctx.res, 200, {
      versions: { 'acryldata/datahub': { version: `v${NEWEST_MODELLED_VERSION}`, commit: LOCAL_CATALOG_SERVICE_ID } },
      datahub: { serverType: LOCAL_CATALOG_SERVICE_ID },
      service: LOCAL_CATALOG_SERVICE_ID,
    }),
};

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Serves `handler` on `server`, with `Expect: 100-continue` answered by the route: node would send
 * `100 Continue` before any check, inviting a body that is then refused (body.ts continueWhenRead).
 */
export function serveCatalog(server: Server, handler: RequestHandler): void {
  server.on('request', handler);
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    continueWhenRead(req, res);
    handler(req, res);
  });
}

export function createCatalogHandler(options: CatalogHandlerOptions): RequestHandler {
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const router = new Router();
  const health: Route = { method: 'GET', pattern: '/health', access: 'open', handler: (ctx) => sendJson(ctx.res, 200, { status: 'ok', service: LOCAL_CATALOG_SERVICE_ID }) };
  router.add(health);
  router.add(configRoute);
  if (options.graphql) router.add(graphqlRoute(options.graphql, bodyLimitBytes));
  for (const route of openApiRoutes({ store: options.store, bodyLimitBytes })) router.add(route);
  for (const route of openApiV3BatchRoutes({ store: options.store, bodyLimitBytes })) router.add(route);
  for (const route of ingestRoutes({ store: options.store, bodyLimitBytes })) router.add(route);

  const hosts = options.hosts ?? hostPolicy('127.0.0.1');
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const hostDecision = checkHostAndOrigin(hosts, req.headers);
    if (!hostDecision.allowed) throw httpError(403, 'Forbidden', hostDecision.message);
    const method = (req.method ?? 'GET').toUpperCase();
    const resolution = router.resolve(method, req.url ?? '/');
    if (!resolution) {
      throw httpError(404, 'Not Found', `No endpoint ${method} ${(req.url ?? '/').split('?')[0]}. Check the path and method against the local catalog's endpoints (/openapi/v3/entity/..., /aspects, /api/graphql).`);
    }
    const access = resolution.kind === 'found' ? resolution.match.route.access : resolution.access;
    const decision = decideAccess(access, req.headers.authorization, options.token, options.listeningOnLoopback());
    if (!decision.allowed) throw httpError(401, 'Unauthorized', decision.message, { 'WWW-Authenticate': 'Bearer' });
    if (resolution.kind === 'methodNotAllowed') {
      const allowed = resolution.allowed.join(', ');
      throw httpError(405, 'Method Not Allowed', `Method ${method} is not supported here; use ${allowed}.`, { Allow: allowed });
    }
    const { match, segments, query } = resolution;
    await match.route.handler({ req, res, method, segments, params: match.params, query });
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        // A 413 keeps the connection: the rest of the body is read and dropped (body.ts discardRest),
        // so the client receives the answer instead of a reset.
        if (error.body && req.method !== 'HEAD') sendJson(res, error.status, error.body, error.headers);
        else sendEmpty(res, error.status, error.headers);
        return;
      }
      if (error instanceof DataDirLockLostError) {
        sendJson(res, 503, errorBody('Service Unavailable', error.message));
        return;
      }
      options.log?.(`Internal error on ${req.method} ${req.url}: ${describeErrorWithStack(error)}`);
      sendJson(res, 500, errorBody('Internal Server Error', 'Internal server error occurred while handling the request; nothing is known to have changed. Try again; if it persists, see the local catalog\'s log for the cause.'));
    });
  };
}
