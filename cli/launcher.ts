// `catalog-code` as installed (dist/cli.js): picks the bundle of the command before loading any of
// it. `validate`, what CI runs on every push, has a bundle of its own (validateMain.ts); every
// other command is in the whole CLI's (main.ts). Both are built by esbuild.mjs next to this file
// and never bundled into it.
/* eslint-disable @typescript-eslint/no-require-imports -- the bundles are loaded at run time, by path, as node finds them next to this file */
if (process.argv[2] === 'validate') require('./cli-validate.js');
else require('./cli-main.js');
