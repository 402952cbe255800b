import type { AspectRecord, CatalogStore, JsonObject } from '../store/types';
import { visibleAspectValue } from '../softDelete';

/** DataHub's v2 entity shape: `{urn, aspects: {<name>: {value, systemMetadata?}}}`. */

export function systemMetadataOf(record: AspectRecord): JsonObject {
  return { lastObserved: record.writtenAt, runId: 'no-run-id-provided', lastRunId: 'no-run-id-provided', version: String(record.version) };
}

export function aspectEnvelope(store: CatalogStore, record: AspectRecord, withSystemMetadata: boolean): JsonObject {
  const envelope: JsonObject = { value: visibleAspectValue(store, record.aspectName, record.value) };
  if (withSystemMetadata) envelope.systemMetadata = systemMetadataOf(record);
  return envelope;
}

export function entityEnvelope(store: CatalogStore, urn: string, aspectNames: string[], withSystemMetadata: boolean): JsonObject {
  const wanted = new Set(aspectNames.map((name) => name.toLowerCase()));
  const aspects: JsonObject = {};
  for (const record of store.getAspects(urn)) {
    if (wanted.size > 0 && !wanted.has(record.aspectName.toLowerCase())) continue;
    aspects[record.aspectName] = aspectEnvelope(store, record, withSystemMetadata);
  }
  return { urn, aspects };
}
