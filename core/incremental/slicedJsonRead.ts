import { performance } from 'node:perf_hooks';
import { associationFor } from '../formats/associations';
import { mayBeJson, type DocumentParts, type ReadOptions } from '../formats';
import { FALL_BACK, parseJsonElementAt, skipJsonSpace } from '../formats/jsonFast';
import { modelOfProposalUnits, readProposalUnit, stringScalarOf, type ProposalUnit } from '../formats/mcpStream';
import type { FormatId } from '../model/facts';
import type { SlicedOutcome } from './slicedRead';

/**
 * An MCP JSON (a top-level array of proposals) read a few elements at a time, so that reading a
 * large open document can stop between elements and let other work go first, as a YAML list
 * format is (./slicedRead.ts). Each element is read exactly as the whole read reads it
 * (core/formats/mcpStream.ts readProposalUnits: the strict JSON path, element by element, one
 * unit each), so the parts are the whole read's (test/unit/incremental/slicedJsonRead.test.ts).
 * Anything the strict path does not read — a syntax error, a comment, a trailing comma, a text
 * that is not an array — answers `whole`, and the whole read (jsonc-parser's path) reports it. A
 * JSON text is read whole or not at all: one cut at an element boundary is not JSON, so a text over
 * the limit answers `whole` at once.
 */
export class SlicedJsonRead {
  private position = 0;
  private readonly units: ProposalUnit[] = [];
  private readonly forced: FormatId | undefined;
  private readonly stringScalar;
  private outcome: SlicedOutcome | undefined;

  constructor(
    readonly uri: string,
    readonly text: string,
    options: ReadOptions,
    limit: number,
  ) {
    const association = options.format ?? associationFor(uri, options.associations);
    this.forced = association === 'none' ? undefined : association;
    this.stringScalar = stringScalarOf(text);
    if (association === 'none' || (this.forced && this.forced !== 'mcpJson')) this.outcome = whole('its format is not an MCP JSON');
    else if (!mayBeJson(uri)) this.outcome = whole('a YAML file is not read as JSON');
    else if (text.length > limit) this.outcome = whole('a JSON text over the limit cannot be read in part');
    else this.open();
  }

  /** How far the text is read: where the elements read so far end. */
  get readChars(): number {
    return this.position;
  }

  /** Reads elements for about `budgetMs` (at least one); answers the outcome once the read is over, undefined while elements are left. */
  step(budgetMs: number): SlicedOutcome | undefined {
    const until = performance.now() + budgetMs;
    while (!this.outcome) {
      this.readElement();
      if (performance.now() >= until) break;
    }
    return this.outcome;
  }

  /** The elements read so far as the parts of the text up to where they end; undefined before any is read or while they are not proposals. */
  soFar(): { parts: DocumentParts; readChars: number } | undefined {
    if (this.units.length === 0) return undefined;
    const model = modelOfProposalUnits(this.uri, this.units, this.forced);
    return model && { parts: { model, units: [...this.units], forced: this.forced }, readChars: this.position };
  }

  private open(): void {
    this.position = skipJsonSpace(this.text, 0);
    if (this.text.charCodeAt(this.position) !== 91 /* [ */) return this.giveUp('it is not a JSON array');
    this.position = skipJsonSpace(this.text, this.position + 1);
    if (this.text.charCodeAt(this.position) === 93 /* ] */) this.giveUp('it is an empty array');
  }

  private readElement(): void {
    const { text } = this;
    const element = parseJsonElementAt(text, this.position, this.stringScalar);
    if (element === FALL_BACK) return this.giveUp('an element is not strict JSON');
    this.units.push(readProposalUnit(element.node, this.units.length));
    const after = skipJsonSpace(text, element.end);
    const next = text.charCodeAt(after);
    if (next === 44 /* , */) {
      this.position = skipJsonSpace(text, after + 1);
      return;
    }
    if (next !== 93 /* ] */) return this.giveUp('the array does not go on with a comma or end');
    if (skipJsonSpace(text, after + 1) !== text.length) return this.giveUp('text follows the array');
    this.position = text.length;
    const model = modelOfProposalUnits(this.uri, this.units, this.forced);
    if (!model) return this.giveUp('its elements are not proposals');
    this.outcome = { kind: 'read', parts: { model, units: this.units, forced: this.forced }, readChars: text.length };
  }

  private giveUp(why: string): void {
    this.outcome = whole(why);
  }
}

function whole(why: string): SlicedOutcome {
  return { kind: 'whole', why };
}
