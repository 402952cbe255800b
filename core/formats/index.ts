import type { DocumentModel, FormatId, ParseProblem } from '../model/facts';
import { associationFor, pathOfUri } from './associations';
import { FactCollector } from './collector';
import { readDatasetYaml } from './datasetYaml';
import { detectByContent } from './detect';
import { parseJson } from './jsonTree';
import { readLineageEdges } from './lineageEdges';
import { readLineageFile } from './lineageFile';
import { readMcpJson } from './mcpJson';
import { modelOfProposalUnits, readProposalUnits, type ProposalUnit } from './mcpStream';
import { readPropertyDefinitions } from './propertyDefinitions';
import { readFormsYaml } from './formsYaml';
import { detectUncheckedFormat, UNCHECKED_FORMATS } from './unchecked';
import { definitionsByName, kindByName } from './namedFormats';
import type { DocNode } from './tree';
import { parseYaml, parseYamlFully } from './yamlTree';
import { layoutOf, modelOfLayout, type YamlItemLayout } from './yamlUnits';
import { describeError } from '../errors/describeError';

/**
 * Every file format Catalog Code reads, into one model (core/model/facts.ts). Adapters record what
 * is written; rules (core/rules/) judge it with the tables in ./shapes.ts.
 */

export interface ReadOptions {
  /**
   * glob → format or 'none', from the setting `catalogCode.formats.associations`; matched against
   * the path part of the URI (see ./associations.ts for the exact matching rules)
   */
  associations?: Record<string, FormatId | 'none'>;
  /**
   * the format already decided for this file by the one owner of the workspace (the language
   * server, from the associations and the content): read as this format, associations ignored;
   * the push reads files this way so it never decides formats on its own
   */
  format?: FormatId;
  /**
   * read YAML with the `yaml` package alone, never the quick reader (./quickYaml.ts) that
   * parseYaml tries first: only for the tests that prove the two give the same model
   */
  fullYamlParser?: boolean;
  /**
   * read for what other files read (a closed file's record or slim model, core/workspace/): the
   * facts only the file's own checks read (OWN_CHECK_KINDS) are not made, and the model says so
   * (DocumentModel.acrossFilesOnly); the file's own checks read it again whole
   */
  acrossFilesOnly?: boolean;
}

export type { Associations } from './associations';

const ADAPTERS: Record<FormatId, (root: DocNode, collector: FactCollector) => void> = {
  propertyDefinitions: readPropertyDefinitions,
  datasetYaml: readDatasetYaml,
  lineageFile: readLineageFile,
  mcpJson: readMcpJson,
  lineageEdges: readLineageEdges,
  formsYaml: readFormsYaml,
};

/**
 * A document's model. A YAML list format is read from its tree in one pass, not item by item:
 * the model is the same (test/unit/incremental/ compares them at every step), without the items a
 * later edit would read again, which a file read only for its model never needs (the workspace's
 * closed files; about 7 % less time on 6,000 files of the bench's generated workspace).
 */
export function readDocument(uri: string, text: string, options: ReadOptions = {}): DocumentModel {
  return readParts(uri, text, options, false).model;
}

/** A document's model, and the parts it is made of when it can be read again part by part. */
export interface DocumentParts {
  model: DocumentModel;
  /** a proposal array: its elements */
  units?: ProposalUnit[];
  forced?: FormatId;
  /** a YAML list format: its items and the frame around them */
  yaml?: YamlItemLayout;
}

/**
 * readDocument, and the parts its model is made of (what incremental analysis keeps between
 * edits, core/incremental/): the elements of a proposal array, the items of a YAML list format.
 */
export function readDocumentUnits(uri: string, text: string, options: ReadOptions = {}): DocumentParts {
  return readParts(uri, text, options, true);
}

/** readDocumentUnits; without `keepItems`, a YAML list format is read from its tree (the same model, no items). */
function readParts(uri: string, text: string, options: ReadOptions, keepItems: boolean): DocumentParts {
  try {
    const association = associationFor(uri, options.associations);
    const forced = association === 'none' ? undefined : association;
    const units = association !== 'none' && mayBeJson(uri) ? readProposalUnits(text, forced) : undefined;
    const model = units && modelOfProposalUnits(uri, units, forced);
    if (units && model) return { model, units, forced };
    return readTree(uri, text, options, keepItems && !mayBeJson(uri));
  } catch (error) {
    return { model: unreadable(uri, error) };
  }
}

/** The whole-tree path of readDocument: parse everything, detect, run the adapter on the tree. */
export function readDocumentTree(uri: string, text: string, options: ReadOptions = {}): DocumentModel {
  return readTree(uri, text, options, false).model;
}

/** readDocumentTree; with `itemized`, a YAML list format is read item by item, with the same model. */
function readTree(uri: string, text: string, options: ReadOptions, itemized: boolean): DocumentParts {
  try {
    const { format, detectedBy, parsed } = classify(uri, text, options);
    if (!format || !parsed) return { model: notOurs(uri, detectedBy, parsed) };
    const root = parsed.documents[0];
    if (itemized && parsed.documents.length === 1 && root && parsed.usesAnchors === false) {
      const yaml = layoutOf(text, root, format, detectedBy, parsed.problems);
      if (yaml) return { model: modelOfLayout(uri, yaml), yaml };
    }
    const collector = new FactCollector();
    collector.ownChecks = options.acrossFilesOnly !== true;
    collector.problems.push(...parsed.problems);
    for (const root of parsed.documents) {
      if (!root) continue;
      collector.addRoot(root);
      ADAPTERS[format](root, collector);
    }
    collector.sweepUrns();
    const model: DocumentModel = { uri, format, detectedBy, facts: collector.facts, parseProblems: collector.problems };
    if (!collector.ownChecks) model.acrossFilesOnly = true;
    return { model };
  } catch (error) {
    return { model: unreadable(uri, error) };
  }
}

/** A document of none of our formats; one of DataHub's that Catalog Code does not check is named (./unchecked.ts). */
function notOurs(uri: string, detectedBy: DocumentModel['detectedBy'], parsed: Parsed | undefined): DocumentModel {
  const model: DocumentModel = { uri, format: null, detectedBy, facts: [], parseProblems: [] };
  if (!parsed) return model;
  const unchecked = detectUncheckedFormat(parsed.documents);
  if (parsed.problems.length === 0) {
    if (unchecked) model.unchecked = unchecked;
    return model;
  }
  // A DataHub file that does not parse is not someone else's file: DataHub's loader fails on it.
  const kind = unchecked ? UNCHECKED_FORMATS[unchecked.id].name : kindByName(pathOfUri(uri));
  if (kind) {
    model.unparsed = { kind };
    const why = `This file is a DataHub ${kind} by its ${unchecked ? 'keys' : 'name or folder'}, which DataHub cannot load until this is fixed.`;
    model.parseProblems = parsed.problems.map((problem) => ({ ...problem, message: `${problem.message} ${why}` }));
  }
  return model;
}

/** Adapters are written not to throw; if one does, the file must still not break the editor. */
function unreadable(uri: string, error: unknown): DocumentModel {
  const reason = describeError(error);
  return {
    uri,
    format: null,
    detectedBy: 'none',
    facts: [],
    parseProblems: [{ message: `Catalog Code could not read this file (${reason}). Please report this with the file attached.`, range: { start: 0, end: 0 } }],
  };
}

export function detectFormat(uri: string, text: string, options: ReadOptions = {}): FormatId | null {
  try {
    return classify(uri, text, options).format;
  } catch {
    return null;
  }
}

interface Parsed {
  documents: (DocNode | null)[];
  problems: ParseProblem[];
  /** YAML only: whether anchors or aliases are written */
  usesAnchors?: boolean;
}

function classify(uri: string, text: string, options: ReadOptions): { format: FormatId | null; detectedBy: DocumentModel['detectedBy']; parsed?: Parsed } {
  const forced = options.format ?? associationFor(uri, options.associations);
  if (forced === 'none') return { format: null, detectedBy: 'association' };
  const parsed = parse(uri, text, options.fullYamlParser === true);
  if (forced) return { format: forced, detectedBy: 'association', parsed };
  const format = detectByContent(parsed.documents) ?? definitionsByName(pathOfUri(uri), parsed.documents);
  return format ? { format, detectedBy: 'content', parsed } : { format: null, detectedBy: 'none', parsed };
}

/** Whether parse() below may read the text as JSON (a strict JSON text then reads the same way). */
export function mayBeJson(uri: string): boolean {
  const path = pathOfUri(uri).toLowerCase();
  return !path.endsWith('.yml') && !path.endsWith('.yaml');
}

/** `.json` is strict JSON, `.jsonc` allows comments, `.yml`/`.yaml` is YAML; others by content. */
function parse(uri: string, text: string, fullYamlParser: boolean): Parsed {
  const path = pathOfUri(uri).toLowerCase();
  if (path.endsWith('.json')) return fromJson(text, false);
  if (path.endsWith('.jsonc')) return fromJson(text, true);
  if (path.endsWith('.yml') || path.endsWith('.yaml')) return fullYamlParser ? parseYamlFully(text) : parseYaml(text);
  const first = /\S/.exec(text)?.[0];
  if (first === '{' || first === '[') {
    const json = fromJson(text, true);
    if (json.problems.length === 0) return json;
  }
  return fullYamlParser ? parseYamlFully(text) : parseYaml(text);
}

function fromJson(text: string, allowComments: boolean): Parsed {
  const { root, problems } = parseJson(text, { allowComments });
  return { documents: [root], problems };
}
