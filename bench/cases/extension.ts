import type { BenchContext } from '../support/context';
import { emptyResult, type CaseResult } from '../support/results';

export async function extensionCase(ctx: BenchContext): Promise<CaseResult> {
  ctx.log('extension: not written yet');
  return Promise.resolve(emptyResult());
}
