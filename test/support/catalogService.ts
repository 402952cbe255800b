import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startService } from '../../service/main';

/**
 * A fresh local catalog on 127.0.0.1 and a free port, in its own data directory, talked to over
 * HTTP only: GraphQL with the bearer token, aspects through the Rest.li ingestion route.
 */

export interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: string[]; extensions?: { code?: number; type?: string; classification?: string } }[];
  extensions?: unknown;
}

export interface AspectToWrite {
  urn: string;
  aspectName: string;
  value: unknown;
}

export interface TestCatalog {
  url: string;
  token: string;
  graphql(query: string, variables?: Record<string, unknown>): Promise<GraphqlAnswer>;
  /** writes aspects in one ingestProposalBatch; throws with the service's message when refused */
  ingest(aspects: AspectToWrite[]): Promise<void>;
  close(): Promise<void>;
}

const entityTypeOf = (urn: string) => /^urn:li:([^:]+):/.exec(urn)?.[1] ?? '';

export async function startTestCatalog(): Promise<TestCatalog> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'catalog-graphql-'));
  const token = `test-token-${process.pid}-${Date.now()}`;
  const service = await startService({ host: '127.0.0.1', port: 0, dataDir, token });
  return {
    url: service.url,
    token,
    async graphql(query, variables) {
      const response = await fetch(`${service.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      if (response.status !== 200) throw new Error(`POST /api/graphql answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as GraphqlAnswer;
    },
    async ingest(aspects) {
      const proposals = aspects.map(({ urn, aspectName, value }) => ({
        entityType: entityTypeOf(urn),
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { value: JSON.stringify(value), contentType: 'application/json' },
      }));
      const response = await fetch(`${service.url}/aspects?action=ingestProposalBatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'X-RestLi-Protocol-Version': '2.0.0' },
        body: JSON.stringify({ proposals }),
      });
      if (response.status !== 200) throw new Error(`ingestProposalBatch answered ${response.status}: ${await response.text()}`);
    },
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const datasetUrn = (name: string, platform = 'hive', env = 'PROD') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${env})`;
export const flowUrn = (flow: string, orchestrator = 'airflow', cluster = 'prod') => `urn:li:dataFlow:(${orchestrator},${flow},${cluster})`;
export const jobUrn = (flow: string, job: string) => `urn:li:dataJob:(${flowUrn(flow)},${job})`;
export const chartUrn = (id: string, tool = 'looker') => `urn:li:chart:(${tool},${id})`;
export const dashboardUrn = (id: string, tool = 'looker') => `urn:li:dashboard:(${tool},${id})`;
export const fieldUrn = (dataset: string, field: string) => `urn:li:schemaField:(${dataset},${field})`;

const lastModified = { created: { time: 0, actor: 'urn:li:corpuser:test' }, lastModified: { time: 0, actor: 'urn:li:corpuser:test' } };

/** The smallest aspect that makes an entity of this URN's type exist. */
export function existenceAspect(urn: string): AspectToWrite {
  switch (entityTypeOf(urn)) {
    case 'chart':
      return { urn, aspectName: 'chartInfo', value: { title: urn, description: '', lastModified } };
    case 'dashboard':
      return { urn, aspectName: 'dashboardInfo', value: { title: urn, description: '', lastModified } };
    default:
      return { urn, aspectName: 'status', value: { removed: false } };
  }
}

/** A field of a `schemaMetadata` aspect: a NUMBER column unless `extra` says more (description, key, nullable). */
export function numberField(fieldPath: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { fieldPath, nativeDataType: 'NUMBER', type: { type: { 'com.linkedin.schema.NumberType': {} } }, ...extra };
}

/** A dataset's `schemaMetadata` aspect in DataHub's shape (SchemaMetadata.pdl's required fields), with `fields` and anything `extra` adds. */
export function schemaMetadataAspect(urn: string, schemaName: string, platform: string, fields: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}): AspectToWrite {
  const value = { schemaName, platform: `urn:li:dataPlatform:${platform}`, version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields, ...extra };
  return { urn, aspectName: 'schemaMetadata', value };
}
