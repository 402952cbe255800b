/**
 * Seeds of the randomised tests: a fixed default, so a run on a clean clone is the same run every
 * time. `<VARIABLE>=<number>` replays a seed; `<VARIABLE>=random` asks for a new one. The seed in
 * use is printed either way, so any failure can be replayed.
 */
export function testSeed(variable: string, fixed: number): number {
  const value = process.env[variable];
  const seed = value === 'random' ? Math.floor(Math.random() * 2 ** 31) : value ? Number(value) : fixed;
  if (!Number.isInteger(seed)) throw new Error(`${variable} takes a whole number or "random"; got ${JSON.stringify(value)}`);
  process.stderr.write(`[seed] ${variable}=${seed}${value === 'random' ? ' (random, as asked)' : value ? '' : ' (the fixed default)'}\n`);
  return seed;
}
