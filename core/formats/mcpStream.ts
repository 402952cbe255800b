import type { DocumentModel, Fact, FormatId, ParseProblem } from '../model/facts';
import { FactCollector, pathOf } from './collector';
import { listIsProposals, looksLikeProposal } from './detect';
import { FALL_BACK, forEachJsonArrayElement, type StringScalarFactory } from './jsonFast';
import { identityOffset } from './jsonNodes';
import { jsonStringScalars } from './jsonTree';
import { readMcpItem } from './mcpJson';
import type { DocNode } from './tree';
import { isNullNode } from './tree';

/**
 * The batch path for the usual large file, a JSON array of metadata change proposals (DataHub's
 * golden files, `datahub` file sinks): each array element is parsed, read and swept for URNs on
 * its own and its tree dropped at once, so reading 90,000 lines never holds the whole tree. The
 * same per-element results are what incremental analysis keeps between edits (core/incremental/).
 *
 * The model is exactly the one of the whole-tree path (same facts, same order): adapter facts
 * element by element, then every element's URN sweep, then the sweep of the aspects written as
 * JSON strings. readProposalUnits/modelOfProposalUnits give undefined — the caller then reads
 * the file the ordinary way — when the text is not a strict JSON array or is not detected (or
 * forced) as proposals.
 */

/** What one element of a proposal array contributes to the model, and where it is written. */
export interface ProposalUnit {
  /** offsets of the element's value in the text */
  start: number;
  end: number;
  /** adapter facts, then the URN sweep of the element's tree, then of its stringified aspects */
  facts: Fact[];
  elementSweep: Fact[];
  stringSweep: Fact[];
  problems: ParseProblem[];
  /** for content detection (detect.ts's list rule) */
  nonNull: boolean;
  isMap: boolean;
  isProposal: boolean;
}

/** The units of every element, or undefined when the text is not a strict JSON array (or not proposals, unless forced). */
export function readProposalUnits(text: string, forced: FormatId | undefined): ProposalUnit[] | undefined {
  if (forced !== undefined && forced !== 'mcpJson') return undefined;
  const units: ProposalUnit[] = [];
  const read = forEachJsonArrayElement(text, stringScalarOf(text), (element, index) => units.push(readProposalUnit(element, index)));
  return read === FALL_BACK ? undefined : units;
}

/** The string scalars of JSON `text`; `map`: how its offsets become document offsets (see parseJsonElementAt). */
export function stringScalarOf(text: string, map: (offset: number) => number = identityOffset): StringScalarFactory {
  return jsonStringScalars({ text, map });
}

/** Reads one element (the `index`-th of the array) into its unit. */
export function readProposalUnit(element: DocNode, index: number): ProposalUnit {
  const collector = new FactCollector();
  readMcpItem(element, pathOf('', index), collector);
  const facts = collector.facts.splice(0);
  collector.sweepRoot(element);
  const elementSweep = collector.facts.splice(0);
  collector.sweepUrns();
  const stringSweep = collector.facts.splice(0);
  return {
    start: element.range.start,
    end: element.range.end,
    facts,
    elementSweep,
    stringSweep,
    problems: collector.problems,
    nonNull: !isNullNode(element),
    isMap: element.type === 'map',
    isProposal: element.type === 'map' && looksLikeProposal(element),
  };
}

/** The document model of a proposal array from its units; undefined when the content is not proposals (and no format is forced). */
export function modelOfProposalUnits(uri: string, units: readonly ProposalUnit[], forced: FormatId | undefined): DocumentModel | undefined {
  let nonNull = 0;
  let maps = 0;
  let proposals = 0;
  for (const unit of units) {
    if (unit.nonNull) nonNull++;
    if (unit.isMap) maps++;
    if (unit.isProposal) proposals++;
  }
  if (forced === undefined && !listIsProposals(nonNull, maps, proposals)) return undefined;
  const facts: Fact[] = [];
  const problems: ParseProblem[] = [];
  // Indexed loops: tens of thousands of facts, copied while this code is still cold (an iterator step each otherwise).
  const append = <T>(into: T[], from: readonly T[]) => {
    for (let i = 0; i < from.length; i++) into.push(from[i]);
  };
  for (let i = 0; i < units.length; i++) {
    append(facts, units[i].facts);
    append(problems, units[i].problems);
  }
  for (let i = 0; i < units.length; i++) append(facts, units[i].elementSweep);
  for (let i = 0; i < units.length; i++) append(facts, units[i].stringSweep);
  return { uri, format: 'mcpJson', detectedBy: forced ? 'association' : 'content', facts, parseProblems: problems };
}
