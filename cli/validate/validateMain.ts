import { processIoFor } from '../io';
import { runToExit, version } from '../entry';
import { keepYoungGenerationSmall } from '../youngGeneration';
import { inlineLessInBatch, optimizeOnlyHotCodeInBatch } from '../optimizerMemory';
import { runValidate } from './validate';
import { asksForService } from './validateOptions';

// `catalog-code validate` as a bundle of its own (dist/cli-validate.js, chosen by launcher.ts): a
// CI run loads the code of checking files and nothing of push, pull, lineage or the service
// (half the size of the whole CLI's bundle, about 3 MiB less peak memory and less time to start).
// The same command as `validate` in main.ts, with the same V8 settings of a batch run. A run with
// --service needs the service client and GraphQL, which this bundle leaves out (about 2.7 MiB of
// peak memory even unused, esbuild.mjs): the whole CLI's bundle runs it, as `validate`.
const edge = processIoFor(version, process.argv.slice(3));
const argv = edge.argv;
/* eslint-disable @typescript-eslint/no-require-imports -- the whole CLI's bundle is loaded at run time, by path, next to this one */
if (asksForService(argv)) require('./cli-main.js');
else {
  keepYoungGenerationSmall();
  inlineLessInBatch();
  optimizeOnlyHotCodeInBatch();
  runToExit(runValidate(argv, edge.io));
}
