import type { askService as AskService } from './validateService';

/**
 * validateService.ts as validate's own bundle has it (esbuild.mjs puts this file in its place):
 * validateMain.ts hands every run with --service to the whole CLI's bundle before any of this is
 * reached, so this bundle carries neither the service client nor GraphQL. Reaching it is a bug.
 */
export const askService: typeof AskService = () => {
  throw new Error('validate with --service ran in the bundle without the service client (dist/cli-validate.js); validateMain.ts hands such a run to dist/cli-main.js');
};
