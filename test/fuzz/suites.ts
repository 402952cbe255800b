import fc from 'fast-check';
import { applyMutation, applyStringEdit, arbitraryText, carets, catalogishDocument, forcedFormat, mutatedCorpusFile, stringEdit } from './arbitraries';
import { loadCorpus, loadJsonCorpus } from './corpus';
import { clip, exerciseDocument } from './exercise';
import { hostileDocuments } from './pathological';

/**
 * The fuzz suites, run by worker.ts in a child process so the parent can stop a case that hangs.
 * `progress` is called before each case with a short description of it.
 */

export interface SuiteRun {
  seed: number;
  runs: number;
  progress: (description: string) => void;
}

function associationsFor(format: string | undefined) {
  return format ? { '**/*': format as 'datasetYaml' } : undefined;
}

export const SUITES: Record<string, (run: SuiteRun) => void> = {
  /** Every reference example and fixture with deleted characters, swapped lines, truncation, random Unicode. */
  mutatedCorpus({ seed, runs, progress }) {
    const corpus = loadCorpus();
    fc.assert(
      fc.property(mutatedCorpusFile(corpus), carets, forcedFormat, ({ file, mutations }, fractions, format) => {
        progress(`${file.name} ${JSON.stringify(mutations)} format=${String(format)}`);
        const text = mutations.reduce(applyMutation, file.text);
        exerciseDocument(file.uri, text, { caretFractions: fractions, associations: associationsFor(format) });
      }),
      { seed, numRuns: runs },
    );
  },

  /** Each corpus file untouched, at many caret positions: the baseline must hold before mutations. */
  corpusAsIs({ seed, runs, progress }) {
    const corpus = loadCorpus();
    fc.assert(
      fc.property(fc.constantFrom(...corpus), carets, (file, fractions) => {
        progress(file.name);
        exerciseDocument(file.uri, file.text, { caretFractions: fractions, maxFixedDiagnostics: 30 });
      }),
      { seed, numRuns: Math.max(runs, corpus.length) },
    );
  },

  /**
   * The JSON side: every JSON fixture and every YAML fixture written as JSON and as JSONC, with
   * edits inside string values that keep the file JSON, so every quick fix is applied in JSON and
   * JSONC and must leave a file that parses (strict JSON for .json).
   */
  jsonCorpus({ seed, runs, progress }) {
    const corpus = loadJsonCorpus();
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(stringEdit, { minLength: 1, maxLength: 3 }), carets, (file, edits, fractions) => {
        progress(`${file.name} ${JSON.stringify(edits)}`);
        const text = edits.reduce(applyStringEdit, file.text);
        exerciseDocument(file.uri, text, { caretFractions: fractions, maxFixedDiagnostics: 30 });
      }),
      { seed, numRuns: runs },
    );
  },

  /** Arbitrary text under every file extension and forced format. */
  arbitraryText({ seed, runs, progress }) {
    fc.assert(
      fc.property(arbitraryText, fc.constantFrom('yaml', 'yml', 'json'), forcedFormat, carets, (text, ext, format, fractions) => {
        progress(`${ext} format=${String(format)} ${JSON.stringify(clip(text, 200))}`);
        exerciseDocument(`file:///fuzz/any.${ext}`, text, { caretFractions: fractions, associations: associationsFor(format) });
      }),
      { seed, numRuns: runs },
    );
  },

  /** Arbitrary YAML and JSON documents built from the keys and values our formats use. */
  arbitraryDocuments({ seed, runs, progress }) {
    fc.assert(
      fc.property(catalogishDocument, forcedFormat, carets, (doc, format, fractions) => {
        progress(`${doc.ext} format=${String(format)} ${JSON.stringify(clip(doc.text, 200))}`);
        exerciseDocument(`file:///fuzz/doc.${doc.ext}`, doc.text, { caretFractions: fractions, associations: associationsFor(format) });
      }),
      { seed, numRuns: runs },
    );
  },

  /** A 10 MB line, 100-level nesting, alias bombs: fixed documents, random carets. */
  pathological({ seed, runs, progress }) {
    const documents = hostileDocuments({ hugeBytes: 10 * 1024 * 1024, depth: 100 });
    for (const doc of documents) {
      fc.assert(
        fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }), (fractions) => {
          progress(doc.name);
          exerciseDocument(doc.uri, doc.text, { caretFractions: fractions, maxFixedDiagnostics: 3 });
          progress(`${doc.name}, read as ${doc.format}`);
          exerciseDocument(doc.uri, doc.text, { caretFractions: fractions, associations: associationsFor(doc.format), maxFixedDiagnostics: 3 });
        }),
        // The documents are fixed, only the carets vary: a few runs per document are enough.
        { seed, numRuns: Math.min(5, Math.max(1, Math.floor(runs / 50))) },
      );
    }
  },
};
