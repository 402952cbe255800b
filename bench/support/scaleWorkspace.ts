import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { SERVER_JS } from './context';
import type { LspServerCommand } from './lspClient';
import type { SymbolProbe } from './symbolsFound';

// The generated workspace of the scale cases (bench/cases/workspaceScale.ts, workspaceRestart.ts)
// and how they start the language server in it and read its process's figures.

/** 200 folders × 100 files: the 20,002-file workspace */
export const FOLDERS = 200;
const FILES_PER_FOLDER = 100;
/** ~800 bytes a YAML file, so 20,000 files make the issue's ~16 MB */
const LINES_PER_FILE = 22;
/** Open documents in the re-check measurement: the opened file and these. */
const DEPENDENT_FILES = ['domain_010/file_003', 'domain_050/file_012', 'domain_090/file_020', 'domain_130/file_007', 'domain_170/file_024'].map((f) => `${f}.datasets.yaml`);
const OTHER_FILES = [
  ...['domain_005', 'domain_025', 'domain_045', 'domain_065', 'domain_085', 'domain_105', 'domain_125', 'domain_145', 'domain_165', 'domain_185', 'domain_195', 'domain_199'].map((d) => `${d}/file_030.lineage.yml`),
  'domain_020/file_000.properties.yaml',
  'domain_040/file_050.properties.yaml',
];

export interface Workspace {
  root: string;
  files: number;
  bytes: number;
  /** the file opened in the editor: last in the scan's order, so the scan reaches it last */
  opened: string;
  /** a properties file (writes definitions every check reads) and a plain dataset file, to change */
  propertiesFile: string;
  datasetFile: string;
  /** open in the re-check measurement besides `opened`: dataset files that assign io.bench.tier, and files that do not */
  dependents: string[];
  others: string[];
}

/** 200 folders × 100 files: 48% dataset YAML, 48% lineage files, 2% MCP JSON, 2% properties YAML; ~16 MB. */
export function generateWorkspace(root: string, seed: number, folders = FOLDERS): Workspace {
  const random = seededRandom(seed);
  // one dataset's MCPs on one line (~5 KB): the golden files of ingestion, without the indentation
  const mcp = `${JSON.stringify(JSON.parse(goldenMcpJson(1)))}\n`;
  let bytes = 0;
  let files = 0;
  const write = (file: string, text: string) => {
    writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
    files++;
  };
  for (let f = 0; f < folders; f++) {
    const folder = path.join(root, `domain_${String(f).padStart(3, '0')}`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < FILES_PER_FOLDER; i++) {
      const slot = i % 50;
      const name = `file_${String(i).padStart(3, '0')}`;
      if (slot === 0) write(path.join(folder, `${name}.properties.yaml`), PROPERTIES_YAML.replaceAll('io.bench.', `io.bench.d${f}.`));
      else if (slot === 1) write(path.join(folder, `${name}.golden.json`), mcp.replaceAll('analytics.public.', `analytics.d${f}_${i}.`));
      // Names unique to each file (a repository declares a dataset once), so a client can look one up by name.
      else if (slot <= 25) write(path.join(folder, `${name}.datasets.yaml`), uniqueNames(datasetYaml(LINES_PER_FILE, random).text, f, i));
      else write(path.join(folder, `${name}.lineage.yml`), uniqueNames(lineageFile(LINES_PER_FILE, random).text, f, i));
    }
  }
  // The shared definitions the opened file uses, and the file itself at the end of the walk.
  write(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  const last = path.join(root, 'zz_open');
  mkdirSync(last, { recursive: true });
  const opened = path.join(last, 'opened.datasets.yaml');
  write(opened, datasetYaml(200, random).text);
  return {
    root,
    files,
    bytes,
    opened,
    propertiesFile: path.join(root, 'properties.yaml'),
    datasetFile: path.join(root, 'domain_100', 'file_005.datasets.yaml'),
    dependents: DEPENDENT_FILES.map((file) => path.join(root, file)),
    others: OTHER_FILES.map((file) => path.join(root, file)),
  };
}

/** `warehouse.table_000001` → `warehouse.d007f012_table_000001` in the file of folder 7, slot 12. */
function uniqueNames(text: string, folder: number, slot: number): string {
  return text.replaceAll('warehouse.table_', `warehouse.${fileTag(folder, slot)}_table_`);
}

function fileTag(folder: number, slot: number): string {
  return `d${String(folder).padStart(3, '0')}f${String(slot).padStart(3, '0')}`;
}

/** The first entity of the first, middle and last dataset file of the scan's order, as a client would look them up. */
export function symbolProbes(ws: Workspace, folders: number): SymbolProbe[] {
  return [0, Math.floor(folders / 2), folders - 1].map((folder, n) => {
    const slot = n === 2 ? 25 : 2;
    const file = path.join(ws.root, `domain_${String(folder).padStart(3, '0')}`, `file_${String(slot).padStart(3, '0')}.datasets.yaml`);
    return { query: `warehouse.${fileTag(folder, slot)}_table_000000`, uri: pathToFileURL(file).toString() };
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux); undefined elsewhere. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    // fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Peak resident memory of a process (Linux); undefined elsewhere. */
export function peakRss(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The language server as the scale cases start it: no service, no file limit, its storage (the restart cache) in `storagePath`. */
export function scaleServerCommand(root: string, storagePath: string): LspServerCommand {
  return { name: 'Catalog Code language server', args: [...serverNodeArgs(), SERVER_JS, '--stdio'], cwd: root, pull: false, env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined, CATALOG_MAX_WORKSPACE_FILES: undefined }, initializationOptions: { storagePath } };
}

/** CATALOG_SERVER_NODE_ARGS: node options for the server process (a profile: `--cpu-prof --cpu-prof-dir=/tmp/p`), split on spaces. */
function serverNodeArgs(): string[] {
  return (process.env.CATALOG_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

