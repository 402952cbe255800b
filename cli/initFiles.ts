/**
 * What `catalog-code init` writes: one file of each format people write by hand, using each other
 * (the datasets give the property values the definitions allow; the lineage joins the datasets),
 * so `catalog-code validate` accepts them as written and a first edit shows what the checks do. The
 * names are the ones the JSON Schemas are contributed for (core/formats/formatSchemas.ts).
 */
export interface StarterFile {
  name: string;
  text: string;
}

const PROPERTIES = `# Structured property definitions, as \`datahub properties upsert -f structured_properties.yaml\` reads them.
# Catalog Code checks every value a dataset gives these properties against them: try a value that is
# not in allowed_values in datasets.yaml.
- id: io.example.governance.ownerTeam
  type: string
  cardinality: SINGLE
  display_name: Owner team
  description: The team that answers for this dataset.
  entity_types:
    - dataset
  allowed_values:
    - value: data-platform
      description: Ingestion and storage
    - value: analytics
      description: Marts, reports and dashboards
`;

const DATASETS = `# Datasets, as \`datahub dataset upsert -f datasets.yaml\` reads them.
- id: raw.orders
  platform: kafka
  env: PROD
  description: Order events as they arrive.
  structured_properties:
    io.example.governance.ownerTeam: data-platform

- id: analytics.orders
  platform: snowflake
  env: PROD
  description: Cleaned orders, one row per order.
  structured_properties:
    io.example.governance.ownerTeam: analytics
`;

const LINEAGE = `# Lineage, as DataHub's datahub-lineage-file source reads it (a recipe with source.type: datahub-lineage-file).
version: 1
lineage:
  - entity:
      name: analytics.orders
      type: dataset
      env: PROD
      platform: snowflake
    upstream:
      - entity:
          name: raw.orders
          type: dataset
          env: PROD
          platform: kafka
`;

export const STARTER_FILES: readonly StarterFile[] = [
  { name: 'structured_properties.yaml', text: PROPERTIES },
  { name: 'datasets.yaml', text: DATASETS },
  { name: 'orders.lineage.yml', text: LINEAGE },
];

/** The .gitignore entry: the local catalog's folder (its database and token) when it is kept in the repository. */
export const GITIGNORE_ENTRY = '.catalog/';
export const GITIGNORE_BLOCK = `# Catalog Code's local catalog (its data and token), when it is kept in the repository\n${GITIGNORE_ENTRY}\n`;
