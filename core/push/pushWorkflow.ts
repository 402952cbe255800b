import type { ServiceConnection } from '../api/http';
import { applyPlan, type ApplyOptions } from '../plan/pushApply';
import type { PushPlan, PushResult } from '../plan/pushPlanTypes';
import type { PushFileVerdict, PushVerdicts } from '../plan/pushVerdicts';

/**
 * The push workflow, written once: read the files' verdicts → stop on errors unless the user
 * insists → plan against the service → confirm → apply with progress. The CLI and the VS Code
 * client are shells that supply the steps: the CLI answers verdicts and plan from its in-process
 * session (core/push/sessionPush.ts), the client by asking the language server, which answers from
 * its session with the same functions; each asks and reports in its own way.
 */
export interface PushSteps {
  /** the files to push with their verdicts */
  verdicts(): PromiseLike<PushVerdicts>;
  /** the files with errors: true to push anyway */
  acceptErrors(blocked: readonly PushFileVerdict[], verdicts: PushVerdicts): PromiseLike<boolean>;
  /** the plan against what the service holds now (a shell may narrow it, e.g. to lineage only) */
  plan(verdicts: PushVerdicts): PromiseLike<PushPlan>;
  /** shown the plan (which has items): true to send it */
  confirm(plan: PushPlan, verdicts: PushVerdicts): PromiseLike<boolean>;
  /** where the plan is sent: the service the verdicts were judged for */
  connection: ServiceConnection;
  /** cancellation and progress of the sending */
  apply?: ApplyOptions;
  /** wraps the sending (a progress notification around it): calls `send` with its own options, which replace `apply` */
  sending?: (plan: PushPlan, send: (options: ApplyOptions) => Promise<PushResult>) => PromiseLike<PushResult>;
}

export type PushOutcome =
  | { kind: 'noFiles'; verdicts: PushVerdicts }
  | { kind: 'blocked'; verdicts: PushVerdicts; blocked: PushFileVerdict[] }
  | { kind: 'upToDate'; verdicts: PushVerdicts; plan: PushPlan }
  | { kind: 'declined'; verdicts: PushVerdicts; plan: PushPlan }
  | { kind: 'pushed'; verdicts: PushVerdicts; plan: PushPlan; result: PushResult };

/** Runs the steps in order; errors of a step (the service failing to answer) are thrown to the shell. */
export async function runPushWorkflow(steps: PushSteps): Promise<PushOutcome> {
  const verdicts = await steps.verdicts();
  if (verdicts.files.length === 0) return { kind: 'noFiles', verdicts };
  const blocked = verdicts.files.filter((file) => file.errors.length > 0);
  if (blocked.length > 0 && !(await steps.acceptErrors(blocked, verdicts))) return { kind: 'blocked', verdicts, blocked };
  const plan = await steps.plan(verdicts);
  if (plan.items.length === 0) return { kind: 'upToDate', verdicts, plan };
  if (!(await steps.confirm(plan, verdicts))) return { kind: 'declined', verdicts, plan };
  const send = (options: ApplyOptions) => applyPlan(steps.connection, plan, options);
  const result = steps.sending ? await steps.sending(plan, send) : await send(steps.apply ?? {});
  return { kind: 'pushed', verdicts, plan, result };
}
