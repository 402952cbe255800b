import { processIoFor } from './io';
import { nearest } from './args';
import { NO_COLOR_FLAG } from './colour';
import { runToExit, version } from './entry';

// Each command is loaded when it runs: `validate` in CI must not pay for the service, its
// database and the GraphQL client at start. Installed, `catalog-code validate` does not even load
// this bundle: dist/cli.js (launcher.ts) runs validateMain.ts's bundle of its own instead.

const USAGE = `Catalog Code ${version}

Usage: catalog-code <command> [options]

Commands:
  init [FOLDER]        write starter metadata files (properties, datasets, lineage) that validate accepts
  validate [PATH...]   check metadata files (lineage, structured properties, datasets, MCPs)
  push [PATH...]       push files to the catalog service (plan, confirm, apply)
  plan [PATH...]       print what a push would change, and its impact, without sending (CI drift check, PR comment)
  pull --out DIR       write files from what the catalog holds (definitions, values, lineage)
  lineage URN          print an entity's lineage as a tree
  serve                run the local catalog service
  mcp                  serve the tools for coding agents over MCP (stdio; docs/agents.md)

Run 'catalog-code <command> --help' for a command's options. Output is coloured on a terminal;
${NO_COLOR_FLAG} (any command) or the NO_COLOR environment variable turns colour off.`;

const COMMANDS = ['init', 'validate', 'push', 'plan', 'pull', 'lineage', 'serve', 'mcp', 'help'];

async function main(commandLine: string[]): Promise<number> {
  const { io, argv } = processIoFor(version, commandLine);
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
    case 'init':
      return (await import('./init.js')).runInit(rest, io);
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
    case 'mcp':
      // Its own bundle, dist/cli-mcp.js (esbuild.mjs): the MCP SDK is loaded by this command only.
      return (await import('./mcp.js')).runMcp(rest, io);
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
      io.stderr(unknownCommand(command));
      return 2;
  }
}

/** One line: the command, the nearest known one, where the list is. */
function unknownCommand(command: string): string {
  const near = command.startsWith('-') ? undefined : nearest(command, COMMANDS);
  const what = command.startsWith('-') ? 'option' : 'command';
  return `Unknown ${what} '${command.slice(0, 60)}'${near ? ` (did you mean '${near}'?)` : ''}; see 'catalog-code --help' for the commands.`;
}

runToExit(main(process.argv.slice(2)));
