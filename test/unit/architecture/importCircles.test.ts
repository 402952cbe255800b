// core/ has no import circle, between its files nor between its folders (issue 35): a helper that
// two rooms need lives in a leaf module both may import (core/common/, core/output/), so a change
// in one room never has to be read together with the room that imports it back.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';

const CORE = join(process.cwd(), 'core');

/**
 * Circles left to another branch: s8-edits (issue 35's edit path) breaks the one between the open
 * document's analysis and its element runs. Remove the entry when that branch is merged.
 */
const ALLOWED_FILE_CIRCLES = new Set(['core/incremental/documentAnalysis.ts, core/incremental/elementRuns.ts']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

// Every relative import, type-only ones and re-exports included: `import … from`, `export … from`, `import '…'`, `import('…')`.
const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|[\n;])\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function importGraph(files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const graph = new Map<string, Set<string>>(files.map((file) => [file, new Set<string>()]));
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2] ?? match[3]).replace(/\.js$/, '');
      const base = resolve(dirname(file), spec);
      const target = [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate) && existsSync(candidate));
      if (target && target !== file) graph.get(file)?.add(target);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan): each is a circle. */
function circles<T>(graph: ReadonlyMap<T, ReadonlySet<T>>): T[][] {
  let next = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (node: T): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: T[] = [];
    let member: T;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const relativeName = (file: string): string => relative(process.cwd(), file).split(sep).join('/');
const folderOf = (file: string): string => {
  const parts = relative(CORE, file).split(sep);
  return parts.length > 1 ? parts[0] : '(core root)';
};

const graph = importGraph(sourceFiles(CORE));

test('no two files of core/ import each other, directly or around a circle', () => {
  const found = circles(graph)
    .map((circle) => circle.map(relativeName).sort().join(', '))
    .filter((circle) => !ALLOWED_FILE_CIRCLES.has(circle));
  assert.deepEqual(found, [], `import circles between files of core/ (move what both sides need into a leaf module, e.g. core/common/):\n${found.join('\n')}`);
});

test('no two folders of core/ import each other, directly or around a circle', () => {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  const found = circles(folders).map((circle) => circle.sort().join(', '));
  const why = (circle: string): string => {
    const members = new Set(circle.split(', '));
    const lines = [...graph].flatMap(([file, targets]) => [...targets].filter((target) => members.has(folderOf(file)) && members.has(folderOf(target)) && folderOf(file) !== folderOf(target)).map((target) => `  ${relativeName(file)} → ${relativeName(target)}`));
    return `${circle}:\n${lines.join('\n')}`;
  };
  assert.deepEqual(found, [], `import circles between folders of core/ (a helper two rooms need belongs in a leaf module):\n${found.map(why).join('\n')}`);
});

test('the check sees imports of every form (the rooms above do import each other one way)', () => {
  const session = join(CORE, 'workspace', 'session.ts');
  assert.ok(graph.get(session)?.size, 'core/workspace/session.ts imports other files of core/');
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
  assert.ok(edges > 500, `core/'s files import each other ${edges} times`);
});
