// Loaded with --import before every test process (test/run.mjs): fast-check's property tests use a
// fixed seed instead of a new random one per run, so a clean clone runs the same cases every time.
// CATALOG_PROPERTY_SEED=<number> replays a seed, CATALOG_PROPERTY_SEED=random asks for a new one;
// fast-check names the seed of any failure. Both builds of fast-check (CommonJS, which the
// compiled unit suite and tsx load, and ES module) keep their own settings, so both are set.
import { createRequire } from 'node:module';
import * as esm from 'fast-check';

const FIXED = 20_240_611;
const value = process.env.CATALOG_PROPERTY_SEED;
const seed = value === 'random' ? Math.floor(Math.random() * 2 ** 31) : value ? Number(value) : FIXED;
if (!Number.isInteger(seed)) throw new Error(`CATALOG_PROPERTY_SEED takes a whole number or "random"; got ${JSON.stringify(value)}`);
if (value === 'random') process.stderr.write(`[seed] CATALOG_PROPERTY_SEED=${seed} (random, as asked)\n`);
const cjs = createRequire(import.meta.url)('fast-check');
for (const fc of [cjs, esm.default ?? esm]) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
