import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { comparableTree as comparable } from '../../../support/formats/comparableTree';
import { seededRandom, type Random } from '../../../support/random';
import type { YamlParse } from '../../../core/formats/tree';
import type { ParseProblem } from '../../../core/model/facts';
import { MAX_DIAGNOSTICS_PER_DOCUMENT } from '../../../core/diagnostics/cap';
import { parseYamlEndingEarly } from '../../../core/formats/yamlStreamTail';
import { parseYamlFully } from '../../../core/formats/yamlTree';

// core/formats/yamlStreamTail.ts reads a text whose document ends early (a key split to column 0
// ends a top-level list) without the yaml package's error objects for the rest: whenever it
// answers, its answer must be parseYamlFully's — the tree, every problem's message and range.

const SEED = 20261206;

/** The problems of a read, each one standing for more (`rest`, past what the editor is shown) replaced by all of them. */
function expanded(problems: readonly ParseProblem[]): ParseProblem[] {
  return problems
    .flatMap(({ rest, ...own }) => (rest ? [own, ...rest.expand(own.range.start)] : [own]))
    .sort((a, b) => a.range.start - b.range.start);
}

function same(read: YamlParse, full: YamlParse, label: string): void {
  assert.deepEqual(expanded(read.problems), full.problems, `${label}: problems differ`);
  assert.equal(read.usesAnchors, full.usesAnchors, label);
  assert.deepEqual(read.documents.map(comparable), full.documents.map(comparable), `${label}: trees differ`);
}

/** Whether the tail reader answered for `text` (read from `base`); when it did, its answer is parseYamlFully's. */
function assertSameParse(text: string, label: string, base = 0): boolean {
  const read = parseYamlEndingEarly(text, base);
  if (!read) return false;
  same(read, parseYamlFully(text, base), label);
  return true;
}

/** `text` with a key on a random indented line split by a line break so that its second half starts at column 0. */
function splitKey(text: string, random: Random): string | undefined {
  const keys = [...text.matchAll(/^( +)(?:- )?([A-Za-z_][\w.]{2,}):/gm)];
  if (keys.length === 0) return undefined;
  const key = random.pick(keys);
  const at = (key.index ?? 0) + key[0].indexOf(key[2]) + 1 + random.int(key[2].length - 1);
  return `${text.slice(0, at)}\n${text.slice(at)}`;
}

/** What a user might type in the text after the break: flow brackets, quotes, block scalars, markers, tabs. */
const TAIL_EDITS = ['[', '{', ']', '}', '"', "'", ' |', ' >', '\t', '&a ', '*a', '!t ', '? ', '- ', ': ', '#', ',', '\r', '\n---\n', '\n...\n', '\n%YAML 1.2\n', '\ufeff', '`', '@'];

function withEdits(text: string, from: number, random: Random): string {
  let edited = text;
  const count = random.int(4);
  for (let i = 0; i < count; i++) {
    const at = from + random.int(Math.max(1, edited.length - from));
    edited = `${edited.slice(0, at)}${random.pick(TAIL_EDITS)}${edited.slice(at)}`;
  }
  return edited;
}

function sources(random: Random): string[] {
  const texts = [PROPERTIES_YAML];
  for (let i = 0; i < 8; i++) texts.push(datasetYaml(30 + random.int(120), random).text, lineageFile(30 + random.int(120), random).text);
  return texts;
}

describe('YAML whose document ends early, read without the yaml package\'s error objects', () => {
  it('reads a key split to column 0 in generated files as parseYamlFully does', () => {
    const random = seededRandom(SEED);
    let read = 0;
    let tried = 0;
    for (const source of sources(random)) {
      for (let round = 0; round < 6; round++) {
        const text = splitKey(source, random);
        if (!text) continue;
        tried++;
        if (assertSameParse(text, `split ${tried}: ${JSON.stringify(text.slice(0, 300))}`, random.int(3) * 1_000)) read++;
      }
    }
    // The split of a top-level list's key ends the document: the reader answers for those.
    assert.ok(read > tried / 3, `read ${read} of ${tried}`);
  });

  it('gives parseYamlFully\'s answer after edits of every kind in the text after the break, or leaves it to parseYaml', () => {
    const random = seededRandom(SEED + 1);
    let read = 0;
    let tried = 0;
    for (const source of sources(random)) {
      for (let round = 0; round < 10; round++) {
        const split = splitKey(source, random);
        if (!split) continue;
        const text = withEdits(split, split.length >> 2, random);
        tried++;
        if (assertSameParse(text, `edited split ${tried}: ${JSON.stringify(text)}`)) read++;
      }
    }
    assert.ok(read > tried / 4, `read ${read} of ${tried}`);
  });

  it('keeps the errors past the first ones the editor is shown as positions, and they expand to parseYamlFully\'s', () => {
    const random = seededRandom(SEED + 2);
    const source = datasetYaml(1_500, random).text;
    let collapsed = 0;
    for (let round = 0; round < 6; round++) {
      const split = splitKey(source.slice(0, source.length >> 3), random);
      if (!split) continue;
      // Edits after the break (but no tab: a tab-indented line is named instead of the errors on it, so nothing is collapsed).
      let text = `${split}${source.slice(source.length >> 3)}`;
      if (round > 0) text = withEdits(text, split.length, random).replace(/\t/g, ' ');
      const base = random.int(3) * 1_000;
      const read = parseYamlEndingEarly(text, base);
      if (!read) continue;
      same(read, parseYamlFully(text, base), `large split ${round}`);
      const standing = read.problems.filter((problem) => problem.rest);
      if (standing.length === 0) continue;
      collapsed++;
      // One stands for the rest, and at least as many as the editor is shown come before it.
      assert.equal(standing.length, 1);
      assert.ok(read.problems.indexOf(standing[0]) >= MAX_DIAGNOSTICS_PER_DOCUMENT, 'the first ones the editor is shown are kept as objects');
      assert.equal(read.problems.length + standing[0].rest!.count - 1, parseYamlFully(text, base).problems.length);
    }
    assert.ok(collapsed >= 3, `collapsed in ${collapsed} of 6`);
    // A suppression comment or a tab-indented line could take some of the first ones away: nothing is collapsed then.
    const split = splitKey(source.slice(0, 2_000), random)!;
    for (const extra of ['# catalog-code-disable-next-line parse.syntax\n', '\tx: 1\n']) {
      const text = `${split}\n${extra}${source.slice(2_000)}`;
      const read = parseYamlEndingEarly(text);
      if (read) assert.ok(!read.problems.some((problem) => problem.rest), JSON.stringify(extra));
    }
  });

  it('answers the stream\'s tokens as yaml does: markers, flow ends, unknown characters, CR LF', () => {
    const texts = [
      '- a: 1\n  b\nc: 2\n  d: [x, y\n  e: "q\n',
      '- a: 1\n  b\nc: [1,\n2]\n  }\n',
      '- a\nb: {x: 1\n- c\n',
      '- a\nb: |\n  text\n  more\n- c\n',
      '- a\nb:\t1\n\t- c\n',
      '- a\nb: `x` @y\n',
      '- a\r\n  b\r\nc: 1\r\n  d: 2\r\n',
      '- a\nb: 1\n# a comment\n\n   \n',
      '- a\nb: "never closed\n  c: 1\n',
      '- a\nb: &x 1\nc: *x\n',
    ];
    let read = 0;
    for (const text of texts) if (assertSameParse(text, JSON.stringify(text))) read++;
    assert.ok(read >= texts.length - 2, `read ${read} of ${texts.length}`);
    // A second document, a directive, or a document end after the first is left to parseYaml.
    for (const text of ['- a\nb: 1\n---\n- c\n', '- a\nb: 1\n...\n', '- a\nb: 1\n%YAML 1.2\n---\n- c\n']) assert.equal(parseYamlEndingEarly(text), undefined, JSON.stringify(text));
    // So is a text whose document runs to its end.
    assert.equal(parseYamlEndingEarly('- a: 1\n- b: 2\n'), undefined);
  });
});
