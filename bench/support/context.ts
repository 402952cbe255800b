import * as path from 'node:path';

/** What every case gets from bench/run.ts. */
export interface BenchContext {
  quick: boolean;
  seed: number;
  /** a scratch folder of this run, removed at the end */
  workDir: string;
  log: (line: string) => void;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const SERVER_JS = path.join(REPO_ROOT, 'dist', 'server.js');
export const CLI_JS = path.join(REPO_ROOT, 'dist', 'cli.js');
export const YAML_LANGUAGE_SERVER = path.join(REPO_ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
