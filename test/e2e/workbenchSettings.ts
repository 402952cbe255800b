/**
 * User settings that keep a code-server workbench on the extension: no trust prompt, welcome page,
 * tips, AI chat, update checks or telemetry, and the local catalog's data folder hidden. Shared by
 * the e2e harness and the `npm start` demo.
 */
export const QUIET_WORKBENCH_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'git.enabled': false,
  'files.exclude': { '**/.catalog': true },
} as const;
