import { applyPlan } from '../plan/pushApply';
import { AGENT_LIMITS, bounded, capped } from './bounds';
import { blockedResult } from './planTool';
import { planForAgent } from './planning';
import { toolError, type AgentTool } from './toolTypes';

/** The one tool that writes: listed only when the server was started with --allow-push. */
export const pushChangesTool: AgentTool = {
  name: 'push_changes',
  title: 'Push the planned changes',
  description:
    'Push the workspace metadata files to the connected catalog — exactly the plan plan_changes returned: give its planHash. ' +
    'If the files or the catalog changed since, the hash no longer matches and nothing is sent: call plan_changes again and review the new plan. ' +
    'Pushes every metadata file of the workspace (plan_changes without paths).',
  inputSchema: {
    type: 'object',
    properties: { planHash: { type: 'string', minLength: 16, maxLength: 16, description: 'The planHash from plan_changes (called without paths).' } },
    required: ['planHash'],
    additionalProperties: false,
  },
  readOnly: false,
  async run(input, context) {
    if (!context.allowPush) return toolError('push_changes is off: the server was not started with --allow-push. Push from the editor or with catalog-code push.');
    const service = context.service;
    if (!service) return toolError('No catalog is connected to push to. Start the server with --service URL (or CATALOG_SERVICE_URL).');
    const snapshot = await context.snapshot();
    const planning = await planForAgent(snapshot, service, { signal: context.signal, impact: false });
    if (planning.kind === 'blocked') return blockedResult(planning.files, context.folders);
    if (planning.hash !== input.planHash) return toolError(`Nothing was pushed: the plan is now ${planning.hash}, not ${String(input.planHash)} (the files or the catalog changed since it was planned). Call plan_changes again and review it.`, { planHash: planning.hash });
    if (planning.plan.items.length === 0) return { summary: `Nothing to push: ${service.url} already holds everything the files say.`, structured: { pushed: 0, failed: [] } };
    const result = await applyPlan(service, planning.plan, { signal: context.signal });
    const failed = capped(
      result.results.filter((r) => !r.ok).map((r) => ({ entity: r.item.entityUrn, title: r.item.title, error: bounded(r.error ?? 'not sent') })),
      AGENT_LIMITS.planItems,
    );
    const pushed = result.results.filter((r) => r.ok).length;
    const summary = `Pushed ${pushed} of ${planning.plan.items.length} item(s) to ${service.url}${failed.shown.length > 0 ? `; ${result.failed.length} failed (plan again to retry exactly those): ${failed.shown.slice(0, 3).map((f) => `${f.entity}: ${f.error}`).join('; ')}` : ''}.`;
    return { summary, structured: { pushed, failed: failed.shown, moreFailed: failed.more, cancelled: result.cancelled }, ...(result.failed.length > 0 ? { isError: true } : {}) };
  },
};
