import { parseArgs, type ParseArgsConfig } from 'node:util';
import { exitWith, proceed } from './exit';
import type { CliIo } from './io';
import { describeError } from '../core/errors/describeError';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A verb's command line, parsed with `--help`/`-h` added: the parsed values, or the exit code
 * (`exit`) after printing the usage (0 for `--help`, 2 with the reason for a wrong option).
 */
export function parseCommandLine<O extends Options>(argv: string[], options: O, usage: string, io: CliIo) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    io.stderr(`${describeParseError(error)}\n\n${usage}`);
    return exitWith(2);
  }
  if ((parsed.values as Record<string, unknown>).help === true) {
    io.stdout(usage);
    return exitWith(0);
  }
  return proceed(parsed);
}

/**
 * Node's reason, except for an unknown option: its text ends in advice about `--` and positional
 * arguments (with an unclosed quote) that sends a mistyped option's author the wrong way.
 */
function describeParseError(error: unknown): string {
  const message = describeError(error);
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return message;
  const option = /^Unknown option '([^']*)'/.exec(message)?.[1];
  if (option === undefined) return message;
  return `Unknown option '${option}': this command takes only the options below. (A path that starts with '-' goes after '--'.)`;
}
