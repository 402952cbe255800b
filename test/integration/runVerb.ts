import type { CliIo } from '../../cli/io';

export interface VerbRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a CLI verb in this process with captured output and CATALOG_TOKEN set (stdin is not a terminal, as in CI). */
export async function runVerb(verb: (argv: string[], io: CliIo) => Promise<number>, args: string[], token: string | undefined): Promise<VerbRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), version: 'test' };
  const saved = process.env.CATALOG_TOKEN;
  if (token === undefined) delete process.env.CATALOG_TOKEN;
  else process.env.CATALOG_TOKEN = token;
  try {
    const code = await verb(args, io);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    if (saved === undefined) delete process.env.CATALOG_TOKEN;
    else process.env.CATALOG_TOKEN = saved;
  }
}
