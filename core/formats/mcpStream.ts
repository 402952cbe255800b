import type { DocumentModel, Fact, FormatId, ParseProblem } from '../model/facts';
import { FactCollector, pathOf } from './collector';
import { listIsProposals, looksLikeProposal } from './detect';
import { FALL_BACK, forEachJsonArrayElement } from './jsonFast';
import { jsonStringScalar } from './jsonTree';
import { readMcpItem } from './mcpJson';
import { isNullNode } from './tree';

/**
 * The batch path for the usual large file, a JSON array of metadata change proposals (DataHub's
 * golden files, `datahub` file sinks): each array element is parsed, read and swept for URNs on
 * its own and its tree dropped at once, so reading 90,000 lines never holds the whole tree.
 *
 * The model is exactly the one of the whole-tree path (same facts, same order): adapter facts
 * element by element, then every element's URN sweep, then the sweep of the aspects written as
 * JSON strings. Returns undefined — the caller then reads the file the ordinary way — when the
 * text is not a strict JSON array or is not detected (or forced) as proposals.
 */
export function readMcpArrayInOnePass(uri: string, text: string, forced: FormatId | undefined): DocumentModel | undefined {
  if (forced !== undefined && forced !== 'mcpJson') return undefined;
  const facts: Fact[] = [];
  const elementSweeps: Fact[][] = [];
  const stringSweeps: Fact[][] = [];
  const problems: ParseProblem[] = [];
  let nonNull = 0;
  let maps = 0;
  let proposals = 0;
  const stringScalar = (start: number, end: number, value: string) => jsonStringScalar(text, (offset) => offset, start, end, value);
  const read = forEachJsonArrayElement(text, stringScalar, (element, index) => {
    if (!isNullNode(element)) nonNull++;
    if (element.type === 'map') {
      maps++;
      if (looksLikeProposal(element)) proposals++;
    }
    const collector = new FactCollector();
    readMcpItem(element, pathOf('', index), collector);
    for (const fact of collector.facts) facts.push(fact);
    for (const problem of collector.problems) problems.push(problem);
    const adapterFacts = collector.facts.length;
    collector.sweepRoot(element);
    elementSweeps.push(collector.facts.splice(adapterFacts));
    collector.sweepUrns();
    stringSweeps.push(collector.facts.splice(adapterFacts));
  });
  if (read === FALL_BACK) return undefined;
  if (forced === undefined && !listIsProposals(nonNull, maps, proposals)) return undefined;
  for (const sweep of elementSweeps) for (const fact of sweep) facts.push(fact);
  for (const sweep of stringSweeps) for (const fact of sweep) facts.push(fact);
  return { uri, format: 'mcpJson', detectedBy: forced ? 'association' : 'content', facts, parseProblems: problems };
}
