import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ServiceConnection } from '../../core/api/http';
import { readAspect } from '../../core/api/pushClient';
import { scrollLineage, type LineageDirection } from '../../core/api/lineageClient';
import { readDocument } from '../../core/formats';
import type { DocumentModel } from '../../core/model/facts';
import { startService } from '../../service/main';

/** A real local catalog on a free port, with its own data folder and token, plus a folder of files to push. */
export interface TestCatalog {
  url: string;
  token: string;
  connection: ServiceConnection;
  /** where the test writes the metadata files it pushes */
  files: string;
  write(name: string, text: string): string;
  models(...names: string[]): DocumentModel[];
  aspect(urn: string, aspectName: string): Promise<Record<string, unknown> | undefined>;
  /** degree-1 neighbours, sorted */
  neighbours(urn: string, direction: LineageDirection): Promise<string[]>;
  close(): Promise<void>;
}

export const TOKEN = 'integration-token-5f2c9e';

export async function startTestCatalog(): Promise<TestCatalog> {
  const root = mkdtempSync(join(tmpdir(), 'catalog-code-it-'));
  const dataDir = join(root, 'data');
  const files = join(root, 'files');
  mkdirSync(dataDir);
  mkdirSync(files);
  const service = await startService({ host: '127.0.0.1', port: 0, dataDir, token: TOKEN });
  const connection: ServiceConnection = { url: service.url, token: TOKEN };
  const entityTypeOf = (urn: string) => urn.slice('urn:li:'.length, urn.indexOf(':', 'urn:li:'.length));
  return {
    url: service.url,
    token: TOKEN,
    connection,
    files,
    write(name, text) {
      const path = join(files, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    models(...names) {
      return names.map((name) => readDocument(`file://${join(files, name)}`, readFileSync(join(files, name), 'utf8')));
    },
    aspect: (urn, aspectName) => readAspect(connection, entityTypeOf(urn), urn, aspectName),
    async neighbours(urn, direction) {
      const page = await scrollLineage(connection, { urn, direction, degrees: ['1'], count: 100 });
      return page.results.map((r) => r.urn).sort();
    },
    async close() {
      await service.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
export const col = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;
export const prop = (id: string): string => `urn:li:structuredProperty:${id}`;

export const PROPERTIES_YAML = `- id: io.acme.team
  type: string
  cardinality: SINGLE
  display_name: Team
  entity_types: [dataset]
- id: io.acme.retention
  type: number
  display_name: Retention days
  entity_types: [dataset]
- id: io.acme.pii
  type: string
  display_name: PII
  entity_types: [schemaField]
`;

export const DATASETS_YAML = `- id: raw_orders
  platform: hive
  description: Raw orders
- id: customers
  platform: hive
- id: legacy_orders
  platform: hive
- id: report
  platform: hive
- id: orders
  platform: hive
  description: Clean orders
  structured_properties:
    io.acme.team: sales
    io.acme.retention: 30
  schema:
    fields:
      - id: customer_email
        structured_properties:
          io.acme.pii: email
`;

export function lineageYaml(upstreams: string[], columns = true): string {
  const lines = ['version: 1', 'lineage:', '  - entity: {name: orders, type: dataset, platform: hive}', '    upstream:'];
  for (const name of upstreams) lines.push(`      - entity: {name: ${name}, type: dataset, platform: hive}`);
  if (columns) {
    lines.push(
      '    fineGrainedLineages:',
      '      - upstreamType: FIELD_SET',
      `        upstreams: ["${col('raw_orders', 'id')}"]`,
      '        downstreamType: FIELD',
      `        downstreams: ["${col('orders', 'order_id')}"]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A fresh catalog with the standard files written (not yet pushed): definitions, datasets, a lineage file. */
export async function startCatalogWithFiles(): Promise<TestCatalog> {
  const catalog = await startTestCatalog();
  catalog.write('props.yaml', PROPERTIES_YAML);
  catalog.write('datasets.yaml', DATASETS_YAML);
  catalog.write('lineage.yml', lineageYaml(['raw_orders', 'customers']));
  return catalog;
}
