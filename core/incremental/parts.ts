import type { DefinitionsView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel, Fact, ParseProblem } from '../model/facts';
import type { ServiceTarget } from '../rules/target';
import type { Rule } from '../rules/types';

/**
 * One part of a document (a list item, an array element, the frame around them) as the checks see
 * it. A part is made once, when an edit reads its text, and replaced (never changed) when an edit
 * reads it again. Its facts belong to the analysis that made it (./documentAnalysis.ts): the only
 * writes are the moves of their ranges by an edit before the part (./partCache.ts). What the checks
 * keep about a part lives in a PartCache, not on the part.
 */
export interface DocumentPart {
  readonly facts: Fact[];
  readonly problems: ParseProblem[];
}

/** What the part rules found in one part, and under what. */
export interface CheckedPart {
  readonly under: CheckedUnder;
  readonly diagnostics: CoreDiagnostic[];
}

/**
 * Everything besides a part's own facts that part rules read. Definitions are compared by identity:
 * the workspace's map is rebuilt and the service's replaced whenever they change (core/workspace/
 * session.ts, server/liveDefinitions.ts), never refilled in place. Entity existence is not here:
 * its answers change by themselves, so only document rules may ask (./checkParts.ts).
 */
export interface CheckedUnder {
  /** the rules asked for (ALL_RULES unless a caller picks) */
  readonly rules: readonly Rule[];
  readonly service: DefinitionsView['service'];
  readonly workspace: DefinitionsView['workspace'];
  readonly serviceAvailable: boolean;
  readonly target: ServiceTarget;
  /** the DataHub version judged by (core/datahub/versions.ts) */
  readonly datahubVersion: string;
  /** Rule.documentFacts of every part rule */
  readonly documentFacts: string;
}

/** One part as a document of its own: the document's identity and format, the part's facts and problems. */
export function partModel(model: DocumentModel, part: DocumentPart): DocumentModel {
  return { uri: model.uri, format: model.format, detectedBy: model.detectedBy, facts: part.facts, parseProblems: part.problems };
}
