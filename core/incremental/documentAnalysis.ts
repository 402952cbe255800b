import { readDocumentUnits, type ReadOptions } from '../formats';
import { FALL_BACK, parseJsonElementAt } from '../formats/jsonFast';
import { modelOfProposalUnits, readProposalUnit, stringScalarOf, type ProposalUnit } from '../formats/mcpStream';
import type { DocumentModel, FormatId } from '../model/facts';
import { shiftFacts, shiftProblems } from './shiftRanges';

/** One edit, in offsets of the text it applies to (an LSP content change, converted at the edge). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** How the last model was made: read whole, or one unit read again and the rest kept. */
export type AnalysisPath = 'full' | 'unit';

/**
 * A document's text and model, kept up to date edit by edit. For a JSON array of metadata change
 * proposals — the format whose files grow to 100,000 lines — the natural unit is one array
 * element: an edit inside an element reads that element again and keeps the facts of all others
 * (their ranges moved by the edit's length). Anything else — an edit across elements or between
 * them, text that is not strict JSON after the edit, the other formats — reads the document
 * whole, so the model is always exactly `readDocument(uri, text)` (test/unit/incremental/).
 */
export class DocumentAnalysis {
  private constructor(
    readonly uri: string,
    readonly text: string,
    readonly model: DocumentModel,
    private readonly options: ReadOptions,
    /** the proposal elements, when the document is a proposal array read by units */
    private readonly units: ProposalUnit[] | undefined,
    private readonly forced: FormatId | undefined,
    readonly path: AnalysisPath,
  ) {}

  static read(uri: string, text: string, options: ReadOptions = {}): DocumentAnalysis {
    const { model, units, forced } = readDocumentUnits(uri, text, options);
    return new DocumentAnalysis(uri, text, model, options, units, forced, 'full');
  }

  /** The analysis after `edits`, applied one after the other (each in offsets of the text the previous one left). */
  apply(edits: readonly TextEdit[]): DocumentAnalysis {
    let analysis: DocumentAnalysis | undefined;
    for (const [index, edit] of edits.entries()) {
      const current = analysis ?? this;
      const text = applyEdit(current.text, edit);
      const unit = current.readUnitAgain(edit, text);
      if (unit) {
        analysis = unit;
        continue;
      }
      // Once an edit needs a whole read, the rest of the burst is applied to the text first and
      // the document read once, not once per keystroke.
      const final = edits.slice(index + 1).reduce(applyEdit, text);
      return DocumentAnalysis.read(this.uri, final, this.options);
    }
    return analysis ?? this;
  }

  /** The edit read as a change of one element, or undefined when it is not one. */
  private readUnitAgain(edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const units = this.units;
    if (!units) return undefined;
    const index = unitContaining(units, edit.start, edit.end);
    if (index === undefined) return undefined;
    const old = units[index];
    const delta = edit.text.length - (edit.end - edit.start);
    const parsed = parseJsonElementAt(text, old.start, stringScalarOf(text));
    if (parsed === FALL_BACK || parsed.end !== old.end + delta) return undefined;
    const next = units.slice();
    next[index] = readProposalUnit(parsed.node, index);
    if (delta !== 0) {
      const moved = new Set<object>();
      for (let i = index + 1; i < next.length; i++) {
        const unit = next[i];
        shiftFacts(unit.facts, delta, moved);
        shiftFacts(unit.elementSweep, delta, moved);
        shiftFacts(unit.stringSweep, delta, moved);
        shiftProblems(unit.problems, delta, moved);
        next[i] = { ...unit, start: unit.start + delta, end: unit.end + delta };
      }
    }
    const model = modelOfProposalUnits(this.uri, next, this.forced);
    if (!model) return undefined;
    return new DocumentAnalysis(this.uri, text, model, this.options, next, this.forced, 'unit');
  }
}

function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** The element whose text holds the whole edited span, by binary search over the ordered units. */
function unitContaining(units: readonly ProposalUnit[], start: number, end: number): number | undefined {
  let low = 0;
  let high = units.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const unit = units[middle];
    if (start < unit.start) high = middle - 1;
    else if (start > unit.end) low = middle + 1;
    else return end <= unit.end ? middle : undefined;
  }
  return undefined;
}

