import type { Located, SourceRange } from './range';
import type { UncheckedFormat } from './uncheckedFormat';
import type { CollapsedRest } from './diagnostic';
import { WORK } from './workCounters';
import { KeptWith } from '../common/keptWith';

/**
 * The document model: a format adapter turns text into a list of facts, each with the range it
 * came from. Rules, completion, hover, code actions and push all read these facts; none of them
 * parse text. Adapters never validate: they record what is written (also when it is wrong), and
 * rules judge it.
 */

/** Every format Catalog Code reads, by the id the `catalogCode.formats.associations` setting uses. */
export const FORMAT_IDS = ['propertyDefinitions', 'datasetYaml', 'lineageFile', 'mcpJson', 'lineageEdges', 'formsYaml'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

/** Where a URN was written and in what role; every URN string in a file is one of these. */
export type UrnRole =
  | 'entity' // the subject of an entry (dataset, MCP entityUrn, lineage-file entity)
  | 'upstream'
  | 'downstream'
  | 'property' // a structured-property URN (definition or assignment key)
  | 'valueType' // urn:li:dataType:...
  | 'entityType' // urn:li:entityType:...
  | 'value' // a URN given as a property value
  | 'fieldUpstream' // schemaField URN in fineGrainedLineages.upstreams
  | 'fieldDownstream' // schemaField URN in fineGrainedLineages.downstreams
  | 'other';

export interface EntityRefFact {
  kind: 'entityRef';
  /** the URN exactly as written (unquoted) */
  urn: string;
  /** range of the URN text itself, inside the quotes */
  range: SourceRange;
  role: UrnRole;
}

export type PropertyScalar = string | number | boolean | null;

export interface AllowedValueFact {
  value: Located<PropertyScalar>;
  description?: Located<string>;
  range: SourceRange;
}

export interface PropertyDefinitionFact {
  kind: 'propertyDefinition';
  /** `urn:li:structuredProperty:<id>`, as written or derived from `id` */
  urn: Located<string>;
  /** the `id` key of the YAML format, when written */
  id?: Located<string>;
  qualifiedName?: Located<string>;
  displayName?: Located<string>;
  /** as written: `string` or `urn:li:dataType:datahub.string` */
  valueType?: Located<string>;
  allowedValues?: AllowedValueFact[];
  cardinality?: Located<string>;
  /** as written: `dataset` or `urn:li:entityType:datahub.dataset` */
  entityTypes?: Located<string>[];
  description?: Located<string>;
  typeQualifierAllowedTypes?: Located<string>[];
  /** as written: `snowflake` or `urn:li:dataPlatform:snowflake` (PR #18089, core/datahub/versions.ts allowedPlatforms) */
  allowedPlatforms?: Located<string>[];
  immutable?: Located<boolean>;
  version?: Located<string | number>;
  /** range of the whole definition */
  range: SourceRange;
}

/** The display settings of a structured property (StructuredPropertySettings.pdl), by their aspect names. */
export const PROPERTY_SETTING_FLAGS = ['isHidden', 'showInSearchFilters', 'showInAssetSummary', 'hideInAssetSummaryWhenEmpty', 'showAsAssetBadge', 'showInColumnsTable'] as const;
export type PropertySettingFlag = (typeof PROPERTY_SETTING_FLAGS)[number];

/** A structured property's display settings: a structuredPropertySettings aspect, or the properties YAML's `settings`. */
export interface PropertySettingsFact {
  kind: 'propertySettings';
  /** `urn:li:structuredProperty:<id>` */
  property: Located<string>;
  /** the flags written, each where it was written */
  flags: Partial<Record<PropertySettingFlag, Located<boolean>>>;
  /** the whole settings mapping */
  range: SourceRange;
}

/** A structured property a form asks for (`datahub forms upsert`: a prompt's structured_property_id / _urn), and the entity types the form is for. */
export interface PropertyReferenceFact {
  kind: 'propertyReference';
  /** `urn:li:structuredProperty:<id>` */
  propertyUrn: string;
  /** where the property is written */
  property: Located<string>;
  /** the entity types the form is assigned to (its filters' `types` and the types of its `urns`), where known */
  entityTypes: Located<string>[];
  range: SourceRange;
}

/** A prompt of a form (`datahub forms upsert`), as far as forms.py's validate_prompts judges it. */
export interface FormPromptFact {
  kind: 'formPrompt';
  /** the prompt's `type` as written */
  type: Located<string>;
  /** `required: true` where written */
  required?: Located<boolean>;
  /** whether the prompt names a structured property (structured_property_id or _urn) */
  namesProperty: boolean;
  range: SourceRange;
}

export type AssignmentMode = 'replace' | 'add' | 'remove';

export interface PropertyAssignmentFact {
  kind: 'propertyAssignment';
  /** the entity the values are attached to (dataset, schemaField, ...) */
  entity: Located<string>;
  /** the property as written: an id (`io.acryl.x`) or a URN */
  property: Located<string>;
  /** always the full `urn:li:structuredProperty:<id>` */
  propertyUrn: string;
  values: Located<PropertyScalar>[];
  /** replace = the file owns all properties of the entity (POST); add/remove = PATCH operations */
  mode: AssignmentMode;
  /** whether the values were written as a list (matters for SINGLE-cardinality fixes) */
  writtenAsList: boolean;
  /** range of the value node (scalar or list) */
  valuesRange: SourceRange;
  range: SourceRange;
}

export type EdgeOrigin = 'lineageFile' | 'datasetDownstreams' | 'upstreamLineage' | 'updateLineage' | 'dataJobInputOutput' | 'chartInfo' | 'dashboardInfo' | 'dataFlowInfo';

export interface LineageEdgeFact {
  kind: 'lineageEdge';
  downstream: Located<string>;
  upstream: Located<string>;
  change: 'add' | 'remove';
  origin: EdgeOrigin;
  /** `TRANSFORMED`, `COPY`, `VIEW` where the format says */
  lineageType?: Located<string>;
  /**
   * Lineage file only: depth of the downstream node (0 = a top-level `lineage[]` entry). The
   * DataHub lineage source reads only depth 0; deeper edges are recorded but DataHub ignores them.
   */
  depth?: number;
  range: SourceRange;
}

export interface FineGrainedEdgeFact {
  kind: 'fineGrainedEdge';
  /** the downstream dataset that owns the edge (lineage-file entity / MCP entityUrn) */
  owner: Located<string>;
  upstreams: Located<string>[];
  downstreams: Located<string>[];
  upstreamType?: Located<string>;
  downstreamType?: Located<string>;
  confidenceScore?: Located<number>;
  transformOperation?: Located<string>;
  /** where the owner's entity-level upstreams come from, so rules can check the §2.4 consistency */
  ownerUpstreams: string[];
  /** Lineage file only: depth of the owning node; DataHub ignores fineGrainedLineages below depth 0. */
  depth?: number;
  range: SourceRange;
}

export interface StatusChangeFact {
  kind: 'statusChange';
  entity: Located<string>;
  removed: Located<boolean>;
  range: SourceRange;
}

/** One aspect of an MCP file, kept whole so push can send it as written. */
export interface AspectFact {
  kind: 'aspect';
  entityType?: Located<string>;
  entityUrn: Located<string>;
  changeType?: Located<string>;
  aspectName?: Located<string>;
  /** the aspect body (for PATCH: the JSON-Patch array); undefined when it could not be read */
  value: unknown;
  /** how the aspect was written */
  encoding: 'json' | 'value' | 'snapshot';
  range: SourceRange;
}

/** A dataset declared by a dataset YAML or implied by a lineage-file entity. */
export interface EntityDeclarationFact {
  kind: 'entityDeclaration';
  urn: Located<string>;
  /** dataset YAML: id/platform/env/name/description...; lineage file: name/type/platform/env/platform_instance */
  fields: Record<string, Located<unknown>>;
  /** 0 = top-level entry, 1 = direct upstream, 2+ = nested upstreams (the DataHub lineage source ignores these) */
  depth: number;
  origin: 'datasetYaml' | 'lineageFile' | 'schemaField';
  range: SourceRange;
}

/**
 * Every mapping the adapter read, with its keys, so rules can flag unknown or misspelt keys.
 * `shape` names the model the mapping should follow (see core/formats/shapes.ts).
 */
export interface ObjectShapeFact {
  kind: 'objectShape';
  shape: string;
  keys: Located<string>[];
  range: SourceRange;
}

/** A value of an enumerated field (cardinality, type, changeType, upstreamType, env, ...). */
export interface EnumValueFact {
  kind: 'enumValue';
  /** the enum's name, see core/formats/shapes.ts */
  enumName: string;
  value: Located<string>;
}

/** The `version` of a lineage file. */
export interface FormatVersionFact {
  kind: 'formatVersion';
  value: Located<string | number>;
}

/** A value whose YAML/JSON type is not what the model expects (a list where a string belongs...). */
export interface WrongTypeFact {
  kind: 'wrongType';
  path: string;
  expected: string;
  found: string;
  range: SourceRange;
}

/** A required key that is absent. */
export interface MissingKeyFact {
  kind: 'missingKey';
  shape: string;
  key: string;
  range: SourceRange;
}

export type Fact =
  | EntityRefFact
  | PropertyDefinitionFact
  | PropertySettingsFact
  | PropertyReferenceFact
  | FormPromptFact
  | PropertyAssignmentFact
  | LineageEdgeFact
  | FineGrainedEdgeFact
  | StatusChangeFact
  | AspectFact
  | EntityDeclarationFact
  | ObjectShapeFact
  | EnumValueFact
  | FormatVersionFact
  | WrongTypeFact
  | MissingKeyFact;

export type FactOfKind<K extends Fact['kind']> = Extract<Fact, { kind: K }>;

/** A syntax error of the YAML or JSON text itself. */
export interface ParseProblem {
  message: string;
  range: SourceRange;
  /** this one stands for more stream errors after it (core/formats/yamlStreamTail.ts) */
  rest?: CollapsedRest;
}

/**
 * The kinds of fact only the rules checking their own file read (core/rules/): a closed file
 * keeps none of them (core/workspace/slimModel.ts), and a read for what other files read makes
 * none (ReadOptions.acrossFilesOnly, core/formats/index.ts).
 */
export const OWN_CHECK_KINDS: ReadonlySet<Fact['kind']> = new Set<Fact['kind']>(['objectShape', 'enumValue', 'formatVersion', 'wrongType', 'missingKey']);

/** A fact of OWN_CHECK_KINDS. */
export type OwnCheckFact = FactOfKind<'objectShape' | 'enumValue' | 'formatVersion' | 'wrongType' | 'missingKey'>;

export interface DocumentModel {
  uri: string;
  /** null: not one of our formats; such a document gets no diagnostics at all */
  format: FormatId | null;
  /** whether the format came from content detection or from the glob setting */
  detectedBy: 'content' | 'association' | 'none';
  facts: Fact[];
  parseProblems: ParseProblem[];
  /**
   * format null only: a DataHub format Catalog Code recognises but does not check (glossary, data
   * product, data contract; core/formats/unchecked.ts), which gets one format.notChecked note
   */
  unchecked?: UncheckedFormat;
  /**
   * format null only: a file that does not parse but whose name, folder or readable part says it
   * is a DataHub file (a business glossary, a data contract, forms, structured properties): its
   * parse problems are reported as parse.syntax, since DataHub's loader fails on it too
   */
  unparsed?: { kind: string };
  /**
   * read for what other files read (ReadOptions.acrossFilesOnly): without the facts of
   * OWN_CHECK_KINDS, so never the model the file's own checks are given
   */
  acrossFilesOnly?: true;
}

/** A model's own way to list its facts of one kind (core/incremental/lazyModel.ts: from the units that hold it). */
type KindReader = <K extends Fact['kind']>(kind: K, reading: FactsReading) => FactOfKind<K>[];
const kindReaders = new WeakMap<DocumentModel, KindReader>();

/**
 * What the caller reads of the facts: 'all' (the default), or only their 'values' — then a
 * document kept in units (core/incremental/) need not move the ranges of units an edit left
 * behind, and the ranges of the answer may be stale. A caller that needs a range after all asks
 * again with 'all'.
 */
export type FactsReading = 'all' | 'values';

/** `factsOfKind(model, …)` asks `reader` instead of filtering every fact (a model kept in units). */
export function readFactsOfKindWith(model: DocumentModel, reader: KindReader): void {
  kindReaders.set(model, reader);
}

/**
 * `factsOfKind(model, …)` filters the facts each time instead of keeping them listed by kind: a
 * closed file's slim model (core/workspace/slimModel.ts) holds a dozen facts, which one pass lists
 * at once, and one list by kind kept per file was 7 % of the heap after a 2,002-file scan (1.45 of
 * 19.3 MB).
 */
export function listFactsOfKindUnkept(model: DocumentModel): void {
  unkept.add(model);
}

const unkept = new WeakSet<DocumentModel>();

export function factsOfKind<K extends Fact['kind']>(model: DocumentModel, kind: K, reading: FactsReading = 'all'): FactOfKind<K>[] {
  const reader = kindReaders.get(model);
  if (reader) return reader(kind, reading);
  if (unkept.has(model)) return factsFiltered(model.facts, kind);
  // A copy: callers own the list they are given, as they did when it was filtered for them.
  return ((factsByKindOf(model).get(kind) ?? []) as FactOfKind<K>[]).slice();
}

/**
 * A plain model's facts by kind, listed in one pass the first time a kind is asked for: the rules
 * and the definitions ask a model for a dozen kinds, and filtering all of a large file's facts for
 * each (21,000 in a 90,000-line MCP file) was a tenth of `validate`'s time. Kept while the model
 * holds the same list of the same length (a model is a value; this guards against a list grown in place).
 */
function factsByKindOf(model: DocumentModel): ReadonlyMap<Fact['kind'], Fact[]> {
  const known = factsByKind.get(model);
  if (known && known.facts === model.facts && known.length === model.facts.length) return known.byKind;
  const facts = model.facts;
  WORK.factsListed += facts.length;
  const byKind = new Map<Fact['kind'], Fact[]>();
  for (let i = 0; i < facts.length; i++) {
    const fact = facts[i];
    const list = byKind.get(fact.kind);
    if (list) list.push(fact);
    else byKind.set(fact.kind, [fact]);
  }
  factsByKind.set(model, { facts, length: facts.length, byKind });
  return byKind;
}

function factsFiltered<K extends Fact['kind']>(facts: readonly Fact[], kind: K): FactOfKind<K>[] {
  WORK.factsListed += facts.length;
  const found: FactOfKind<K>[] = [];
  for (let i = 0; i < facts.length; i++) if (facts[i].kind === kind) found.push(facts[i] as FactOfKind<K>);
  return found;
}

const factsByKind = new KeptWith<DocumentModel, { facts: readonly Fact[]; length: number; byKind: ReadonlyMap<Fact['kind'], Fact[]> }>('factsByKind');
