// Compiles the TypeScript sources once into plain CommonJS for the unit suite, so `node --test`
// starts each test file as JavaScript instead of loading a TypeScript loader into every process.
// One file in, one file out (no bundling): relative imports keep working, packages resolve from the
// repository's node_modules because the output lives inside it, and `__dirname`/`__filename` are
// the source file's, so paths relative to a test file mean what they say.
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Every TypeScript file of the repository except these folders (and hidden ones) is compiled. */
const SKIPPED = new Set(['node_modules', 'fixtures', 'e2e-cache', 'dist', 'out', 'test-results']);

function collectSources(root, dir, out) {
  for (const name of readdirSync(join(root, dir))) {
    if (SKIPPED.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) collectSources(root, path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * Compiles every source file under `root` into `outDir`, keeping the folder layout; returns outDir.
 * The default is one folder per run (the process id): two runs at once, in one checkout or in
 * several git worktrees sharing one node_modules, must not compile over each other's output (they
 * did: a run loaded another worktree's sources halfway through). The caller removes it after.
 */
export async function compileTests(root, outDir = join(root, 'node_modules', '.cache', `catalog-code-tests-${process.pid}`)) {
  const entryPoints = collectSources(root, '', []);
  rmSync(outDir, { recursive: true, force: true });
  await Promise.all(
    entryPoints.map(async (file) => {
      const source = join(root, file);
      const { code } = await esbuild.transform(readFileSync(source, 'utf8'), {
        loader: 'ts',
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        sourcemap: 'inline',
        sourcesContent: false,
        sourcefile: source,
        define: { __dirname: JSON.stringify(dirname(source)), __filename: JSON.stringify(source) },
        logLevel: 'error',
      });
      const out = join(outDir, file.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, code);
    }),
  );
  return outDir;
}

/** Where the compiled copy of a repository-relative `.ts` file lands. */
export function compiledPath(root, outDir, file) {
  return join(outDir, relative(root, join(root, file))).replace(/\.ts$/, '.js');
}
