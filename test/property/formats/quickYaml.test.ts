import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { comparableTree as comparable } from '../../../support/formats/comparableTree';
import { seededRandom, type Random } from '../../../support/random';
import { readDocument } from '../../../core/formats/index';
import { parseQuickYaml } from '../../../core/formats/quickYaml';
import { parseYaml, parseYamlFully } from '../../../core/formats/yamlTree';
import { EXAMPLES, testsOnExamples } from '../../unit/formats/support';

// The quick block-YAML reader (core/formats/quickYaml.ts) must give exactly parseYaml's tree —
// values, ranges, character offsets — whenever it answers, and the same model through readDocument.
// Proven on the DataHub corpus, DataHub's own example files, generated files and seeded mutations
// of all of them (comments, blank lines, quotes, nulls, numbers, odd indentation, broken lines).

const CORPUS = resolve(process.cwd(), 'test', 'fixtures', 'datahub-corpus');
const SEED = 20261126;

function yamlFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...yamlFilesUnder(path));
    else if (/\.ya?ml$/.test(name)) found.push(path);
  }
  return found;
}


/** Whether the quick reader answered for `text`; when it did, its tree is parseYaml's. */
function assertSameTree(text: string, label: string): boolean {
  const quick = parseQuickYaml(text);
  if (!quick) return false;
  const full = parseYamlFully(text);
  assert.deepEqual(full.problems, [], `${label}: the quick reader answered for a text with syntax problems`);
  assert.equal(full.usesAnchors, false, label);
  assert.equal(full.documents.length, 1, label);
  assert.deepEqual(comparable(quick.documents[0]), comparable(full.documents[0]), `${label}: trees differ`);
  // Read as a part of a longer document (an item read again, a run read in slices): the same tree, each offset that much later.
  const base = 1 + (text.length % 977);
  assert.deepEqual(comparable(parseQuickYaml(text, base)?.documents[0] ?? null), comparable(parseYamlFully(text, base).documents[0]), `${label}: trees differ at offset ${base}`);
  // parseYaml, which every reader calls, answers with the quick reader's tree.
  assert.deepEqual(comparable(parseYaml(text, base).documents[0]), comparable(parseYamlFully(text, base).documents[0]), `${label}: parseYaml differs at offset ${base}`);
  return true;
}

/** The same model through readDocument, with and without the quick reader. */
function assertSameModel(uri: string, text: string): void {
  assert.deepEqual(readDocument(uri, text), readDocument(uri, text, { fullYamlParser: true }), `${uri}: models differ`);
}

function generatedFiles(count: number, random: Random): string[] {
  const texts = [PROPERTIES_YAML];
  for (let i = 0; i < count; i++) texts.push(datasetYaml(20 + random.int(60), random).text, lineageFile(20 + random.int(60), random).text);
  return texts;
}

const MUTATIONS: ((lines: string[], at: number, random: Random) => void)[] = [
  (lines, at) => lines.splice(at, 0, ''),
  (lines, at) => lines.splice(at, 0, '# a comment'),
  (lines, at, random) => lines.splice(at, 0, `${' '.repeat(1 + random.int(6))}# an indented comment`),
  (lines, at) => (lines[at] = `${lines[at]}   `),
  (lines, at) => (lines[at] = `${lines[at]} # trailing`),
  (lines, at) => (lines[at] = lines[at].replace(/: (.+)$/, ': "$1"')),
  (lines, at) => (lines[at] = lines[at].replace(/: (.+)$/, ": '$1'")),
  (lines, at) => (lines[at] = lines[at].replace(/: (.+)$/, ':')),
  (lines, at, random) => (lines[at] = lines[at].replace(/: (.+)$/, `: ${random.pick(['~', 'null', 'True', 'false', '007', '-0', '1.50', '1e3', '.5', '0x1f', '.inf', '+12', '1.2.3', '2024-01-01', 'a, b', '[x]', '[a, b]', '[ a , 1, true ]', '[]', '[a,]', '[a, "b"]', '[a, [b]]', '[-1, -]', '{a: 1}', '&anchor x', '*alias', '!tag x', '|', 'x: y', '"esc\\"aped"', "'it''s'", '- x', 'a #b', 'a#b'])}`)),
  (lines, at) => (lines[at] = ` ${lines[at]}`),
  (lines, at) => (lines[at] = lines[at].replace(/^( *) {2}/, '$1')),
  (lines, at) => lines.splice(at, 1),
  (lines, at) => lines.splice(at, 0, lines[at]),
  (lines, at) => (lines[at] = lines[at].slice(0, Math.max(0, lines[at].length - 3))),
  (lines, at) => (lines[at] = lines[at].replace(/^( *)- /, '$1-   ')),
  (lines, at) => (lines[at] = lines[at].replace(/^( *)- (.*)$/, '$1-\n$1  $2')),
  (lines, at) => lines.splice(at, 0, '---'),
  (lines, at) => (lines[at] = `${lines[at]}\t`),
  (lines, at) => (lines[at] = `${lines[at]}\r`),
];

function mutated(text: string, random: Random): string {
  const lines = text.split('\n');
  const changes = 1 + random.int(3);
  for (let i = 0; i < changes; i++) random.pick(MUTATIONS)(lines, random.int(lines.length), random);
  const joined = random.chance(0.1) ? lines.join('\n').replace(/\n$/, '') : lines.join('\n');
  return random.chance(0.2) ? joined.replace(/\n/g, '\r\n') : joined;
}

describe('quick block-YAML reader', () => {
  it('reads the runs of a lineage file\'s indented entries as parseYaml does (a part read again on its own)', () => {
    const text = lineageFile(1_500, seededRandom(9)).text;
    const starts = [...text.matchAll(/^ {2}- entity:/gm)].map((match) => match.index ?? 0);
    let read = 0;
    let runs = 0;
    for (let i = 0; i + 3 < starts.length; i += 3, runs++) {
      if (assertSameTree(text.slice(starts[i], starts[i + 3]), `entries ${i}–${i + 2}`)) read++;
    }
    assert.ok(runs > 20 && read === runs, `${read} of ${runs} runs read by the quick reader`);
    // An indented mapping at the root is left to the yaml package.
    assert.equal(parseQuickYaml('  a: 1\n  b: 2\n'), undefined);
  });

  it('gives parseYaml’s tree and readDocument’s model for every corpus file it reads', () => {
    let read = 0;
    const files = yamlFilesUnder(CORPUS);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (assertSameTree(text, file)) read++;
      assertSameModel(`file://${file}`, text);
    }
    // Most of the corpus is plain block YAML: the quick path is taken, not only its fallback.
    assert.ok(read >= files.length / 2, `read ${read} of ${files.length}`);
  });

  it('reads generated dataset, lineage and properties files the same way, all of them itself', () => {
    const random = seededRandom(SEED);
    const texts = generatedFiles(60, random);
    let read = 0;
    for (const [index, text] of texts.entries()) {
      if (assertSameTree(text, `generated file ${index}`)) read++;
      assertSameModel(`file:///w/generated_${index}.${index % 2 === 1 ? 'datasets' : 'lineage'}.yaml`, text);
    }
    assert.equal(read, texts.length);
  });

  it('gives the same tree for seeded mutations of generated and corpus files, or leaves them to the full parser', () => {
    const random = seededRandom(SEED + 1);
    const sources = [...generatedFiles(20, random), ...yamlFilesUnder(CORPUS).map((file) => readFileSync(file, 'utf8'))];
    let read = 0;
    let tried = 0;
    for (let round = 0; round < 12; round++) {
      for (const [index, source] of sources.entries()) {
        const text = mutated(source, random);
        tried++;
        if (assertSameTree(text, `mutation ${round}/${index}: ${JSON.stringify(text.slice(0, 400))}`)) read++;
      }
    }
    assert.ok(read > tried / 4, `read ${read} of ${tried}`);
  });

  it('leaves to the full parser what it does not model', () => {
    const unsupported = [
      'a: [x, [y]]\n',
      'a: {b: 1}\n',
      'a: &x 1\nb: *x\n',
      'a: !tag x\n',
      'a: |\n  text\n',
      'a: >\n  text\n',
      'a: "esc\\n"\n',
      "a: 'it''s'\n",
      'a:\tb\n',
      'a: b\rc: d\r',
      '---\na: b\n',
      'a: b\n---\nc: d\n',
      'a: 1\na: 2\n',
      'a: one\n  two\n',
      'a: b\n  # indented comment\n',
      '<<: {}\n',
      '  a: b\n',
      'a: 0x1f\n',
      'a: .inf\n',
      '? a\n: b\n',
      '- - x\n',
      'a:\n\nb: 1\n',
      'just a scalar\n',
      '',
    ];
    for (const text of unsupported) assert.equal(parseQuickYaml(text), undefined, JSON.stringify(text));
  });

  it('reads files with CR LF line ends the same way', () => {
    const random = seededRandom(SEED + 2);
    const texts = [...generatedFiles(10, random), ...yamlFilesUnder(CORPUS).map((file) => readFileSync(file, 'utf8'))];
    let read = 0;
    for (const [index, text] of texts.entries()) {
      const crlf = text.replace(/\r?\n/g, '\r\n');
      if (assertSameTree(crlf, `CR LF file ${index}`)) read++;
      assertSameModel(`file:///w/crlf_${index}.datasets.yaml`, crlf);
    }
    assert.ok(read >= texts.length / 2, `read ${read} of ${texts.length}`);
    assert.ok(assertSameTree('a: 1\r\nb:\r\n  - x  # c\r\n  - [y, z]\r\nc: "q"\r\n', 'CR LF'));
  });

  it('reads plain scalars as YAML 1.2’s core schema does', () => {
    const text = 'a: 007\nb: -0\nc: 1.50\nd: 1e3\ne: .5\nf: 1.\ng: ~\nh: True\ni: FALSE\nj: null\nk: 1.2.3\nl: 2024-01-01\nm: x #c\nn: x#c\n';
    assert.ok(assertSameTree(text, 'scalars'));
  });
});

const onExamples = testsOnExamples('quick block-YAML reader on DataHub’s example files');

onExamples.describe('quick block-YAML reader on DataHub’s example files', () => {
  onExamples.it('gives parseYaml’s tree and readDocument’s model for each example it reads', () => {
    for (const file of yamlFilesUnder(EXAMPLES)) {
      const text = readFileSync(file, 'utf8');
      assertSameTree(text, file);
      assertSameModel(`file://${file}`, text);
    }
  });
});
