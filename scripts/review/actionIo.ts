import { appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/**
 * The runner's side of a JavaScript Action: inputs arrive as `INPUT_<NAME>` variables (the name
 * upper-cased, spaces as `_`, hyphens kept: `INPUT_COMMENT-AUTHOR`), outputs go to the file named
 * by `GITHUB_OUTPUT`. Written here rather than taken from @actions/core, so the bundle carries no
 * dependency for two small formats.
 */

/** The input `name` as the runner passes it; the form with `_` for `-` is read too (a shell cannot set a variable with a hyphen). */
export function actionInput(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const key = `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
  return env[key] ?? env[key.replace(/-/g, '_')];
}

/** An output value fit to write: a number, or one line of at most 2,000 characters (a URL GitHub answered). */
function outputValue(value: number | string): string | undefined {
  const text = String(value);
  return text.length <= 2000 && !/[\r\n]/.test(text) && !text.includes(String.fromCharCode(0)) ? text : undefined;
}

/**
 * Appends the outputs (undefined ones are left unset) in the delimited form, with a delimiter no
 * value holds. Returns a problem to warn about, or undefined: no GITHUB_OUTPUT (run outside
 * Actions) is not one, nor is a value left out for holding a line break.
 */
export function setOutputs(env: NodeJS.ProcessEnv, outputs: Record<string, number | string | undefined>): string | undefined {
  if (!env.GITHUB_OUTPUT) return undefined;
  const delimiter = `catalog_code_${randomBytes(12).toString('hex')}`;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    const text = value === undefined ? undefined : outputValue(value);
    if (text !== undefined) lines.push(`${name}<<${delimiter}`, text, delimiter);
  }
  try {
    appendFileSync(env.GITHUB_OUTPUT, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    return undefined;
  } catch (error) {
    return `Could not write the step's outputs to GITHUB_OUTPUT (${(error as Error).message}); the results are in the log and the job summary.`;
  }
}
