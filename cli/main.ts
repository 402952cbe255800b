import { processIo } from './io';
import { runToExit, version } from './entry';

// Each command is loaded when it runs: `validate` in CI must not pay for the service, its
// database and the GraphQL client at start. Installed, `catalog-code validate` does not even load
// this bundle: dist/cli.js (launcher.ts) runs validateMain.ts's bundle of its own instead.

const USAGE = `Catalog Code ${version}

Usage: catalog-code <command> [options]

Commands:
  validate [PATH...]   check metadata files (lineage, structured properties, datasets, MCPs)
  push [PATH...]       push files to the catalog service (plan, confirm, apply)
  plan [PATH...]       print what a push would change, and its impact, without sending (CI drift check, PR comment)
  pull --out DIR       write files from what the catalog holds (definitions, values, lineage)
  lineage URN          print an entity's lineage as a tree
  serve                run the local catalog service

Run 'catalog-code <command> --help' for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const io = processIo(version);
  const [command, ...rest] = argv;
  switch (command) {
    case 'validate':
      // A batch run does not need V8's growing young generation (see youngGeneration.ts).
      (await import('./youngGeneration.js')).keepYoungGenerationSmall();
      // Nor TurboFan's inlining, whose working memory a one-pass run never earns back (see optimizerMemory.ts).
      (await import('./optimizerMemory.js')).inlineLessInBatch();
      // And TurboFan for the code that stays hot, not every function warm for a moment (see optimizerMemory.ts).
      (await import('./optimizerMemory.js')).optimizeOnlyHotCodeInBatch();
      return (await import('./validate/validate.js')).runValidate(rest, io);
    case 'serve':
      return (await import('./serve.js')).runServe(rest);
    case 'push':
      return (await import('./push.js')).runPush(rest, io);
    case 'plan':
      return (await import('./plan.js')).runPlan(rest, io);
    case 'pull':
      return (await import('./pull.js')).runPull(rest, io);
    case 'lineage':
      return (await import('./lineage.js')).runLineage(rest, io);
    case '--version':
    case '-v':
      io.stdout(version);
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(USAGE);
      return 0;
    default:
      io.stderr(`Unknown command '${command}'.\n\n${USAGE}`);
      return 2;
  }
}

runToExit(main(process.argv.slice(2)));
