/**
 * A seeded pseudo-random generator (mulberry32), so every run generates byte-identical inputs and
 * two runs of the benchmarks compare the same work.
 */
export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [0, n) */
  int(n: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export const DEFAULT_SEED = 20261122;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}
