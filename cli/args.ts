import { parseArgs, type ParseArgsConfig } from 'node:util';
import { exitWith, proceed } from './exit';
import type { CliIo } from './io';
import { describeError } from '../core/errors/describeError';
import { logValue } from '../core/output/logText';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A verb's command line, parsed with `--help`/`-h` added: the parsed values, or the exit code
 * (`exit`) after printing the usage (0 for `--help`) or, for a wrong option, one line saying what
 * was wrong and where the usage is (2): a mistyped option must not bury its reason under the help.
 */
export function parseCommandLine<O extends Options>(argv: string[], options: O, usage: string, io: CliIo) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    io.stderr(describeParseError(error, Object.keys(options), commandOf(usage)));
    return exitWith(2);
  }
  if ((parsed.values as Record<string, unknown>).help === true) {
    io.stdout(usage);
    return exitWith(0);
  }
  return proceed(parsed);
}

/** `catalog-code validate` from the usage's first line (`Usage: catalog-code validate [PATH...]`). */
function commandOf(usage: string): string {
  return /^Usage: (catalog-code(?: [a-z-]+)?)/.exec(usage)?.[1] ?? 'catalog-code';
}

/**
 * Node's reason in one line, then where the usage is. An unknown option is named with the nearest
 * known one, and without Node's advice about `--` and positional arguments (with an unclosed quote),
 * which sends a mistyped option's author the wrong way.
 */
function describeParseError(error: unknown, known: readonly string[], command: string): string {
  const seeHelp = `see '${command} --help'`;
  const message = describeError(error).split('\n')[0]!;
  const option = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']*)'/.exec(message)?.[1] : undefined;
  if (option === undefined) return `${message.replace(/\.$/, '')}; ${seeHelp}.`;
  const near = nearest(option.replace(/^-+/, '').replace(/=.*$/, ''), [...known, 'help']);
  const suggestion = near ? ` (did you mean --${near}?)` : '';
  return `Unknown option '${logValue(option.slice(0, 60))}' for ${command}${suggestion}; ${seeHelp} (a path that starts with '-' goes after '--').`;
}

/** The candidate at most two edits from `word` (the nearest, first on a tie), if any. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && distance < word.length && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
