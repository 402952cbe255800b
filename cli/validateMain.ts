import { processIo } from './io';
import { runToExit, version } from './entry';
import { keepYoungGenerationSmall } from './youngGeneration';
import { inlineLessInBatch } from './optimizerMemory';
import { runValidate } from './validate';

// `catalog-code validate` as a bundle of its own (dist/cli-validate.js, chosen by launcher.ts): a
// CI run loads the code of checking files and nothing of push, pull, lineage or the service
// (half the size of the whole CLI's bundle, about 3 MiB less peak memory and less time to start).
// The same command as `validate` in main.ts, with the same V8 settings of a batch run.
keepYoungGenerationSmall();
inlineLessInBatch();
runToExit(runValidate(process.argv.slice(3), processIo(version)));
