import { policyOf, type Authority } from './policy';

/**
 * What each diagnostic code means in one line, for the places that show a code without its
 * message: SARIF rules (code scanning shows `shortDescription` first), the job summary of the
 * GitHub Action. The long form adds who refuses it (core/diagnostics/policy.ts). Every code of the
 * policy has a line here (test/unit/diagnostics/codeDocs.test.ts).
 */
export const CODE_SUMMARIES: Readonly<Record<string, string>> = {
  'parse.syntax': 'The file is not valid YAML or JSON.',
  'format.unknownKey': 'A key the format does not have.',
  'format.enumValue': 'A value outside the allowed set of a field (cardinality, environment, change type, entity type…).',
  'format.missingKey': 'A required key is missing.',
  'format.wrongType': 'A field holds the wrong kind of value (a text where a list belongs, …).',
  'urn.syntax': 'A URN that does not parse.',
  'urn.arity': 'A URN with the wrong number of key parts for its entity type.',
  'urn.partKind': 'A URN key part of the wrong kind (a plain name where a URN belongs).',
  'urn.environment': 'An environment that is not one of DataHub\'s FabricTypes (PROD, DEV, …).',
  'urn.entityType': 'An entity type DataHub does not know.',
  'urn.tooLong': 'A URN longer than DataHub stores.',
  'urn.platform': 'A data platform name that looks like a typo of a known one.',
  'urn.unknownType': 'An entity type URN DataHub does not know.',
  'urn.dataType': 'A data type URN that looks like a typo of a known one.',
  'urn.wrongKind': 'A URN of another entity type than the field takes.',
  'definition.type': 'A property definition\'s value type DataHub does not accept.',
  'definition.cardinality': 'A property definition\'s cardinality other than SINGLE or MULTIPLE.',
  'definition.entityType': 'A property definition names an entity type DataHub does not know.',
  'definition.version': 'A property definition\'s version that is not 14 digits (yyyyMMddHHmmss).',
  'definition.qualifiedName': 'A property definition whose id and qualified name disagree, or are not valid.',
  'definition.allowedValueType': 'An allowed value of another type than the property\'s.',
  'definition.duplicate': 'The same property defined twice in one file.',
  'definition.breakingChange': 'A change to a live property that DataHub refuses without a greater version.',
  'definition.immutable': 'A definition that makes a mutable live property immutable.',
  'definition.softDeleted': 'A definition of a property that is soft-deleted in the catalog.',
  'definition.settings': 'Display settings of a property that DataHub refuses together (hidden and shown, a second asset badge).',
  'definition.fieldCollision': 'Qualified names that differ only by . and _, which DataHub refuses (one search field).',
  'property.valueTooLong': 'A string value over 32,766 UTF-8 bytes, which DataHub 1.7 and later refuses.',
  'definition.hardDelete': 'A DELETE of a structured property\'s definition that DataHub refuses until the property is soft-deleted.',
  'form.prompt': 'A form prompt DataHub\'s CLI refuses: a property prompt naming no property, a required schema-field prompt.',
  'property.platformNotAllowed': 'A property set on an asset of a platform its allowedPlatforms does not list.',
  'format.notChecked': 'A DataHub file Catalog Code recognises but does not check (glossary, data product, data contract).',
  'form.unknownProperty': 'A form prompt naming a structured property defined nowhere.',
  'form.entityType': 'A form for entity types its prompt\'s property does not apply to.',
  'property.unknown': 'A value of a structured property that is not defined.',
  'property.notPushed': 'A value of a property defined in the workspace but not pushed yet.',
  'property.disagree': 'The workspace\'s definition of a property differs from the catalog\'s.',
  'property.softDeleted': 'A value of a soft-deleted structured property.',
  'property.valueType': 'A property value of another type than the property holds.',
  'property.notAllowedValue': 'A property value outside its allowed values.',
  'property.cardinality': 'Several values for a property that takes one.',
  'property.entityType': 'A property set on an entity type its definition does not list.',
  'lineage.columnOutsideEdge': 'A column-level edge between datasets that have no dataset-level edge.',
  'lineage.unknownEntity': 'A lineage edge to an entity the catalog does not hold.',
  'lineage.upstreamType': 'An upstream of a kind that cannot feed this entity.',
  'lineage.selfLoop': 'An entity listed as its own upstream.',
  'lineage.duplicateEdge': 'The same lineage edge written twice.',
  'lineage.version': 'A lineage file version other than 1.',
  'lineage.entityType': 'A lineage file entry of a type other than dataset.',
  'lineage.nameIsUrn': 'A URN where a lineage file expects a plain name.',
  'lineage.nestedIgnored': 'Lineage nested under an upstream, which DataHub\'s lineage-file source ignores.',
  'lineage.noUpstream': 'Column lineage on a lineage-file entry without upstreams, which DataHub\'s lineage-file source skips.',
  'lineage.sqlDisagrees': 'Written column edges that the SQL defining the dataset contradicts, or output columns of it with none.',
  'internal.ruleFailed': 'A Catalog Code check crashed (a bug: please report it).',
  'document.tooLarge': 'An open document too large to check whole as it is typed (checked partially, up to the limit, or not at all).',
  'document.moreProblems': 'More problems than the editor shows for one document.',
  'workspace.fileLimit': 'The workspace has more files than the language server reads; the rest are left out.',
};

const AUTHORITY_SENTENCE: Record<Authority, string> = {
  datahub: 'DataHub refuses it, so it is an error.',
  localCatalog: 'Only the local catalog refuses it: an error when writing there, a warning otherwise (DataHub stores it).',
  advice: 'Accepted everywhere, but probably a mistake: a warning or a note, never an error.',
};

/**
 * Where docs/diagnostics.md is read when nothing says otherwise: the project's repository under its
 * publisher's name. `CATALOG_CODE_DOCS_URL` (or `--docs-url`) overrides it; the GitHub Action passes
 * the address of the copy it runs from. Each code has an anchor named after it (`#urn.syntax`).
 */
export const DEFAULT_DIAGNOSTICS_DOC_URL = 'https://github.com/catalog-code/catalog-code/blob/main/docs/diagnostics.md';

/** docs/diagnostics.md as released with `version` (its tag `v<version>`): what a bundle that knows its own version links to. */
export function diagnosticsDocUrlFor(version: string): string {
  return /^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/.test(version) ? DEFAULT_DIAGNOSTICS_DOC_URL.replace('/blob/main/', `/blob/v${version}/`) : DEFAULT_DIAGNOSTICS_DOC_URL;
}

export interface CodeDoc {
  short: string;
  full: string;
  /** the code's anchor on docs/diagnostics.md under the given docs address */
  helpUri: string;
}

/** `docsUrl`: where docs/diagnostics.md is published (absolute). */
export function codeDoc(code: string, docsUrl: string): CodeDoc {
  const short = Object.prototype.hasOwnProperty.call(CODE_SUMMARIES, code) ? CODE_SUMMARIES[code] : `Catalog Code diagnostic ${code}.`;
  const policy = policyOf(code);
  const full = policy ? `${short} ${AUTHORITY_SENTENCE[policy.authority]} Decided by: ${policy.decidedBy}.` : short;
  return { short, full, helpUri: `${docsUrl}#${encodeURIComponent(code)}` };
}
