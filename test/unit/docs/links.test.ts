// The README is the guide a newcomer reads first and docs/ holds the reference it points to: every
// relative link and #anchor between them must land somewhere, and the guide must stay guide-sized.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const repo = resolve(__dirname, '..', '..', '..');
const README_LIMIT_BYTES = 15 * 1024;

const documents = [
  join(repo, 'README.md'),
  join(repo, 'CONTRIBUTING.md'),
  ...readdirSync(join(repo, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(repo, 'docs', name)),
];

/** Markdown without fenced code blocks and inline code spans, whose brackets are not links. */
function proseOf(markdown: string): string {
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return withoutFences.replace(/(`+)[^`\n]*?\1/g, '');
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = match[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function linksOf(file: string): Link[] {
  const prose = proseOf(readFileSync(file, 'utf8'));
  const links: Link[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ from: file, target: match[1] });
  }
  for (const match of prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) links.push({ from: file, target: match[1] });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

test('every relative link and anchor in README.md, CONTRIBUTING.md and docs/ resolves', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const document of documents) {
    for (const { from, target } of linksOf(document)) {
      if (isExternal(target)) continue;
      checked++;
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      const where = `${relative(repo, from)} → ${target}`;
      const file = pathPart === '' ? from : resolve(dirname(from), decodeURIComponent(pathPart));
      if (!existsSync(file)) {
        broken.push(`${where}: no file ${relative(repo, file)}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!statSync(file).isFile() || !file.endsWith('.md')) {
        broken.push(`${where}: an anchor into something that is not a Markdown file`);
        continue;
      }
      if (!anchorsOf(readFileSync(file, 'utf8')).has(anchor)) {
        broken.push(`${where}: ${relative(repo, file)} has no heading with the anchor #${anchor}`);
      }
    }
  }
  assert.ok(checked > 20, `expected the guide and docs to link to each other, found ${checked} relative links`);
  assert.deepEqual(broken, [], `broken links (fix the link or the heading):\n${broken.join('\n')}`);
});

test('the heading anchors follow GitHub: punctuation dropped, repeats numbered', () => {
  const anchors = anchorsOf('# Catalog Code\n## `lineage`: show an entity\'s lineage\n## Setup\n## Setup\n```\n# not a heading\n```\n');
  assert.deepEqual([...anchors], ['catalog-code', 'lineage-show-an-entitys-lineage', 'setup', 'setup-1']);
});

test(`README.md is a guide of at most ${README_LIMIT_BYTES} bytes; reference belongs in docs/`, () => {
  const size = statSync(join(repo, 'README.md')).size;
  assert.ok(size <= README_LIMIT_BYTES, `README.md is ${size} bytes, over ${README_LIMIT_BYTES}: move reference material into docs/ and link to it`);
});
