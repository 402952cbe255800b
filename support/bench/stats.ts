/** Timing of repeated runs: warm-up runs are thrown away, the rest summarised by median and p95. */

export interface Timing {
  /** milliseconds of each measured run, in run order */
  samples: number[];
  medianMs: number;
  p95Ms: number;
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Percentile (p in 0..100) with linear interpolation between the closest ranks, so the median of an even count is the mean of the middle two. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function summarise(samples: number[]): Timing {
  return { samples, medianMs: percentile(samples, 50), p95Ms: percentile(samples, 95) };
}

export interface RepeatOptions {
  warmup: number;
  runs: number;
}

/** Runs `once` warm-up + measured times, one after the other; `once` returns its own elapsed ms. */
export async function repeat(options: RepeatOptions, once: (iteration: number) => Promise<number> | number): Promise<Timing> {
  for (let i = 0; i < options.warmup; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < options.runs; i++) samples.push(await once(options.warmup + i));
  return summarise(samples);
}

/** Times a synchronous or asynchronous function once, in milliseconds. */
export async function timeOnce(work: () => unknown): Promise<number> {
  const start = nowMs();
  await work();
  return nowMs() - start;
}
