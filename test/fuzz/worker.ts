import { SUITES } from './suites';

/**
 * Child-process entry: `node --import tsx test/fuzz/worker.ts <suite> <seed> <runs>`. Prints one
 * JSON line per case (`{"case": ...}`) so the parent can name the case that hangs, then `{"done": true}`
 * or `{"failure": "<fast-check report with seed and path>"}`.
 */

const [suiteName, seedText, runsText] = process.argv.slice(2);
const suite = SUITES[suiteName];
if (!suite) {
  process.stdout.write(`${JSON.stringify({ failure: `No fuzz suite "${suiteName}"; known: ${Object.keys(SUITES).join(', ')}` })}\n`);
  process.exit(2);
}
let count = 0;
try {
  suite({
    seed: Number(seedText),
    runs: Number(runsText),
    progress: (description) => process.stdout.write(`${JSON.stringify({ case: ++count, description: description.slice(0, 400) })}\n`),
  });
  process.stdout.write(`${JSON.stringify({ done: true, cases: count })}\n`);
} catch (error) {
  // fast-check keeps the property's own error as `cause`: that is the part that says what broke.
  const cause = error instanceof Error && error.cause instanceof Error ? `\nWhat broke: ${error.cause.name}: ${error.cause.message}` : '';
  const report = (error instanceof Error ? error.message : String(error)) + cause;
  process.stdout.write(`${JSON.stringify({ failure: report.length > 6000 ? `${report.slice(0, 6000)}…` : report })}\n`);
  process.exitCode = 1;
}
