import { datasetKey, parseUrn, schemaFieldKey } from '../urn';
import type { DegreeBucket, FineGrainedLineageView } from './types';

/** 1 → `1`, 2 → `2`, 3 and more → `3+` (the buckets of DataHub's degree filter). */
export function degreeBucket(degree: number): DegreeBucket {
  if (degree <= 1) return '1';
  if (degree === 2) return '2';
  return '3+';
}

/** A short, readable name for a URN: a dataset's name, a job's id, else the key as written. */
export function shortName(urn: string): string {
  const parsed = parseUrn(urn);
  if (!parsed.ok) return urn;
  const dataset = datasetKey(parsed.urn);
  if (dataset) return `${dataset.name} (${dataset.platform}${dataset.env === 'PROD' ? '' : `, ${dataset.env}`})`;
  const field = schemaFieldKey(parsed.urn);
  if (field) return field.fieldPath;
  const parts = parsed.urn.parts;
  // A dataFlow's last part is its cluster (`prod`); its name is the flow id in the middle.
  const last = parsed.urn.entityType === 'dataFlow' && parts.length === 3 ? parts[1] : parts[parts.length - 1];
  if (!last) return urn;
  return last.kind === 'text' ? last.value : last.raw;
}

/**
 * The name of a view's root: a column with its dataset (`orders.country`, not just `country`,
 * which could be any dataset's), anything else by its short name.
 */
export function rootName(urn: string): string {
  const parsed = parseUrn(urn);
  return parsed.ok && schemaFieldKey(parsed.urn) ? columnName(urn) : shortName(urn);
}

/** `dataset.column` for a schemaField URN (the URN itself when it is not one). */
export function columnName(fieldUrn: string): string {
  const parsed = parseUrn(fieldUrn);
  if (!parsed.ok) return fieldUrn;
  const field = schemaFieldKey(parsed.urn);
  if (!field) return fieldUrn;
  const datasetParsed = parseUrn(field.datasetUrn);
  const dataset = datasetParsed.ok ? datasetKey(datasetParsed.urn) : undefined;
  return dataset ? `${dataset.name}.${field.fieldPath}` : field.fieldPath;
}

/** `orders.customer_id ← raw_orders.cust_id` (with the transform operation, when one is given). */
export function columnEdgeLabel(edge: FineGrainedLineageView): string {
  const downs = edge.downstreams.map(columnName).join(', ') || '(no columns)';
  const ups = edge.upstreams.map(columnName).join(', ') || '(no columns)';
  return `${downs} ← ${ups}${edge.transformOperation ? ` [${edge.transformOperation}]` : ''}`;
}
