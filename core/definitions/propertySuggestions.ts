import { closestMatches } from '../urn/suggest';
import { knownPropertyIds } from './lookup';
import type { DefinitionsView, PropertyDefinitionInfo } from './types';

type Definitions = ReadonlyMap<string, PropertyDefinitionInfo>;

/** Distinct unknown ids remembered per set of definitions (a full memo starts again: suggestions are a pure function of id and definitions). */
const REMEMBERED_IDS = 2_048;

/** The known ids of one set of definitions, and the suggestions made against them so far. */
interface Suggestions {
  /** the maps' sizes when the known ids were listed: a map grown or shrunk in place (as a test may) lists them again */
  workspaceSize: number;
  serviceSize: number;
  known: readonly string[];
  byId: Map<string, string[]>;
}

/** By the workspace's definitions, then the service's: the session and the server replace both maps, never change them, when definitions change. */
const suggestionsByDefinitions = new WeakMap<Definitions, WeakMap<Definitions, Suggestions>>();

/**
 * The known property ids closest to `id` (at most three, best first; closestMatches), for the
 * "did you mean" of an unknown property. Remembered per definitions: a workspace whose files
 * assign the same unknown id compares it with the thousands of known ids once, not once per file
 * (a whole workspace's diagnostics at 100,000 files spent most of their time there).
 */
export function suggestedPropertyIds(definitions: DefinitionsView, id: string): string[] {
  let byService = suggestionsByDefinitions.get(definitions.workspace);
  if (!byService) suggestionsByDefinitions.set(definitions.workspace, (byService = new WeakMap()));
  const workspaceSize = definitions.workspace.size;
  const serviceSize = definitions.service.size;
  let suggestions = byService.get(definitions.service);
  if (suggestions?.workspaceSize !== workspaceSize || suggestions.serviceSize !== serviceSize) {
    suggestions = { workspaceSize, serviceSize, known: knownPropertyIds(definitions), byId: new Map() };
    byService.set(definitions.service, suggestions);
  }
  let found = suggestions.byId.get(id);
  if (found === undefined) {
    found = closestMatches(id, suggestions.known, 3);
    if (suggestions.byId.size >= REMEMBERED_IDS) suggestions.byId.clear();
    suggestions.byId.set(id, found);
  }
  // A copy: a caller may change its list.
  return [...found];
}
