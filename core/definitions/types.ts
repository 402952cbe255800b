import type { SourceRange } from '../model/range';
import type { DataTypeName } from '../urn/vocabulary';

/** One of the value types DataHub implements (core/urn/vocabulary.ts). */
export type PropertyValueType = DataTypeName;
export type Cardinality = 'SINGLE' | 'MULTIPLE';

export interface AllowedValue {
  value: string | number;
  description?: string;
}

/** Where a definition was read: the service, or a file in the workspace. */
export type DefinitionOrigin =
  | { kind: 'service'; url: string; fetchedAt: number }
  | { kind: 'workspace'; uri: string; range: SourceRange };

/**
 * A structured-property definition normalised from any source (service aspect, properties YAML,
 * MCP JSON), so rules, completion and hover read one shape.
 */
export interface PropertyDefinitionInfo {
  /** `urn:li:structuredProperty:<qualifiedName>` */
  urn: string;
  qualifiedName: string;
  displayName?: string;
  valueType: PropertyValueType;
  cardinality: Cardinality;
  allowedValues?: AllowedValue[];
  /** short, case-sensitive entity type names: `dataset`, `schemaField`, `dataFlow` ... */
  entityTypes: string[];
  /** for `urn` properties: the entity types a value may point at */
  typeQualifierAllowedTypes?: string[];
  /** platform names (`snowflake`) the property may be set on; absent or empty: any (PR #18089) */
  allowedPlatforms?: string[];
  description?: string;
  immutable?: boolean;
  version?: string;
  softDeleted: boolean;
  origin: DefinitionOrigin;
}

/** What rules know about definitions: the live (service) ones and the workspace ones. */
export interface DefinitionsView {
  /** definitions from the service, keyed by property URN; empty when offline */
  service: ReadonlyMap<string, PropertyDefinitionInfo>;
  /** definitions written in workspace files, keyed by property URN */
  workspace: ReadonlyMap<string, PropertyDefinitionInfo>;
  /** false when there is no service connection (or it never answered): existence rules stay quiet */
  serviceAvailable: boolean;
}

/** What rules know about which entities exist in the service; filled off the typing path. */
export interface EntityExistenceView {
  /** true / false when known, undefined when not looked up yet (rules stay quiet then) */
  exists(urn: string): boolean | undefined;
  /**
   * The files of the workspace that create the entity but are not among those checked (a push or
   * plan of some of the files): push order matters, and rules name the file to push first.
   * Absent or empty when no such file exists (core/plan/existence.ts).
   */
  createdOutside?(urn: string): readonly string[] | undefined;
  /**
   * True when this view never answers false: there is no catalog to ask (offline), so no entity is
   * known to be missing and a check for missing entities has nothing to find. Lets `validate`
   * offline skip collecting what every file creates; a view without it is asked as usual.
   */
  readonly neverMissing?: boolean;
}

export const EMPTY_DEFINITIONS: DefinitionsView = {
  service: new Map(),
  workspace: new Map(),
  serviceAvailable: false,
};

export const UNKNOWN_EXISTENCE: EntityExistenceView = { exists: () => undefined, neverMissing: true };
