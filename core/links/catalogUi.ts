import { entityTypeOfUrn } from '../urn';
import type { ServiceTarget } from '../rules/target';

/**
 * Links into DataHub's web UI (datahub-web-react) for a URN. Where the UI is: the
 * `catalogCode.service.uiUrl` setting, else derived from the service URL by DataHub's own
 * conventions — GMS on port 8080 has its frontend on 9002 (the quickstart's docker-compose), a GMS
 * reached under `/gms` or `/api/gms` (DataHub Cloud, the frontend's proxy) is served by the
 * frontend at the same origin. The local catalog has no web UI, so it has no links.
 */

export type CatalogUi = { url: string; why?: undefined } | { url?: undefined; why: string };

/** Where DataHub's web UI is for a service, or why no link can be made. */
export function catalogUiFor(settingUiUrl: string, serviceUrl: string | undefined, target: ServiceTarget): CatalogUi {
  const explicit = settingUiUrl.trim();
  if (explicit) return uiUrlSetting(explicit);
  if (!serviceUrl) return { why: 'No catalog service is connected; connect to a DataHub or set catalogCode.service.uiUrl to its web address.' };
  if (target === 'localCatalog') return { why: 'The local catalog has no web UI to link to; set catalogCode.service.uiUrl to a DataHub web address to open entities there.' };
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    return { why: `The service URL '${serviceUrl}' cannot be read as a URL; set catalogCode.service.uiUrl to DataHub's web address.` };
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/(api\/)?gms$/i.test(path)) return { url: `${url.origin}${path.replace(/\/(api\/)?gms$/i, '')}` };
  if (url.port === '8080' && (path === '' || path === '/')) {
    url.port = '9002';
    return { url: url.origin };
  }
  return { why: `The web address of the DataHub at ${url.origin} cannot be told from its service URL (only GMS on :8080 and URLs ending in /gms or /api/gms can); set catalogCode.service.uiUrl to it.` };
}

/**
 * `catalogCode.service.uiUrl` read as a URL: http or https only, no user or password, no query or
 * fragment (page paths are appended to it); its own normalised form (host lower-cased, characters
 * a URL may not hold percent-encoded), without a trailing slash. A workspace's settings may set it,
 * so anything else is refused with what to write.
 */
export function uiUrlSetting(value: string): CatalogUi {
  const shown = value.length > 200 ? `${value.slice(0, 200)}…` : value;
  const refuse = (problem: string): CatalogUi => ({ why: `catalogCode.service.uiUrl (${JSON.stringify(shown)}) ${problem}; write DataHub's web address, e.g. "https://datahub.example.com".` });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(`is a ${url.protocol} address, not http(s)`);
  if (url.username || url.password) return refuse('holds a user name or password, which a link must not carry');
  if (url.search || url.hash) return refuse('has a query or fragment (?… or #…), which entity pages cannot be added after');
  return { url: url.href.replace(/\/+$/, '') };
}

/** The path segment of each entity type's page in DataHub's web UI (each entity's `getPathName()` in datahub-web-react). */
const ENTITY_PATHS: Readonly<Record<string, string>> = {
  dataset: 'dataset',
  schemaField: 'schemaField',
  chart: 'chart',
  dashboard: 'dashboard',
  dataFlow: 'pipelines',
  dataJob: 'tasks',
  container: 'container',
  domain: 'domain',
  dataProduct: 'dataProduct',
  tag: 'tag',
  glossaryTerm: 'glossaryTerm',
  glossaryNode: 'glossaryNode',
  corpuser: 'user',
  corpGroup: 'group',
  mlModel: 'mlModels',
  mlModelGroup: 'mlModelGroup',
  mlFeature: 'features',
  mlFeatureTable: 'featureTables',
  mlPrimaryKey: 'mlPrimaryKeys',
  dataProcessInstance: 'dataProcessInstance',
};

/**
 * DataHub's `urlEncodeUrn` (datahub-web-react `app/entity/shared/utils.ts`): `%` becomes the
 * marker `{{encoded_percent}}` that its `decodeUrn` turns back, and `/ ? # [ ]` are
 * percent-encoded. Everything else a URI path may not hold (spaces, quotes, braces, non-ASCII) is
 * percent-encoded too, which the page's `decodeURIComponent` reads back.
 */
export function urlEncodeUrnForUi(urn: string): string {
  const marked = urn.replace(/%/g, '{{encoded_percent}}');
  return marked.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: what a browser sends for it (U+FFFD)
    }
  });
}

/**
 * The UI page of a URN: `/<path>/<encoded urn>` for entity types with a page; a structured
 * property has none of its own (its `renderProfile` is unused), so it opens the Structured
 * Properties page. Undefined for a type the UI has no page for.
 */
export function catalogUiLink(uiUrl: string, urn: string): string | undefined {
  const type = entityTypeOfUrn(urn);
  if (type === undefined) return undefined;
  if (type === 'structuredProperty') return `${uiUrl}/structured-properties`;
  const path = ENTITY_PATHS[type];
  return path ? `${uiUrl}/${path}/${urlEncodeUrnForUi(urn)}` : undefined;
}

/** The client command that opens a URN's page (client/commandIds.ts), with the URN as its one argument. */
export const OPEN_IN_DATAHUB_COMMAND = 'catalogCode.openInDataHub';

/**
 * A `command:` link that runs Open in DataHub on `urn`. VS Code reads an http link through its URI
 * type, which turns DataHub's `%2F` back into `/` (a dataset named `bucket/key` would open the
 * wrong page); the command opens the address exactly as built here.
 */
export function openInDataHubCommandLink(urn: string): string {
  return `command:${OPEN_IN_DATAHUB_COMMAND}?${encodeURIComponent(JSON.stringify([urn]))}`;
}
