import { FABRIC_TYPES } from '../../core/urn/vocabulary';
import { PII, RETENTION_DAYS, TEAMS, TIERS } from '../../support/generate/metadataFiles';

/**
 * JSON Schemas for yaml-language-server that express what Catalog Code checks in the generated
 * files: the same structure, the same enums and the same allowed values of the structured
 * properties (as `enum`), unknown properties refused (`additionalProperties: false`).
 */

const lineageEntity = {
  type: 'object',
  required: ['name', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', not: { pattern: '^urn:li:' } },
    type: { enum: ['dataset'] },
    env: { enum: [...FABRIC_TYPES] },
    platform: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
    platform_instance: { type: 'string' },
  },
};

export const LINEAGE_FILE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'DataHub lineage file (version 1)',
  type: 'object',
  required: ['version', 'lineage'],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    lineage: {
      type: 'array',
      items: {
        type: 'object',
        required: ['entity'],
        additionalProperties: false,
        properties: {
          entity: lineageEntity,
          upstream: {
            type: 'array',
            items: { type: 'object', required: ['entity'], additionalProperties: false, properties: { entity: lineageEntity } },
          },
          fineGrainedLineages: { type: 'array', items: { type: 'object' } },
        },
      },
    },
  },
};

const datasetProperties = {
  type: 'object',
  additionalProperties: false,
  properties: {
    'io.bench.team': { enum: [...TEAMS] },
    'io.bench.tier': { enum: [...TIERS] },
    'io.bench.retentionDays': { type: 'number', enum: [...RETENTION_DAYS] },
  },
};

const fieldProperties = {
  type: 'object',
  additionalProperties: false,
  properties: { 'io.bench.pii': { enum: [...PII] } },
};

export const DATASET_YAML_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'DataHub dataset YAML (datahub dataset upsert)',
  type: 'array',
  items: {
    type: 'object',
    required: ['platform'],
    additionalProperties: false,
    properties: {
      id: { type: 'string' },
      urn: { type: 'string', pattern: '^urn:li:dataset:\\(urn:li:dataPlatform:[^,]+,[^,]+,[A-Z_]+\\)$' },
      platform: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
      env: { enum: [...FABRIC_TYPES] },
      description: { type: 'string' },
      subtype: { type: 'string' },
      structured_properties: datasetProperties,
      schema: {
        type: 'object',
        properties: {
          file: { type: 'string' },
          fields: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: { id: { type: 'string' }, urn: { type: 'string' }, type: { type: 'string' }, structured_properties: fieldProperties },
            },
          },
        },
      },
      downstreams: { type: 'array', items: { type: 'string', pattern: '^urn:li:' } },
    },
  },
};
