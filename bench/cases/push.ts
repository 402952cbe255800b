import type { BenchContext } from '../support/context';
import { emptyResult, type CaseResult } from '../support/results';

export async function pushCase(ctx: BenchContext): Promise<CaseResult> {
  ctx.log('push: not written yet');
  return Promise.resolve(emptyResult());
}
