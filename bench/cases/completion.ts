import type { BenchContext } from '../support/context';
import { emptyResult, type CaseResult } from '../support/results';

export async function completionCase(ctx: BenchContext): Promise<CaseResult> {
  ctx.log('completion: not written yet');
  return Promise.resolve(emptyResult());
}
