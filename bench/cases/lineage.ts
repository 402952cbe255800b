import type { BenchContext } from '../support/context';
import { emptyResult, type CaseResult } from '../support/results';

export async function lineageCase(ctx: BenchContext): Promise<CaseResult> {
  ctx.log('lineage: not written yet');
  return Promise.resolve(emptyResult());
}
