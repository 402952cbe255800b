// Where SQL lives in MCP JSON: the `viewLogic` of `viewProperties` aspects (DataHub's view
// definitions, as its SQL sources emit them). Each view's SQL defines that dataset, so a bare
// SELECT's output columns are the view's (lineageFragment.ts `target`).
import { datasetPartsOf } from '../urn/datasetParts';

export interface ViewLogic {
  /** the dataset URN the aspect is about */
  urn: string;
  platform: string;
  /** the dataset's name (dotted, as in the URN) */
  name: string;
  env: string;
  sql: string;
  /** `viewLanguage` as written (usually SQL) */
  language?: string;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The aspect's body: `{"json": …}`, `{"value": "<serialised JSON>"}`, or written bare. */
function aspectBody(aspect: unknown): Record<string, unknown> | undefined {
  const wrapped = objectOf(aspect);
  if (!wrapped) return undefined;
  if (objectOf(wrapped.json)) return objectOf(wrapped.json);
  if (typeof wrapped.value === 'string') {
    try {
      return objectOf(JSON.parse(wrapped.value));
    } catch {
      return undefined;
    }
  }
  return wrapped;
}

/** Every dataset `viewProperties` aspect with a `viewLogic` in an MCP file's parsed JSON (a list of proposals, or one). */
export function viewLogicOf(json: unknown): ViewLogic[] {
  const proposals = Array.isArray(json) ? json : [json];
  const out: ViewLogic[] = [];
  for (const item of proposals) {
    const proposal = objectOf(item);
    if (!proposal || proposal.aspectName !== 'viewProperties' || typeof proposal.entityUrn !== 'string') continue;
    const view = viewLogicOfAspect(proposal.entityUrn, aspectBody(proposal.aspect));
    if (view) out.push(view);
  }
  return out;
}

/** The view definition of one `viewProperties` aspect's body (as an MCP file's aspect fact holds it), if it has one. */
export function viewLogicOfAspect(entityUrn: string, value: unknown): ViewLogic | undefined {
  const body = objectOf(value);
  const dataset = datasetPartsOf(entityUrn);
  if (!body || !dataset || typeof body.viewLogic !== 'string' || body.viewLogic.trim() === '') return undefined;
  return { urn: entityUrn, ...dataset, sql: body.viewLogic, language: typeof body.viewLanguage === 'string' ? body.viewLanguage : undefined };
}
