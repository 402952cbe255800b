// Bundles the entry points. Type-checking is `npm run typecheck`, not this script.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Prints build problems the way VS Code's esbuild problem matcher expects them. */
const reportProblems = {
  name: 'report-problems',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of [...result.errors, ...result.warnings]) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const common = {
  bundle: true,
  // `catalog-code --version` prints the package's version (cli/main.ts).
  define: { CATALOG_CODE_VERSION: JSON.stringify(version) },
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
  sourcemap: !production,
  sourcesContent: false,
  minify: production,
  logLevel: 'silent',
  plugins: [reportProblems],
  // The SQL parser's CommonJS build: its ESM build for Node awaits at the top level, which a CommonJS bundle cannot.
  alias: { '@polyglot-sql/sdk': './node_modules/@polyglot-sql/sdk/dist/index.cjs' },
  // Which packages each bundle carries: THIRD-PARTY-NOTICES.md is generated from it (scripts/thirdPartyNotices.ts).
  metafile: true,
};

/** The folder of each package under node_modules/ that went into a bundle (the innermost one, for nested copies), per bundle (dist/bundled-packages.json). */
function bundledPackages(outfile, metafile) {
  const packages = new Set();
  for (const input of Object.keys(metafile?.inputs ?? {})) {
    const path = input.replace(/\\/g, '/');
    const at = path.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const rest = path.slice(at + 'node_modules/'.length).split('/');
    packages.add(path.slice(0, at) + 'node_modules/' + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join('/'));
  }
  return [outfile, [...packages].sort()];
}

/**
 * validate's own bundle leaves the service steps out (cli/validate/validateService.ts: the service client and
 * GraphQL, about 2.7 MiB of peak memory even when never called): cli/validate/validateServiceAbsent.ts
 * stands in for it, and validateMain.ts hands every run with --service to the whole CLI's bundle.
 */
const offlineValidate = {
  name: 'offline-validate',
  setup(build) {
    build.onResolve({ filter: /^\.\/validateService$/ }, (args) => ({ path: `${args.resolveDir}/validateServiceAbsent.ts` }));
  },
};

/** The whole CLI's bundle loads `mcp` from dist/cli-mcp.js at run time: the MCP SDK stays out of every other verb's bundle. */
const mcpApart = {
  name: 'mcp-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/mcp\.js$/ }, () => ({ path: './cli-mcp.js', external: true }));
  },
};

const browserD3Dag = { 'd3-dag': './node_modules/d3-dag/dist/d3-dag.esm.min.mjs' };

const entries = [
  // The entry stays small for fast activation; it requires the main bundle at run time, after activate() returns.
  { entryPoints: ['client/extension.ts'], outfile: 'dist/extension.js', external: ['vscode', './extensionMain', './extensionMain.js'] },
  { entryPoints: ['client/extensionMain.ts'], outfile: 'dist/extensionMain.js', external: ['vscode'] },
  { entryPoints: ['server/main.ts'], outfile: 'dist/server.js' },
  // SQL lineage's worker thread (server/sqlLineageRequests.ts): the SQL parser, loaded on the first request only.
  { entryPoints: ['server/sqlLineageWorker.ts'], outfile: 'dist/sqlLineageWorker.js' },
  // The workspace scan's reading thread (server/workerScanReader.ts): started with each scan.
  { entryPoints: ['server/scanReadWorker.ts'], outfile: 'dist/scanReadWorker.js' },
  // The npm package's `catalog-code-language-server`: picks stdio, then requires dist/server.js.
  { entryPoints: ['server/stdio.ts'], outfile: 'dist/language-server.js', external: ['./server.js'], banner: { js: '#!/usr/bin/env node' } },
  // `catalog-code` (package.json bin): a launcher that loads `validate`'s own bundle or the whole CLI's.
  { entryPoints: ['cli/launcher.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, external: ['./cli-main.js', './cli-validate.js'] },
  { entryPoints: ['cli/main.ts'], outfile: 'dist/cli-main.js', plugins: [reportProblems, mcpApart] },
  // `catalog-code mcp` (cli/mcp.ts), loaded by cli-main.js for that command only: the MCP SDK.
  { entryPoints: ['cli/mcp.ts'], outfile: 'dist/cli-mcp.js' },
  // Without the service client: validateMain.ts hands a run with --service to cli-main.js. Whitespace
  // and syntax minified in every build (names kept, with the source map): its comments made the
  // source two-byte text, and the smaller ASCII bundle peaks ~2.5 MiB lower on a large file.
  { entryPoints: ['cli/validate/validateMain.ts'], outfile: 'dist/cli-validate.js', external: ['./cli-main.js'], plugins: [reportProblems, offlineValidate], minifyWhitespace: true, minifySyntax: true },
  // The GitHub Action's bundle is not built here: scripts/actionBundle.mjs writes action/review.js, kept in git.
  // The lineage graph's webview script (with d3-dag): browser code, loaded under the panel's CSP.
  // d3-dag's CommonJS build carries Node-only helpers (worker_threads, child_process); its ESM build is browser-clean.
  { entryPoints: ['client/graph/webview/main.ts'], outfile: 'dist/lineageGraph.js', platform: 'browser', target: 'es2022', format: 'iife', alias: browserD3Dag },
  { entryPoints: ['client/graph/webview/layoutWorker.ts'], outfile: 'dist/lineageGraphLayout.js', platform: 'browser', target: 'es2022', format: 'iife', sourcemap: false, alias: browserD3Dag },
];

/**
 * node-sqlite3-wasm loads its WebAssembly from the folder of the script that bundles it, and so does
 * the SQL parser (@polyglot-sql/sdk, core/sql/sqlParser.ts: loaded on first use of SQL lineage only).
 */
function copyRuntimeAssets() {
  mkdirSync('dist', { recursive: true });
  copyFileSync('node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.wasm', 'dist/node-sqlite3-wasm.wasm');
  copyFileSync('node_modules/@polyglot-sql/sdk/dist/polyglot_sql.wasm', 'dist/polyglot_sql.wasm');
}

async function main() {
  copyRuntimeAssets();
  const contexts = await Promise.all(entries.map((entry) => esbuild.context({ ...common, ...entry })));
  if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
    return;
  }
  let failed = false;
  const bundled = [];
  for (const [index, ctx] of contexts.entries()) {
    try {
      const result = await ctx.rebuild();
      if (result.errors.length > 0) failed = true;
      bundled.push(bundledPackages(entries[index].outfile, result.metafile));
    } catch {
      failed = true;
    }
    await ctx.dispose();
  }
  if (failed) process.exit(1);
  writeFileSync('dist/bundled-packages.json', `${JSON.stringify(Object.fromEntries(bundled), null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
